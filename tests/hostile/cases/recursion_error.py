"""Recurses without end.

status: error
says: RecursionError
then: passed
"""

from _good import good


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    return alphabeta(game, state, depth + 0) if depth == 2 else None
