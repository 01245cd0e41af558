"""Runs the shards of a vdl command as Ray tasks (shared by selfplay.py and perft.py).

Each task writes the variant file's text to a temporary file on its machine,
runs `vdl ... --shard K/N` there and returns what it printed on standard
output. Ray only places the tasks; which games or subtrees are whose is vdl's
`--shard` rule, so the result is the same as one unsharded run.
"""

import os
import subprocess
import tempfile

import ray


def connect(address, local_cpus):
    """Joins the cluster at `address`, or starts a local one on loopback."""
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    if address:
        ray.init(address=address)
    else:
        ray.init(
            num_cpus=local_cpus,
            include_dashboard=False,
            _node_ip_address="127.0.0.1",
            log_to_driver=False,
        )


@ray.remote
def run_shard(vdl, variant_name, variant_text, command, index, count):
    """Runs `vdl COMMAND[0] FILE COMMAND[1:] --shard INDEX/COUNT`; returns its stdout."""
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, variant_name)
        with open(path, "w", encoding="utf-8") as file:
            file.write(variant_text)
        argv = [vdl, command[0], path, *command[1:], "--shard", f"{index}/{count}"]
        done = subprocess.run(argv, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"shard {index}/{count}: {' '.join(argv)} failed ({done.returncode}): {done.stderr}")
        return done.stdout


def run_all(vdl, variant, command, count):
    """The stdout of every shard, in the order of their index."""
    with open(variant, encoding="utf-8") as file:
        text = file.read()
    if os.sep in vdl:
        vdl = os.path.abspath(vdl)  # the tasks run in other directories
    name = os.path.basename(variant)
    tasks = [run_shard.remote(vdl, name, text, command, k, count) for k in range(count)]
    return ray.get(tasks)


def run_sharded(parser, args, command):
    """Runs `vdl COMMAND` on `args.file` as `args.shards` Ray tasks (on the
    cluster at `args.address`, or a local one) and returns their outputs;
    the cluster is left when they are done."""
    if args.shards < 1:
        parser.error("--shards must be at least 1")
    connect(args.address, args.local_cpus)
    try:
        return run_all(args.vdl, args.file, command, args.shards)
    finally:
        ray.shutdown()


def merge(vdl, subcommand, outputs, extra=()):
    """Writes each shard's output to a file and runs `vdl SUBCOMMAND --merge` on them; returns its stdout."""
    with tempfile.TemporaryDirectory() as directory:
        paths = []
        for k, output in enumerate(outputs):
            path = os.path.join(directory, f"shard{k}")
            with open(path, "w", encoding="utf-8") as file:
                file.write(output)
            paths.append(path)
        argv = [vdl, subcommand, *extra, "--merge", *paths]
        done = subprocess.run(argv, capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr}")
        return done.stdout


def common_arguments(parser):
    parser.add_argument("--shards", type=int, required=True, help="how many Ray tasks (shares) to run")
    parser.add_argument("--vdl", default="vdl", help="the vdl program on every machine (default: vdl on PATH)")
    parser.add_argument("--address", help="a Ray cluster to join (default: start a local one on loopback)")
    parser.add_argument("--local-cpus", type=int, default=os.cpu_count(), help="CPUs of the local cluster")
