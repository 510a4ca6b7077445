"""Divides by zero at a leaf, deep in the search.

status: error
says: ZeroDivisionError
then: passed
"""

from _good import good


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    return search(game, state, depth)


def search(game, state, depth):
    if depth == 0:
        return 1 / 0, None
    return search(game, game.result(state, game.actions(state)[0]), depth - 1)
