"""A wrong negamax: the sign slip. A child's value is taken as it is, not negated.

The child is valued for the other player, so every node ends up choosing the move that
is best for its opponent. The searched nodes are the right ones; only the root's value
and move are wrong. The report names the slip.
"""

from __future__ import annotations

import math


def negamax(game, state, depth):
    """Return (value for the player to move, best action), children not negated."""
    color = 1 if game.is_terminal(state) or game.to_move(state) == 0 else -1
    return search(game, state, depth, color)


def search(game, node, depth, color):
    if game.is_terminal(node):
        return color * game.utility(node, 0), None
    if depth == 0:
        return color * game.evaluate(node, 0), None
    best_value, best_action = -math.inf, None
    for action in game.actions(node):
        value, _ = search(game, game.result(node, action), depth - 1, -color)  # the mistake:
        if value > best_value:  # value should be negated first
            best_value, best_action = value, action
    return best_value, best_action
