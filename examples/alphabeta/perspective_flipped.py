"""A wrong alpha-beta: MAX and MIN are swapped.

It treats player 1 as the maximiser and player 0 as the minimiser, so it searches for
the wrong side: its value, its action and the nodes it prunes are wrong in nearly every
test (``aima-fig5.2``: value 6 by a2 instead of 3 by a1).
"""

from __future__ import annotations

import math


def alphabeta(game, state, depth):
    """Return (a value, an action) searched from the wrong player's point of view."""
    return _search(game, state, depth, -math.inf, math.inf)


def _search(game, state, depth, alpha, beta):
    if game.is_terminal(state):
        return game.utility(state, 0), None
    if depth == 0:
        return game.evaluate(state, 0), None
    maximizing = game.to_move(state) == 1  # the mistake: player 0 is MAX
    best_value = -math.inf if maximizing else math.inf
    best_action = None
    for action in game.actions(state):
        value, _ = _search(game, game.result(state, action), depth - 1, alpha, beta)
        if maximizing:
            if value > best_value or best_action is None:
                best_value, best_action = value, action
            if best_value >= beta:
                break
            alpha = max(alpha, best_value)
        else:
            if value < best_value or best_action is None:
                best_value, best_action = value, action
            if best_value <= alpha:
                break
            beta = min(beta, best_value)
    return min(max(best_value, alpha), beta), best_action
