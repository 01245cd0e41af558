#!/usr/bin/env python3
"""A `vdl selfplay` series as Ray tasks: N tasks each run
`vdl selfplay FILE OPTIONS --shard K/N --out -`; the driver gathers the JSON
lines and prints the merged summary (`vdl selfplay --merge`), the same as one
unsharded run's.

    tools/ray/selfplay.py --shards 8 variants/xiangqi.vdl --games 1000 --depth 2

Everything after FILE is passed to every `vdl selfplay` as it is (give the
same options to every shard: they define the series). --results FILE keeps
the merged JSON lines.
"""

import argparse
import sys

import shards


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    shards.common_arguments(parser)
    parser.add_argument("--results", help="write the merged JSON lines here")
    parser.add_argument("file", help="the variant file")
    parser.add_argument("options", nargs=argparse.REMAINDER, help="vdl selfplay options")
    args = parser.parse_args()
    outputs = shards.run_sharded(parser, args, ["selfplay", *args.options, "--out", "-"])
    extra = ["--out", args.results] if args.results else []
    sys.stdout.write(shards.merge(args.vdl, "selfplay", outputs, extra))


if __name__ == "__main__":
    main()
