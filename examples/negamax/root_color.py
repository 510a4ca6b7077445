"""A wrong negamax: the search always starts with color +1, as if MAX moved at the root.

Where MIN moves first (``min-at-root``), every node then gets the other player's color:
MIN maximises MAX's payoff and the other way round. Trees with MAX at the root pass.
"""

from __future__ import annotations

import math


def negamax(game, state, depth):
    """Return (value for the player to move, best action), starting with color +1."""
    return search(game, state, depth, 1)  # the mistake: -1 when MIN moves at the root


def search(game, node, depth, color):
    if game.is_terminal(node):
        return color * game.utility(node, 0), None
    if depth == 0:
        return color * game.evaluate(node, 0), None
    best_value, best_action = -math.inf, None
    for action in game.actions(node):
        value, _ = search(game, game.result(node, action), depth - 1, -color)
        if -value > best_value:
            best_value, best_action = -value, action
    return best_value, best_action
