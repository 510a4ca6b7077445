"""A wrong alpha-beta: the root forgets what it has learnt.

The root searches each child with a fresh window (-inf, +inf) instead of passing on the
alpha raised by the children before it, so nothing below the root's first child is ever
pruned against the root's best. Value and action are right; the nodes it expands and
evaluates are not, wherever the root's best should cut a later child short (``aima-fig5.2``:
C2 is searched after C1 = 2). ``worst-order``, where nothing is pruned, passes.
"""

from __future__ import annotations

import math


def alphabeta(game, state, depth):
    """Return (value for player 0, best action), resetting alpha for each root child."""
    if game.is_terminal(state):
        return game.utility(state, 0), None
    if depth == 0:
        return game.evaluate(state, 0), None
    maximizing = game.to_move(state) == 0
    best_value, best_action = None, None
    for action in game.actions(state):
        # the mistake: the window should be (best so far, +inf) for MAX
        value = _search(game, game.result(state, action), depth - 1, -math.inf, math.inf)
        if best_value is None or (value > best_value if maximizing else value < best_value):
            best_value, best_action = value, action
    return best_value, best_action


def _search(game, state, depth, alpha, beta):
    if game.is_terminal(state):
        return game.utility(state, 0)
    if depth == 0:
        return game.evaluate(state, 0)
    maximizing = game.to_move(state) == 0
    best = -math.inf if maximizing else math.inf
    for action in game.actions(state):
        value = _search(game, game.result(state, action), depth - 1, alpha, beta)
        if maximizing:
            best = max(best, value)
            if best >= beta:
                break
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            if best <= alpha:
                break
            beta = min(beta, best)
    return min(max(best, alpha), beta)
