"""Leaves a child that moves to its own session and process group, out of reach of a
kill by group, and would rewrite the report later.

status: error
says: left 1 process(es) running
then: passed
needs: isolation
"""

import os
import time

from _good import good


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    if os.fork() == 0:
        os.setsid()
        time.sleep(120)
        os._exit(0)
    time.sleep(0.2)
    return good(game, state, depth)
