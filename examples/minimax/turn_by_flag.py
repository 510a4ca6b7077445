"""A wrong minimax: it decides who moves by a flag passed down, not by ``game.to_move``.

The lecture's two-function form (MAX-VALUE calls MIN-VALUE calls MAX-VALUE ...) written
with a ``maximizing`` flag that starts True at the root and flips at every ply. It is
right while MAX and MIN alternate from a MAX root; it fails where MIN moves first
(``min-at-root``) or a player moves twice in a row (``extra-moves``).
"""

from __future__ import annotations


def minimax(game, state, depth):
    """Return (value for player 0, best action), taking turns MAX, MIN, MAX, ..."""
    return _value(game, state, depth, True)


def _value(game, state, depth, maximizing):
    if game.is_terminal(state):
        return game.utility(state, 0), None
    if depth == 0:
        return game.evaluate(state, 0), None
    best_value, best_action = None, None
    for action in game.actions(state):
        # the mistake: the flag flips; game.to_move(state) says who really moves
        value, _ = _value(game, game.result(state, action), depth - 1, not maximizing)
        if best_value is None or (value > best_value if maximizing else value < best_value):
            best_value, best_action = value, action
    return best_value, best_action
