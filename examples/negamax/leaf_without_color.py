"""A wrong negamax: a leaf is worth player 0's payoff whoever's turn it is there.

The notes multiply a leaf's value by ``color``: on MIN's turn (color -1) MAX's payoff is
negated. Without it, the leaves on MIN's turn are read the wrong way round, so the search
goes wrong wherever a leaf is reached on MIN's turn (an odd ply below a MAX root); trees
whose leaves are all on MAX's turn (``aima-fig5.2``) pass.
"""

from __future__ import annotations

import math


def negamax(game, state, depth):
    """Return (value for the player to move, best action), leaves not colored."""
    color = 1 if game.is_terminal(state) or game.to_move(state) == 0 else -1
    return search(game, state, depth, color)


def search(game, node, depth, color):
    if game.is_terminal(node):
        return game.utility(node, 0), None  # the mistake: should be color * ...
    if depth == 0:
        return game.evaluate(node, 0), None  # the mistake: should be color * ...
    best_value, best_action = -math.inf, None
    for action in game.actions(node):
        value, _ = search(game, game.result(node, action), depth - 1, -color)
        if -value > best_value:
            best_value, best_action = -value, action
    return best_value, best_action
