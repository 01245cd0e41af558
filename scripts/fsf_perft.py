#!/usr/bin/env python3
"""Run a perft with the Fairy-Stockfish binary and report nodes, wall time and nps.

Usage:
    python3 scripts/fsf_perft.py <variant> "<fen>|startpos" <depth> [--divide]

Example:
    python3 scripts/fsf_perft.py xiangqi startpos 5
    python3 scripts/fsf_perft.py shogi "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1" 4

The engine is located via $FSF_BIN, then `fairy-stockfish` on $PATH, then
/usr/games/fairy-stockfish (where the Debian/Ubuntu package installs it; /usr/games
is often not on PATH).  Exit status 3 if no binary is found.

Only the `go perft N` command is timed (engine start-up, variant selection and
position setup are excluded).  The last line of output is always
    nodes=<N> seconds=<S> nps=<NPS>
With --divide the engine's per-move counts are printed first.
"""
import os
import re
import shutil
import subprocess
import sys
import time

CANDIDATES = ["/usr/games/fairy-stockfish", "/usr/local/bin/fairy-stockfish"]


def find_binary():
    env = os.environ.get("FSF_BIN")
    if env:
        return env if (os.path.isfile(env) and os.access(env, os.X_OK)) else None
    found = shutil.which("fairy-stockfish")
    if found:
        return found
    for c in CANDIDATES:
        if os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    return None


def main(argv):
    args = [a for a in argv[1:] if a != "--divide"]
    divide = "--divide" in argv[1:]
    if len(args) != 3:
        sys.stderr.write(__doc__)
        return 2
    variant, fen, depth_s = args
    try:
        depth = int(depth_s)
    except ValueError:
        sys.stderr.write("depth must be an integer\n")
        return 2

    binary = find_binary()
    if binary is None:
        sys.stderr.write(
            "fairy-stockfish not found (set FSF_BIN, or install it: "
            "apt-get install -y fairy-stockfish  -> /usr/games/fairy-stockfish)\n")
        return 3

    proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, bufsize=1)

    def send(cmd):
        proc.stdin.write(cmd + "\n")
        proc.stdin.flush()

    def read_until(pred, what):
        lines = []
        while True:
            line = proc.stdout.readline()
            if not line:
                raise RuntimeError("engine exited while waiting for " + what +
                                   "; output so far:\n" + "".join(lines[-20:]))
            lines.append(line)
            if pred(line):
                return lines

    try:
        send("uci")
        uci_lines = read_until(lambda l: l.strip() == "uciok", "uciok")
        name = next((l.strip()[len("id name "):] for l in uci_lines if l.startswith("id name ")), "?")
        variants_line = next((l for l in uci_lines if "name UCI_Variant " in l), "")
        if variants_line and (" var " + variant + " ") not in (variants_line.rstrip("\n") + " "):
            sys.stderr.write("variant %r not supported by %s\n" % (variant, name))
            send("quit")
            proc.wait(timeout=10)
            return 2
        send("setoption name UCI_Variant value " + variant)
        if fen == "startpos":
            send("position startpos")
        else:
            send("position fen " + fen)
        send("isready")
        read_until(lambda l: l.strip() == "readyok", "readyok")

        t0 = time.perf_counter()
        send("go perft %d" % depth)
        out = read_until(lambda l: l.startswith("Nodes searched"), "perft result")
        t1 = time.perf_counter()
        send("quit")
        proc.wait(timeout=10)
    except Exception as e:  # engine crash (e.g. malformed FEN) or pipe error
        if proc.poll() is None:
            proc.kill()
        sys.stderr.write("error: %s\n" % e)
        return 1

    nodes = int(re.search(r"Nodes searched:\s*(\d+)", out[-1]).group(1))
    secs = t1 - t0
    nps = int(nodes / secs) if secs > 0 else 0
    if divide:
        for l in out[:-1]:
            if re.match(r"^\S+: \d+$", l.strip()):
                print(l.strip())
    if nodes == 0:
        sys.stderr.write("warning: 0 nodes (mate/stalemate, or a FEN the engine could not parse: "
                         "Fairy-Stockfish does not reject malformed FENs)\n")
    print("engine=%s variant=%s depth=%d" % (name, variant, depth))
    print("nodes=%d seconds=%.3f nps=%d" % (nodes, secs, nps))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
