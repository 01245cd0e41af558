#!/usr/bin/env python3
"""`vdl perft` as Ray tasks: N tasks each run `vdl perft FILE DEPTH --divide
--shard K/N` (a share of the root's moves); the driver adds them up with
`vdl perft --merge` and prints the total (with --divide, the count below each
root move first), the same as one unsharded run's.

    tools/ray/perft.py --shards 16 variants/chess.vdl 7 --divide

Options after DEPTH (--fen, --moves, --engine) go to every `vdl perft`.
"""

import argparse
import sys

import shards


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    shards.common_arguments(parser)
    parser.add_argument("--divide", action="store_true", help="print the count below each root move first")
    parser.add_argument("file", help="the variant file")
    parser.add_argument("depth", type=int, help="plies")
    parser.add_argument("options", nargs=argparse.REMAINDER, help="vdl perft options")
    args = parser.parse_args()
    outputs = shards.run_sharded(parser, args, ["perft", str(args.depth), "--divide", *args.options])
    extra = ["--divide"] if args.divide else []
    sys.stdout.write(shards.merge(args.vdl, "perft", outputs, extra))


if __name__ == "__main__":
    main()
