#!/usr/bin/env bash
# Instructions executed by one perft, as valgrind's callgrind counts them:
# the same number on every run, so that two builds, or the two engines, can
# be compared on a machine whose timings are noisy (see docs/performance.md).
#
# Usage:
#     scripts/perft_instructions.sh VDL_BINARY VARIANT DEPTH [compiled|interp]
#
# Example:
#     scripts/perft_instructions.sh target/release/vdl variants/shatranj.vdl 5 interp
#
# Prints `instructions=N`: the count of `vdl perft VARIANT DEPTH` less that
# of `vdl perft VARIANT 1`, so that loading the game (reading the IR,
# building the move plan) is left out. Needs valgrind (`apt-get install
# valgrind`). Compare the engines at the same depth: the share of the last
# ply, counted in bulk, changes with it.
set -euo pipefail

if [ $# -lt 3 ]; then
    sed -n '2,/^set/p' "$0" | sed '$d; s/^# \{0,1\}//'
    exit 2
fi
binary=$1 variant=$2 depth=$3 engine=${4:-compiled}

count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" perft "$variant" "$1" --engine "$engine" 2>&1 >/dev/null |
        sed -n 's/.*refs: *//p' | tr -d ,
}

echo "instructions=$(($(count "$depth") - $(count 1)))"
