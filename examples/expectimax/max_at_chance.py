"""A wrong expectimax: it treats a chance node as a player who maximises.

It takes the best outcome of a chance node instead of their probability-weighted
average, as if MAX could choose the dice. On CS188's example (``cs188-uniform``) the
chance nodes become worth 12, 6 and 15, so it plays a3 for 15 where the answer is a1
for 8. A cut-off that evaluates the chance nodes themselves hides it.
"""

from __future__ import annotations


def expectimax(game, state, depth):
    """Return (value for player 0, best action), with chance nodes maximising."""
    if game.is_terminal(state):
        return game.utility(state, 0), None
    if depth == 0:
        return game.evaluate(state, 0), None
    if game.is_chance(state):
        chance_depth = depth - 1 if getattr(game, "chance_counts_as_ply", True) else depth
        values = [
            expectimax(game, game.result(state, outcome), chance_depth)[0]
            for outcome, _ in game.chance_outcomes(state)
        ]
        return max(values), None  # the mistake: the expectation, not the best outcome
    maximizing = game.to_move(state) == 0
    best_value, best_action = None, None
    for action in game.actions(state):
        value, _ = expectimax(game, game.result(state, action), depth - 1)
        if best_value is None or (value > best_value if maximizing else value < best_value):
            best_value, best_action = value, action
    return best_value, best_action
