"""Depth-limited minimax, as the minimax assignment expects it.

At a terminal node read its utility; at the depth limit (depth 0) evaluate the node;
otherwise search every child in the order ``game.actions`` lists them. Player 0 (MAX)
takes the largest value, every other player the smallest; ties keep the first best
action. Values are always for player 0.
"""

from __future__ import annotations


def minimax(game, state, depth):
    """Return (value for player 0, best action at ``state``)."""
    if game.is_terminal(state):
        return game.utility(state, 0), None
    if depth == 0:
        return game.evaluate(state, 0), None
    maximizing = game.to_move(state) == 0
    best_value, best_action = None, None
    for action in game.actions(state):
        value, _ = minimax(game, game.result(state, action), depth - 1)
        if best_value is None or (value > best_value if maximizing else value < best_value):
            best_value, best_action = value, action
    return best_value, best_action
