#!/usr/bin/env python3
"""Makes games by correspondence that wait for Ada_L's move on a Parlour server, through the
engine protocol (`parlour-engine connect`), for the gallery's "your move" pictures; prints the
account line `Ada_L <secret>` for the client's list of online games.

    scripts/your-move-games.py ENGINE SERVER_URL
"""
import subprocess
import sys
import time


def start(engine, server):
    return subprocess.Popen([engine, "connect", "--server", server], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, bufsize=1)


def send(p, line):
    p.stdin.write(line + "\n")
    p.stdin.flush()


def read(p):
    lines = []
    while True:
        line = p.stdout.readline()
        if line == "":
            raise SystemExit("the engine stopped")
        line = line.rstrip("\n")
        if line == "" and lines:
            return lines
        if line:
            lines.append(line)


def cmd(p, line):
    send(p, line)
    reply = read(p)
    if not reply[0].startswith("="):
        raise SystemExit(f"{line!r}: {reply}")
    return reply


def meet(seeker, taker, seek):
    """`seeker` posts `seek`, `taker` accepts it; both sessions are then seated."""
    send(seeker, seek)
    for _ in range(50):
        seeks = cmd(taker, "online seeks")
        ids = [l.removeprefix("= ").split()[0] for l in seeks if l.removeprefix("= ").strip()]
        if ids:
            cmd(taker, f"online accept {ids[-1]}")
            break
        time.sleep(0.2)
    reply = read(seeker)
    if not reply[0].startswith("="):
        raise SystemExit(f"{seek!r}: {reply}")


def main():
    engine, server = sys.argv[1], sys.argv[2]
    ada, bob, cyd = (start(engine, server) for _ in range(3))
    secret = cmd(ada, "online account new Ada_L")[0].split()[2]
    cmd(bob, "online account new Bob_K")
    cmd(cyd, "online account new Cyd_M")
    # Ada moves first in a Kōnane game of three days a move.
    meet(ada, bob, "online seek konane size=6x6 days=3 side=first")
    # A session follows one game: Ada signs in again for each of the others, and so does Bob.
    ada2, ada3, bob2 = (start(engine, server) for _ in range(3))
    for p in (ada2, ada3):
        cmd(p, f"online account login Ada_L {secret}")
    # Cyd opens a ConHex game of one day a move; Ada answers next.
    meet(cyd, ada2, "online seek conhex days=1 side=first")
    first = cmd(cyd, "legal")[0].removeprefix("= ").split()[0]
    cmd(cyd, f"play {first}")
    # Bob opens a Kansho game of a week a move (from a new session); Ada's turn again.
    cmd(bob2, "online account new Bob_2")
    meet(bob2, ada3, "online seek kansho days=7 side=first")
    first = cmd(bob2, "legal")[0].removeprefix("= ").split()[0]
    cmd(bob2, f"play {first}")
    print(f"Ada_L {secret}")
    for p in (ada, ada2, ada3, bob, bob2, cyd):
        send(p, "quit")


main()
