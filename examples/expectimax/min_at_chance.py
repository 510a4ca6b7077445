"""A wrong expectimax: minimax with chance nodes played as MIN.

It takes the worst outcome of a chance node, as if the dice were an opponent, instead
of the probability-weighted average of its outcomes. On CS188's weighted example
(``cs188-weighted``) B becomes worth -12 and C 7, so it plays a2 for 7 where the answer
is a1 for 10.
"""

from __future__ import annotations


def expectimax(game, state, depth):
    """Return (value for player 0, best action), with chance nodes minimising."""
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
        return min(values), None  # the mistake: chance is not MIN
    maximizing = game.to_move(state) == 0
    best_value, best_action = None, None
    for action in game.actions(state):
        value, _ = expectimax(game, game.result(state, action), depth - 1)
        if best_value is None or (value > best_value if maximizing else value < best_value):
            best_value, best_action = value, action
    return best_value, best_action
