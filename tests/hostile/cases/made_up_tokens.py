"""Asks the game about a state it made up.

status: error
says: not a state the game handed out
then: passed
"""

from _good import good


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    return good(game, "s0123456789ab", depth)
