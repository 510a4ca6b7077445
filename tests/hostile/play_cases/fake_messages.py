"""Writes a forged answer on every descriptor it holds, the grader's pipe included.

reason: garbage
says: broke the protocol
"""

import contextlib
import json
import os

from _first import first

runs = [0]


def choose(game, state, clock):
    runs[0] += 1
    fake = json.dumps({"op": "done", "run": runs[0] + 1, "action": "9"}).encode() + b"\n"
    try:
        fds = sorted(int(name) for name in os.listdir("/proc/self/fd"))
    except OSError:
        fds = list(range(256))
    for fd in fds:
        with contextlib.suppress(OSError):
            os.write(fd, fake)
    return first(game, state)
