#!/usr/bin/env python3
"""vdl's chess against python-chess, an independent chess library.

1. Move generation: along random games, at every ply, vdl's legal moves
   (`vdl moves --fen`) must be exactly python-chess's (castling, en passant and
   promotions included), and vdl's position string must be python-chess's FEN.
2. SAN: along random games from the start and from positions made to need
   every kind of disambiguation (several Queens, Knights and Rooks, promotions
   on both sides), vdl's SAN of every legal move (`vdl moves --san`) must be
   exactly python-chess's, and vdl must read the game back from its SAN
   (`vdl show --moves`) to python-chess's position.
3. UCI: python-chess drives `vdl uci` as an engine (chess.engine): it plays
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


# Positions where SAN needs a file, a rank or a whole square to tell pieces
# apart, and promotions with and without capture, with check and mate.
SAN_STARTS = [
    chess.STARTING_FEN,
    "Q3Q3/8/7k/8/Q3Q3/8/8/K7 w - - 0 1",
    "1k6/8/8/8/N3N3/8/8/N3N2K w - - 0 1",
    "R6R/8/8/2k5/8/8/8/R3K2R w KQ - 0 1",
    "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1",
    "3k4/1P1P1P2/8/8/8/8/1p1p1p2/3K4 w - - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
]


def vdl_sans(fen):
    out = subprocess.run([vdl, "moves", variant, "--fen", fen, "--san"], check=True, capture_output=True, text=True).stdout
    return sorted(out.split())


def vdl_fen_after(fen, moves):
    out = subprocess.run([vdl, "show", variant, "--fen", fen, "--moves", " ".join(moves)], check=True, capture_output=True, text=True).stdout
    return [line for line in out.strip().splitlines() if not line.startswith("game over")][-1]


def check_san(plies, seed):
    rng = random.Random(seed)
    checked = 0
    for start in SAN_STARTS:
        board = chess.Board(start)
        played = []
        for _ in range(plies):
            if board.is_game_over(claim_draw=False):
                break
            fen = board.fen(en_passant="fen")
            expected = sorted(board.san(m) for m in board.legal_moves)
            got = vdl_sans(fen)
            if got != expected:
                sys.exit(f"SAN differs at {fen}:\n  python-chess only: {sorted(set(expected) - set(got))}\n  vdl only: {sorted(set(got) - set(expected))}")
            checked += 1
            move = rng.choice(list(board.legal_moves))
            played.append(board.san(move))
            board.push(move)
        got = vdl_fen_after(start, played)
        if got != board.fen(en_passant="fen"):
            sys.exit(f"vdl read {' '.join(played)} from {start} as {got}, python-chess as {board.fen(en_passant='fen')}")
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


def check_multipv(lines):
    """`analyse(..., multipv=n)` gives n distinct legal lines, best first,
    with the info fields GUIs show."""
    engine = chess.engine.SimpleEngine.popen_uci([vdl, "uci"])
    try:
        board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
        infos = engine.analyse(board, chess.engine.Limit(depth=4), multipv=lines)
        if len(infos) != lines:
            sys.exit(f"asked for {lines} lines, got {len(infos)}: {infos}")
        firsts = [info["pv"][0] for info in infos]
        if len(set(firsts)) != lines or any(move not in board.legal_moves for move in firsts):
            sys.exit(f"the lines do not start with distinct legal moves: {firsts}")
        scores = [info["score"].white().score(mate_score=100000) for info in infos]
        if scores != sorted(scores, reverse=True):
            sys.exit(f"the lines are not best first: {scores}")
        for field in ("seldepth", "nps", "hashfull", "multipv"):
            if any(field not in info for info in infos):
                sys.exit(f"no {field} in the analysis: {infos}")
    finally:
        engine.quit()
    return lines


if __name__ == "__main__":
    positions = check_move_generation(games=6, plies=80, seed=11)
    sans = sum(check_san(plies=120, seed=seed) for seed in range(4))
    played = check_uci_game(moves=30)
    lines = check_multipv(lines=3)
    print(f"ok: {positions} positions agree with python-chess; SAN agrees in {sans} positions; {played} moves played over UCI; "
          f"MultiPV gave {lines} lines")
