"""Sends SIGKILL to every process it can see, then says so.

status: error
says: still here after kill -1
then: passed
needs: isolation
"""

import os
import signal

from _good import good


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    try:
        os.kill(-1, signal.SIGKILL)
    except OSError:
        pass
    raise RuntimeError("still here after kill -1")
