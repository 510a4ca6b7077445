"""Alpha-beta on Connect Four positions, fail-soft: a node returns the best value it saw.

Nothing here knows Connect Four: the game answers the same calls as a tree does, so
``examples/alphabeta/correct.py`` (fail-hard) passes this assignment too; both forms are
accepted. Values are for x (player 0); columns are searched in the order
``game.actions`` lists them, and the first best move is kept. A test may set
``game.prune_on_equality`` to False: then a node stops only when alpha > beta.
"""

from __future__ import annotations

import math


def alphabeta(game, state, depth):
    """Return (value for player 0, best column at ``state``)."""
    strict = getattr(game, "prune_on_equality", True) is False
    return _search(game, state, depth, -math.inf, math.inf, strict)


def _search(game, state, depth, alpha, beta, strict):
    if game.is_terminal(state):
        return game.utility(state, 0), None
    if depth == 0:
        return game.evaluate(state, 0), None
    maximizing = game.to_move(state) == 0
    best, move = (-math.inf if maximizing else math.inf), None
    for action in game.actions(state):
        value, _ = _search(game, game.result(state, action), depth - 1, alpha, beta, strict)
        if move is None or (value > best if maximizing else value < best):
            best, move = value, action
        if maximizing:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha > beta or (alpha == beta and not strict):
            break
    return best, move
