"""Returns the right answer but leaves a child process running.

status: error
says: left 1 process(es) running
then: passed
"""

import os
import time

from _good import good


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    if os.fork() == 0:
        time.sleep(60)
        os._exit(0)
    return good(game, state, depth)
