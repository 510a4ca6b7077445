"""A typical mistake: the player to move is taken from the depth, x at the root.

On a position where o is to move, the root is searched as if x moved there: o picks its
best reply as MAX would. Every position where x moves at the root is searched right.
"""

from __future__ import annotations

import math


def minimax(game, state, depth):
    return _search(game, state, depth, True)


def _search(game, state, depth, maximizing):
    if game.is_terminal(state):
        return game.utility(state, 0), None
    if depth == 0:
        return game.evaluate(state, 0), None
    best, move = (-math.inf if maximizing else math.inf), None
    for action in game.actions(state):
        value, _ = _search(game, game.result(state, action), depth - 1, not maximizing)
        if (value > best) if maximizing else (value < best):
            best, move = value, action
    return best, move
