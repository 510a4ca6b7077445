"""A wrong negamax: on a tie the last best action wins, not the first.

Comparing with ``>=`` instead of ``>`` keeps replacing the best action by any later one
of equal value. The value is right; the action is wrong where the root's moves tie
(``first-best-tie``: every move is worth 5, and the answer is the first, a1).
"""

from __future__ import annotations

import math


def negamax(game, state, depth):
    """Return (value for the player to move, best action), ties to the last."""
    color = 1 if game.is_terminal(state) or game.to_move(state) == 0 else -1
    return search(game, state, depth, color)


def search(game, node, depth, color):
    if game.is_terminal(node):
        return color * game.utility(node, 0), None
    if depth == 0:
        return color * game.evaluate(node, 0), None
    best_value, best_action = -math.inf, None
    for action in game.actions(node):
        value, _ = search(game, game.result(node, action), depth - 1, -color)
        if -value >= best_value:  # the mistake: should be >
            best_value, best_action = -value, action
    return best_value, best_action
