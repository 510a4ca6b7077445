"""Alpha-beta pruning (fail-hard), as the alpha-beta assignment expects it.

Like minimax, but each node carries a window [alpha, beta]: MAX raises alpha, MIN lowers
beta, and a node stops searching its children as soon as its best value reaches the
other side's bound (MAX: best >= beta; MIN: best <= alpha). Children are searched in the
order ``game.actions`` lists them; ties keep the first best action. The value returned by
an inner node is clamped into its window.

Tests with ``prune_on_equality: false`` prune only on a strict inequality; this agent
reads that convention from ``game.prune_on_equality`` when the game offers it.
"""

from __future__ import annotations

import math


def alphabeta(game, state, depth):
    """Return (value for player 0, best action at ``state``)."""
    strict = getattr(game, "prune_on_equality", True) is False
    return _search(game, state, depth, -math.inf, math.inf, strict)


def _search(game, state, depth, alpha, beta, strict):
    if game.is_terminal(state):
        return game.utility(state, 0), None
    if depth == 0:
        return game.evaluate(state, 0), None
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
