"""A wrong minimax: ties go to the last best action, not the first.

It takes a child whenever it is *at least* as good as the best so far (``>=`` for MAX,
``<=`` for MIN) where the assignment wants a strict improvement. Values and the nodes it
expands are right; the root action is wrong wherever two root moves tie for the best
(the ``first-best-tie`` test, where every root move is worth 5).
"""

from __future__ import annotations


def minimax(game, state, depth):
    """Return (value for player 0, the *last* best action at ``state``)."""
    if game.is_terminal(state):
        return game.utility(state, 0), None
    if depth == 0:
        return game.evaluate(state, 0), None
    maximizing = game.to_move(state) == 0
    best_value, best_action = None, None
    for action in game.actions(state):
        value, _ = minimax(game, game.result(state, action), depth - 1)
        # the mistake: >= and <= keep the last of equal values; use > and <
        if best_value is None or (value >= best_value if maximizing else value <= best_value):
            best_value, best_action = value, action
    return best_value, best_action
