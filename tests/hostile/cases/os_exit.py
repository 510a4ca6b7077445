"""Calls os._exit(0) before answering.

status: error
says: exited with code 0
then: passed
"""

import os

from _good import good


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    os._exit(0)
