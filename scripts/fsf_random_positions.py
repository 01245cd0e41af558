#!/usr/bin/env python3
"""Positions reached by random legal play, as Fairy-Stockfish plays a variant:
from the start, PLIES times a move chosen by random.Random(SEED) among
Fairy-Stockfish's legal moves (its `go perft 1` list, sorted), then the FEN
Fairy-Stockfish prints (`d`). Used to find positions for tests/data/fsf_perft.txt.

Usage:
    python3 scripts/fsf_random_positions.py <variant> <plies> <seed> [<seed> ...]

The engine is $FSF_BIN, else /usr/games/fairy-stockfish.
"""
import os
import random
import subprocess
import sys


def ask(binary, variant, moves, command):
    script = f"uci\nsetoption name UCI_Variant value {variant}\nposition startpos moves {' '.join(moves)}\n{command}\nquit\n"
    out = subprocess.run([binary], input=script, capture_output=True, text=True, timeout=60).stdout
    return out.splitlines()


def legal(binary, variant, moves):
    lines = ask(binary, variant, moves, "go perft 1")
    return sorted(line.split(":")[0] for line in lines if ":" in line and not line.startswith(("Nodes", "info", "option", "id")))


def fen(binary, variant, moves):
    for line in ask(binary, variant, moves, "d"):
        if line.startswith("Fen: "):
            return line[len("Fen: "):]
    raise SystemExit("no Fen line from the engine")


def main():
    if len(sys.argv) < 4:
        raise SystemExit(__doc__)
    binary = os.environ.get("FSF_BIN", "/usr/games/fairy-stockfish")
    variant, plies = sys.argv[1], int(sys.argv[2])
    for seed in map(int, sys.argv[3:]):
        rng, moves = random.Random(seed), []
        for _ in range(plies):
            choices = legal(binary, variant, moves)
            if not choices:
                break
            moves.append(rng.choice(choices))
        print(f"# random play, {len(moves)} plies, seed {seed}: {' '.join(moves)}")
        print(fen(binary, variant, moves))


if __name__ == "__main__":
    main()
