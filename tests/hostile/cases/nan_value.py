"""Returns NaN as the value.

status: error
says: not a number
then: passed
"""

from _good import good


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    return float("nan"), "a1"
