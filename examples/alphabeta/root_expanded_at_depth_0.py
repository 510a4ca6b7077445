"""A wrong alpha-beta in the ``getAction`` form: the root is searched even at depth 0.

The root always loops over its moves and searches each child with ``depth - 1``; the
depth test lives only in the recursive search, as ``depth <= 0``. At depth 0 it
evaluates the root's children and returns a move, where depth 0 means: evaluate the
root itself and return the action None. At every other depth it is correct alpha-beta.
"""

from __future__ import annotations

import math


def alphabeta(game, state, depth):
    """Return (value for player 0, best action at ``state``)."""
    strict = getattr(game, "prune_on_equality", True) is False
    if game.is_terminal(state):
        return game.utility(state, 0), None
    return _children(game, state, depth, -math.inf, math.inf, strict)  # the mistake


def _search(game, state, depth, alpha, beta, strict):
    if game.is_terminal(state):
        return game.utility(state, 0), None
    if depth <= 0:
        return game.evaluate(state, 0), None
    return _children(game, state, depth, alpha, beta, strict)


def _children(game, state, depth, alpha, beta, strict):
    maximizing = game.to_move(state) == 0
    best_value = -math.inf if maximizing else math.inf
    best_action = None
    for action in game.actions(state):
        value, _ = _search(game, game.result(state, action), depth - 1, alpha, beta, strict)
        if maximizing:
            if value > best_value or best_action is None:
                best_value, best_action = value, action
            if best_value > beta if strict else best_value >= beta:
                break
            alpha = max(alpha, best_value)
        else:
            if value < best_value or best_action is None:
                best_value, best_action = value, action
            if best_value < alpha if strict else best_value <= alpha:
                break
            beta = min(beta, best_value)
    return min(max(best_value, alpha), beta), best_action
