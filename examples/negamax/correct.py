"""Negamax as the lecture notes write it, as the negamax assignment expects it.

A node is valued for its player to move: ``color`` is +1 when MAX (player 0) moves and -1
when MIN does. A terminal is worth ``color`` times its utility, a node at the depth limit
(depth 0) ``color`` times its evaluation, and any other node the largest of its children's
values, each negated (a child is valued for the other player). The search starts with the
color of the player who moves at the root, and returns the root's value for that player,
as the notes' ``negamax(node, depth, color)`` does. Ties keep the first best action.
"""

from __future__ import annotations

import math


def negamax(game, state, depth):
    """Return (value for the player to move at ``state``, that player's best action)."""
    color = 1 if game.is_terminal(state) or game.to_move(state) == 0 else -1
    return search(game, state, depth, color)


def search(game, node, depth, color):
    """The value of ``node`` for the player of ``color``, and the best action there."""
    if game.is_terminal(node):
        return color * game.utility(node, 0), None
    if depth == 0:
        return color * game.evaluate(node, 0), None
    best_value, best_action = -math.inf, None
    for action in game.actions(node):
        value, _ = search(game, game.result(node, action), depth - 1, -color)
        value = -value  # the child is valued for the other player
        if value > best_value:
            best_value, best_action = value, action
    return best_value, best_action
