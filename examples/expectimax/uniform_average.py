"""A wrong expectimax: it ignores the probabilities and averages the outcomes plainly.

Where outcomes are equally likely (``cs188-uniform``) it gets the right answer; on
CS188's weighted example (``cs188-weighted``) B, whose outcomes 8, 24, -12 have
probabilities 1/2, 1/3, 1/6, becomes worth 20/3 instead of 10, so it plays a2 for 8.
"""

from __future__ import annotations


def expectimax(game, state, depth):
    """Return (value for player 0, best action), chance nodes averaged plainly."""
    if game.is_terminal(state):
        return game.utility(state, 0), None
    if depth == 0:
        return game.evaluate(state, 0), None
    if game.is_chance(state):
        chance_depth = depth - 1 if getattr(game, "chance_counts_as_ply", True) else depth
        outcomes = game.chance_outcomes(state)
        total = 0
        for outcome, _ in outcomes:
            value, _ = expectimax(game, game.result(state, outcome), chance_depth)
            total += value
        return total / len(outcomes), None  # the mistake: each weighs its probability
    maximizing = game.to_move(state) == 0
    best_value, best_action = None, None
    for action in game.actions(state):
        value, _ = expectimax(game, game.result(state, action), depth - 1)
        if best_value is None or (value > best_value if maximizing else value < best_value):
            best_value, best_action = value, action
    return best_value, best_action
