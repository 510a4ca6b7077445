"""A typical mistake: alpha and beta are passed down but no node ever stops early.

The value and the move are right (it is minimax); the positions searched are not.
"""

from __future__ import annotations

import math


def alphabeta(game, state, depth):
    return _search(game, state, depth, -math.inf, math.inf)


def _search(game, state, depth, alpha, beta):
    if game.is_terminal(state):
        return game.utility(state, 0), None
    if depth == 0:
        return game.evaluate(state, 0), None
    maximizing = game.to_move(state) == 0
    best, move = (-math.inf if maximizing else math.inf), None
    for action in game.actions(state):
        value, _ = _search(game, game.result(state, action), depth - 1, alpha, beta)
        if move is None or (value > best if maximizing else value < best):
            best, move = value, action
        if maximizing:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
    return best, move
