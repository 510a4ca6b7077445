"""Depth-limited expectimax with MIN nodes, as the expectimax assignment expects it.

At a terminal node read its utility; at the depth limit (depth 0) evaluate the node, a
chance node too. A chance node's value is the probability-weighted sum of its outcomes'
values; it uses up one ply of depth unless ``game.chance_counts_as_ply`` is False. At a
player's node search every child in the order ``game.actions`` lists them: player 0
(MAX) takes the largest value, every other player the smallest; ties keep the first best
action. Values are always for player 0.
"""

from __future__ import annotations


def expectimax(game, state, depth):
    """Return (value for player 0, best action at ``state``; None at a chance node)."""
    if game.is_terminal(state):
        return game.utility(state, 0), None
    if depth == 0:
        return game.evaluate(state, 0), None
    if game.is_chance(state):
        chance_depth = depth - 1 if getattr(game, "chance_counts_as_ply", True) else depth
        expected = 0
        for outcome, probability in game.chance_outcomes(state):
            value, _ = expectimax(game, game.result(state, outcome), chance_depth)
            expected += probability * value
        return expected, None
    maximizing = game.to_move(state) == 0
    best_value, best_action = None, None
    for action in game.actions(state):
        value, _ = expectimax(game, game.result(state, action), depth - 1)
        if best_value is None or (value > best_value if maximizing else value < best_value):
            best_value, best_action = value, action
    return best_value, best_action
