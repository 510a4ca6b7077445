"""A wrong alpha-beta: it prunes only on a strict inequality.

It cuts off when ``best > beta`` (MAX) or ``best < alpha`` (MIN), where the assignment
wants ``>=`` and ``<=``: on ties with a bound it searches children that alpha-beta
prunes. It differs only on trees with such ties (``equality-prunes``, ``root-ties``);
on the tests with ``prune_on_equality: false`` its rule is the convention, and they pass.
"""

from __future__ import annotations

import math


def alphabeta(game, state, depth):
    """Return (value for player 0, best action), pruning only on strict inequality."""
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
            if best_value > beta:  # the mistake: should be >=
                break
            alpha = max(alpha, best_value)
        else:
            if value < best_value or best_action is None:
                best_value, best_action = value, action
            if best_value < alpha:  # the mistake: should be <=
                break
            beta = min(beta, best_value)
    return min(max(best_value, alpha), beta), best_action
