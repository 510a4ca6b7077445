"""Kills its parent process.

status: error
says: still here, my parent too
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
        os.kill(os.getppid(), signal.SIGKILL)
    except OSError as exc:
        raise RuntimeError(f"still here, my parent too: {exc}") from None
    raise RuntimeError("still here, my parent too")
