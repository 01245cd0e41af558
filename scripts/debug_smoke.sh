#!/usr/bin/env bash
# Debug-profile smoke: builds `vdl` with overflow checks and debug assertions
# on (cargo's default profile), then counts perft 2 of every bundled variant on
# both engines. Each pair must agree, and the games with independent numbers
# must give them: a panic, an overflow or a disagreement fails the script.
# CI runs it (.ci/run); it takes about two minutes.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --quiet --bin vdl
vdl=target/debug/vdl

# Perft 2 from the start position, from independent sources.
declare -A expected=(
  [chess]=400          # chessprogramming.org, "Perft Results"
  [xiangqi]=1920       # Fairy-Stockfish
  [shogi]=900          # Fairy-Stockfish
)

status=0
for file in variants/*.vdl; do
  name=$(basename "$file" .vdl)
  compiled=$("$vdl" perft "$file" 2 --engine compiled 2>/dev/null | tail -1)
  interp=$("$vdl" perft "$file" 2 --engine interp 2>/dev/null | tail -1)
  want=${expected[$name]:-$compiled}
  if [ "$compiled" = "$interp" ] && [ "$compiled" = "$want" ]; then
    echo "ok   $name $compiled"
  else
    echo "FAIL $name: compiled $compiled, interpreter $interp, expected $want"
    status=1
  fi
done
exit $status
