"""A wrong negamax: the root's moves are searched with the full depth, one ply too deep.

This is the notes' ``getAction`` loop taken as it stands: it calls the search on each
successor with ``self.depth`` instead of ``depth - 1``, so the whole search goes one ply
deeper than the depth it is given. On a tree with evals (``cutoff-depth-2``) the feedback
says which node it searched past the depth limit; where the tree ends above the limit
(``aima-fig5.2``) nothing changes.
"""

from __future__ import annotations

import math


def negamax(game, state, depth):
    """Return (value for the player to move, best action), one ply too deep."""
    color = 1 if game.to_move(state) == 0 else -1
    best_value, best_action = -math.inf, None
    for action in game.actions(state):
        value = -search(game, game.result(state, action), depth, -color)  # the mistake:
        if value > best_value:  # depth - 1
            best_value, best_action = value, action
    return best_value, best_action


def search(game, node, depth, color):
    if game.is_terminal(node):
        return color * game.utility(node, 0)
    if depth == 0:
        return color * game.evaluate(node, 0)
    best_value = -math.inf
    for action in game.actions(node):
        best_value = max(best_value, -search(game, game.result(node, action), depth - 1, -color))
    return best_value
