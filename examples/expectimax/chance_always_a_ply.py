"""A wrong expectimax: it always counts a chance node as a ply.

It never reads ``game.chance_counts_as_ply``, so on a test where only the players'
moves use up depth (``chance-is-not-a-ply``) it searches one ply short below every
chance node: it evaluates the MIN nodes there and plays a1 for 4, where the answer,
from the leaves, is a2 for 4.5. Tests that count chance nodes as plies pass.
"""

from __future__ import annotations


def expectimax(game, state, depth):
    """Return (value for player 0, best action), a chance node always using up a ply."""
    if game.is_terminal(state):
        return game.utility(state, 0), None
    if depth == 0:
        return game.evaluate(state, 0), None
    if game.is_chance(state):
        expected = 0
        for outcome, probability in game.chance_outcomes(state):
            # the mistake: depth - 1 even when game.chance_counts_as_ply is False
            value, _ = expectimax(game, game.result(state, outcome), depth - 1)
            expected += probability * value
        return expected, None
    maximizing = game.to_move(state) == 0
    best_value, best_action = None, None
    for action in game.actions(state):
        value, _ = expectimax(game, game.result(state, action), depth - 1)
        if best_value is None or (value > best_value if maximizing else value < best_value):
            best_value, best_action = value, action
    return best_value, best_action
