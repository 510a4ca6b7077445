"""Answers right, and leaves its process a umask that lets no one read a file it makes
and a timer slack of four seconds: a later test that writes a file and reads it back, or
sleeps a millisecond, would fail or run out of time. The harness starts afresh after a
run that changed a setting of its process, and the next test (which does both) passes.

status: passed
then: passed
"""

import ctypes
import os
import tempfile
import time

from _good import good

PR_SET_TIMERSLACK = 29


def alphabeta(game, state, depth):
    if depth == 2:
        os.umask(0o777)
        ctypes.CDLL(None).prctl(PR_SET_TIMERSLACK, ctypes.c_ulong(4_000_000_000), 0, 0, 0)
    else:
        path = os.path.join(tempfile.gettempdir(), "cache.txt")
        with open(path, "w") as f:
            f.write("kept")
        with open(path) as f:
            f.read()
        os.remove(path)
        for _ in range(5):
            time.sleep(0.001)
    return good(game, state, depth)
