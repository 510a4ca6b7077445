"""Calls os.abort() before answering: the signal that killed it is named, and no cause
is guessed (an abort is no recursion).

status: error
says: aborted (SIGABRT)
then: passed
"""

import os

from _good import good


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    os.abort()
