"""A wrong expectimax: it never counts a chance node as a ply.

Depth goes down only at the players' nodes, whatever ``game.chance_counts_as_ply``
says, so where a chance node counts (``chance-is-a-ply``, the default) it searches one
ply too deep below every chance node: it expands the MIN nodes the reference evaluates
and plays a2 for 4.5, where the answer is a1 for 4.
"""

from __future__ import annotations


def expectimax(game, state, depth):
    """Return (value for player 0, best action), chance nodes using up no depth."""
    if game.is_terminal(state):
        return game.utility(state, 0), None
    if depth == 0:
        return game.evaluate(state, 0), None
    if game.is_chance(state):
        expected = 0
        for outcome, probability in game.chance_outcomes(state):
            # the mistake: the test counts a chance node as a ply (depth - 1)
            value, _ = expectimax(game, game.result(state, outcome), depth)
            expected += probability * value
        return expected, None
    maximizing = game.to_move(state) == 0
    best_value, best_action = None, None
    for action in game.actions(state):
        value, _ = expectimax(game, game.result(state, action), depth - 1)
        if best_value is None or (value > best_value if maximizing else value < best_value):
            best_value, best_action = value, action
    return best_value, best_action
