"""A wrong minimax in the ``getAction`` form: the root's moves are searched one ply too
deep, and as MAX again.

The root loops over its moves and scores each successor with ``value(successor, depth,
True)``: the full depth where ``depth - 1`` is left, and MAX to move where the other
player moves. It shows on almost every test: on fig 5.2 the root's children B, C and D
are maximised (12, 6, 14) where MIN moves, so it plays a3 for 14 instead of a1 for 3.
"""

from __future__ import annotations


def minimax(game, state, depth):
    """Return (value for player 0, best action) by scoring each of the root's moves."""
    if game.is_terminal(state):
        return game.utility(state, 0), None
    best_value, best_action = None, None
    for action in game.actions(state):
        # the mistake: depth (not depth - 1), and MAX (not the next player) at the child
        value = _value(game, game.result(state, action), depth, True)
        if best_value is None or value > best_value:
            best_value, best_action = value, action
    return best_value, best_action


def _value(game, state, depth, maximizing):
    if game.is_terminal(state):
        return game.utility(state, 0)
    if depth == 0:
        return game.evaluate(state, 0)
    values = [_value(game, game.result(state, a), depth - 1, not maximizing)
              for a in game.actions(state)]
    return max(values) if maximizing else min(values)
