#!/usr/bin/env python3
"""vdl's chess against python-chess, an independent chess library.

1. Move generation: along random games, at every ply, vdl's legal moves
   (`vdl moves --fen`) must be exactly python-chess's (castling, en passant and
   promotions included), and vdl's position string must be python-chess's FEN.
2. UCI: python-chess drives `vdl uci` as an engine (chess.engine): it plays
   a game against itself; every move it returns must be legal in python-chess.

Usage: check_chess.py VDL_BINARY VARIANT_FILE
"""
import random
import subprocess
import sys

import chess
import chess.engine

vdl, variant = sys.argv[1], sys.argv[2]


def vdl_moves(fen):
    out = subprocess.run([vdl, "moves", variant, "--fen", fen], check=True, capture_output=True, text=True).stdout
    return sorted(line.strip().replace("-", "") for line in out.split() if line.strip())


def normalise(vdl_move):
    # vdl writes a promotion as FROM-TO=X (the dash already gone); UCI's form
    # is the lower-case letter.
    if "=" in vdl_move:
        body, piece = vdl_move.split("=")
        return body + piece.lower()
    return vdl_move


def check_move_generation(games, plies, seed):
    rng = random.Random(seed)
    checked = 0
    for _ in range(games):
        board = chess.Board()
        for _ in range(plies):
            if board.is_game_over(claim_draw=False):
                break
            fen = board.fen(en_passant="fen")
            expected = sorted(m.uci() for m in board.legal_moves)
            got = sorted(normalise(m) for m in vdl_moves(fen))
            if got != expected:
                sys.exit(f"moves differ at {fen}:\n  python-chess only: {sorted(set(expected) - set(got))}\n  vdl only: {sorted(set(got) - set(expected))}")
            checked += 1
            board.push(rng.choice(list(board.legal_moves)))
    return checked


def check_uci_game(moves):
    # python-chess sets the engine's UCI_Variant option to `chess` itself.
    engine = chess.engine.SimpleEngine.popen_uci([vdl, "uci"])
    try:
        board = chess.Board()
        for _ in range(moves):
            if board.is_game_over():
                break
            result = engine.play(board, chess.engine.Limit(depth=2))
            if result.move not in board.legal_moves:
                sys.exit(f"vdl uci played {result.move} in {board.fen()}, which is not legal")
            board.push(result.move)
        info = engine.analyse(board, chess.engine.Limit(depth=2))
        if "score" not in info:
            sys.exit(f"no score in the analysis: {info}")
        return len(board.move_stack)
    finally:
        engine.quit()


if __name__ == "__main__":
    positions = check_move_generation(games=6, plies=80, seed=11)
    played = check_uci_game(moves=30)
    print(f"ok: {positions} positions agree with python-chess; {played} moves played over UCI")
