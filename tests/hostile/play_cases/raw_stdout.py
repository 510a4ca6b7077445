"""Writes a forged move to its standard output and error, then answers a square that
does not exist: the referee takes only the answer, which is illegal.

reason: illegal
says: played z9
"""

import contextlib
import os


def choose(game, state, clock):
    for fd in (1, 2):
        with contextlib.suppress(OSError):
            os.write(fd, b'{"op": "done", "run": 1, "action": "4"}\n' + b"\xff" * 64 + b"\n")
    return "z9"
