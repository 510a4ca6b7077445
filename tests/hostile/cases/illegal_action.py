"""Returns an action the root does not have.

status: error
says: not legal at the root
then: passed
"""

from _good import good


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    return 3, "a9"
