"""A wrong minimax: it returns the value for the player to move at the root.

It plays "me against the opponent": ``me`` is whoever moves at the root, leaves are read
for ``me`` and ``me`` maximises. From a MAX root that is the expected search; where MIN
moves first (``min-at-root``) it finds MIN's best move but returns MIN's payoff, while
the value asked for is always player 0's.
"""

from __future__ import annotations


def minimax(game, state, depth):
    """Return (value for the root's player, best action)."""
    me = game.to_move(state) if not game.is_terminal(state) else 0  # the mistake: not 0
    return _value(game, state, depth, me)


def _value(game, state, depth, me):
    if game.is_terminal(state):
        return game.utility(state, me), None
    if depth == 0:
        return game.evaluate(state, me), None
    maximizing = game.to_move(state) == me
    best_value, best_action = None, None
    for action in game.actions(state):
        value, _ = _value(game, game.result(state, action), depth - 1, me)
        if best_value is None or (value > best_value if maximizing else value < best_value):
            best_value, best_action = value, action
    return best_value, best_action
