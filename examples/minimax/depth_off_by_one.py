"""A wrong minimax: it stops one ply too early.

It evaluates a node when one ply is left (``depth == 1``) instead of at the depth limit
(``depth == 0``), so it never looks at the last ply of the tree. The feedback says which
node it evaluated too early and at which depth.
"""

from __future__ import annotations


def minimax(game, state, depth):
    """Return (value for player 0, best action), cutting off one ply early."""
    if game.is_terminal(state):
        return game.utility(state, 0), None
    if depth <= 1:  # the mistake: should be depth == 0
        return game.evaluate(state, 0), None
    maximizing = game.to_move(state) == 0
    best_value, best_action = None, None
    for action in game.actions(state):
        value, _ = minimax(game, game.result(state, action), depth - 1)
        if best_value is None or (value > best_value if maximizing else value < best_value):
            best_value, best_action = value, action
    return best_value, best_action
