"""Returns an object that cannot be sent.

status: error
says: values are numbers
then: passed
"""

from _good import good


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    return 3, object()
