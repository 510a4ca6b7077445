"""A wrong alpha-beta: it never prunes.

It keeps the window but never stops early, so it searches every child like plain
minimax. Its value and action are right; the nodes it expands and evaluates, and its
prune count, are not: it shows in every test where alpha-beta prunes, starting with
``aima-fig5.2`` (C2 and C3 are searched after C1 = 2); ``worst-order`` passes. The
feedback names the first child it should have pruned.
"""

from __future__ import annotations

import math


def alphabeta(game, state, depth):
    """Return (value for player 0, best action), searching every child."""
    return _search(game, state, depth, -math.inf, math.inf)


def _search(game, state, depth, alpha, beta):
    if game.is_terminal(state):
        return game.utility(state, 0), None
    if depth == 0:
        return game.evaluate(state, 0), None
    maximizing = game.to_move(state) == 0
    best_value = -math.inf if maximizing else math.inf
    best_action = None
    for action in game.actions(state):
        value, _ = _search(game, game.result(state, action), depth - 1, alpha, beta)
        if maximizing:
            if value > best_value or best_action is None:
                best_value, best_action = value, action
            alpha = max(alpha, best_value)  # the mistake: no cut-off test
        else:
            if value < best_value or best_action is None:
                best_value, best_action = value, action
            beta = min(beta, best_value)
    return best_value, best_action
