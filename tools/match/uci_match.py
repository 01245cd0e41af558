#!/usr/bin/env python3
"""A match between two UCI engines, every move checked by an independent referee.

    tools/match/uci_match.py --a "target/release/vdl uci" \
        --b /usr/games/fairy-stockfish --b-option UCI_LimitStrength=true \
        --b-option UCI_Elo=2000 --variant chess --games 20 --tc 5+0.05

The referee is python-chess for chess (legal moves, checkmate, stalemate,
threefold repetition, the fifty-move rule) and, for any other variant, a
Fairy-Stockfish process (`--referee`): its `go perft 1` lists the legal moves
and `d` tells whether the side to move is in check. With that referee a
position seen three times is a draw, and so is a game longer than
`--max-plies`; a side without moves loses if in check and otherwise as
`--stalemate` says.

Games come in pairs: each opening (`--openings K` random legal plies from
`--seed`) is played once with each engine moving first. Clocks are kept here:
an engine that overruns its time loses. Prints each game and the score of
`--a` with a 95 % interval (Wilson, on points).
"""

import argparse
import math
import random
import shlex
import subprocess
import sys
import time


class Uci:
    """A UCI engine over pipes."""

    def __init__(self, command, options, variant):
        self.name = command
        self.proc = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        self.send(f"setoption name UCI_Variant value {variant}")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.ready()

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read(self):
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"{self.name} ended")
        return line.strip()

    def wait_for(self, word):
        lines = []
        while True:
            line = self.read()
            lines.append(line)
            if line.split()[:1] == [word]:
                return lines

    def ready(self):
        self.send("isready")
        self.wait_for("readyok")

    def new_game(self):
        self.send("ucinewgame")
        self.ready()

    def best_move(self, moves, clocks, increment):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        ms = [max(1, int(c * 1000)) for c in clocks]
        inc = int(increment * 1000)
        self.send(f"go wtime {ms[0]} btime {ms[1]} winc {inc} binc {inc}")
        return self.wait_for("bestmove")[-1].split()[1]

    def quit(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()


class ChessReferee:
    """python-chess judges chess."""

    def __init__(self, _args):
        import chess
        self.chess = chess

    def start(self):
        self.board = self.chess.Board()

    def legal(self):
        return {m.uci() for m in self.board.legal_moves}

    def play(self, move):
        self.board.push_uci(move)

    def result(self, _plies, _max_plies):
        """None while the game goes on; else (points of the first player, reason)."""
        outcome = self.board.outcome(claim_draw=True)
        if outcome is None:
            return None
        points = {True: 1.0, False: 0.0, None: 0.5}[outcome.winner]
        return points, outcome.termination.name.lower()

    def close(self):
        pass


class FairyReferee:
    """A Fairy-Stockfish process judges any variant it knows."""

    def __init__(self, args):
        self.engine = Uci(args.referee, [], args.variant)
        self.stalemate = args.stalemate

    def start(self):
        self.moves = []
        self.seen = {}
        self._update()

    def _update(self):
        self.engine.send("position startpos" + (" moves " + " ".join(self.moves) if self.moves else ""))
        self.engine.send("go perft 1")
        lines = self.engine.wait_for("Nodes")
        self.moves_now = {line.split(":")[0] for line in lines if ":" in line and not line.startswith("Nodes")}
        self.engine.send("d")
        lines = self.engine.wait_for("Checkers:")
        fen = next(line[5:].strip() for line in lines if line.startswith("Fen:"))
        self.in_check = lines[-1].split(":")[1].strip() != ""
        key = " ".join(fen.split()[:-2])
        self.seen[key] = self.seen.get(key, 0) + 1
        self.repeated = self.seen[key] >= 3

    def legal(self):
        return self.moves_now

    def play(self, move):
        self.moves.append(move)
        self._update()

    def result(self, plies, max_plies):
        mover_first = len(self.moves) % 2 == 0
        if not self.moves_now:
            if self.in_check or self.stalemate == "loss":
                return (0.0 if mover_first else 1.0), "checkmate" if self.in_check else "stalemate"
            return 0.5, "stalemate"
        if self.repeated:
            return 0.5, "repetition"
        if plies >= max_plies:
            return 0.5, "ply_limit"
        return None

    def close(self):
        self.engine.quit()


def play_game(referee, first, second, opening, tc, max_plies):
    """Returns (points of `first`, reason, moves)."""
    base, increment = tc
    clocks = [base, base]
    engines = [first, second]
    referee.start()
    moves = []
    for move in opening:
        referee.play(move)
        moves.append(move)
    for engine in engines:
        engine.new_game()
    while True:
        verdict = referee.result(len(moves), max_plies)
        if verdict is not None:
            return verdict[0], verdict[1], moves
        side = len(moves) % 2
        started = time.monotonic()
        move = engines[side].best_move(moves, clocks, increment)
        clocks[side] -= time.monotonic() - started
        if clocks[side] < 0:
            return (0.0 if side == 0 else 1.0), "time", moves
        clocks[side] += increment
        if move not in referee.legal():
            return (0.0 if side == 0 else 1.0), f"illegal move {move}", moves
        referee.play(move)
        moves.append(move)


def random_opening(referee, plies, rng):
    referee.start()
    moves = []
    for _ in range(plies):
        legal = sorted(referee.legal())
        if not legal:
            break
        move = rng.choice(legal)
        referee.play(move)
        moves.append(move)
    return moves


def wilson(points, games, z=1.96):
    if games == 0:
        return 0.0, 1.0
    p = points / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def options(pairs):
    return [tuple(pair.split("=", 1)) for pair in pairs]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--a", required=True, help="the engine measured (a command)")
    parser.add_argument("--b", required=True, help="its opponent (a command)")
    parser.add_argument("--a-option", action="append", default=[], help="NAME=VALUE, sent with setoption")
    parser.add_argument("--b-option", action="append", default=[])
    parser.add_argument("--variant", default="chess")
    parser.add_argument("--games", type=int, default=10, help="games (rounded up to pairs)")
    parser.add_argument("--tc", default="5+0.05", help="seconds per game + increment per move")
    parser.add_argument("--openings", type=int, default=2, help="random plies before the engines play")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-plies", type=int, default=400)
    parser.add_argument("--referee", default="/usr/games/fairy-stockfish", help="Fairy-Stockfish, for variants other than chess")
    parser.add_argument("--stalemate", choices=["draw", "loss"], default="draw", help="a side without moves, not in check")
    args = parser.parse_args()
    base, increment = (float(x) for x in args.tc.split("+"))
    referee = ChessReferee(args) if args.variant == "chess" else FairyReferee(args)
    a = Uci(args.a, options(args.a_option), args.variant)
    b = Uci(args.b, options(args.b_option), args.variant)
    rng = random.Random(args.seed)
    points = 0.0
    played = 0
    tally = {}
    try:
        while played < args.games:
            opening = random_opening(referee, args.openings, rng)
            for a_first in (True, False):
                first, second = (a, b) if a_first else (b, a)
                result, reason, moves = play_game(referee, first, second, opening, (base, increment), args.max_plies)
                a_points = result if a_first else 1.0 - result
                points += a_points
                played += 1
                tally[reason] = tally.get(reason, 0) + 1
                print(f"game {played}: a {'first' if a_first else 'second'}, a scores {a_points} ({reason}, {len(moves)} plies)",
                      flush=True)
    finally:
        a.quit()
        b.quit()
        referee.close()
    low, high = wilson(points, played)
    print(f"a scored {points}/{played} = {100 * points / played:.1f} % (95 %: {100 * low:.1f}-{100 * high:.1f} %); "
          f"endings {tally}")


if __name__ == "__main__":
    sys.exit(main())
