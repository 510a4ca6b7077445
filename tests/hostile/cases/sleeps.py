"""Sleeps past the time limit.

status: timeout
says: time limit
then: passed
"""

import time

from _good import good


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    time.sleep(60)
    return good(game, state, depth)
