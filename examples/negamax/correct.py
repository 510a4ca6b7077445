"""Negamax as the lecture notes write it, as the negamax assignment expects it.

A node is valued for its player to move: ``color`` is +1 when MAX (player 0) moves and -1
when MIN does. A terminal is worth ``color`` times its utility, a node at the depth limit
(depth 0) ``color`` times its evaluation, and any other node the largest of its children's
values, each for the node's own player: negated where the child's player is the other one
(the notes' ``negamax(node, depth, color)`` passes ``-color`` down, which holds while the
players alternate; ``game.to_move`` holds where one moves twice in a row). The search
returns the root's value for the player who moves there. Ties keep the first best action.
"""

from __future__ import annotations

import math


def negamax(game, state, depth):
    """Return (value for the player to move at ``state``, that player's best action)."""
    return search(game, state, depth)


def color_of(game, node):
    """+1 where MAX (player 0) moves, -1 where MIN does (at a terminal: whose turn it
    would be)."""
    return 1 if game.to_move(node) == 0 else -1


def search(game, node, depth):
    """The value of ``node`` for the player who moves there, and the best action there."""
    color = color_of(game, node)
    if game.is_terminal(node):
        return color * game.utility(node, 0), None
    if depth == 0:
        return color * game.evaluate(node, 0), None
    best_value, best_action = -math.inf, None
    for action in game.actions(node):
        child = game.result(node, action)
        value, _ = search(game, child, depth - 1)
        value *= color * color_of(game, child)  # negated where the other player moves
        if value > best_value:
            best_value, best_action = value, action
    return best_value, best_action
