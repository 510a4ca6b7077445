"""Calls sys.exit(0) before answering.

status: error
says: SystemExit
then: passed
"""

import sys

from _good import good


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    sys.exit(0)
