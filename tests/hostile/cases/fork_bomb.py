"""Forks until the process limit refuses; every child stays alive.

status: error
says: BlockingIOError
then: passed
needs: isolation
"""

import os
import time

from _good import good


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    while True:
        if os.fork() == 0:
            time.sleep(3600)
            os._exit(0)
