"""A wrong minimax: it stops one ply too early.

It evaluates a node when one ply is left (``depth == 1``) instead of at the depth limit
(``depth == 0``), so it never looks at the last ply of the tree. On a tree with evals
(``cutoff-depth-2``) the feedback says which node it evaluated too early and at which
depth; on a tree without them (``aima-fig5.2``) the game refuses the evaluation and the
test is an error. Depth 0 and a depth beyond the tree's bottom pass.
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
