"""Minimax on tic-tac-toe positions, written as AIMA's MAX-VALUE and MIN-VALUE pair.

Nothing here knows tic-tac-toe: the game answers the same calls as a tree does
(``to_move``, ``actions``, ``result``, ``is_terminal``, ``utility``, ``evaluate``), so
``examples/minimax/correct.py`` passes this assignment too. Values are for x (player 0);
moves are searched in the order ``game.actions`` lists them, and the first best is kept.
"""

from __future__ import annotations

import math


def minimax(game, state, depth):
    """Return (value for player 0, best move at ``state``)."""
    if game.is_terminal(state):
        return game.utility(state, 0), None
    if depth == 0:
        return game.evaluate(state, 0), None
    if game.to_move(state) == 0:
        return _max_value(game, state, depth)
    return _min_value(game, state, depth)


def _max_value(game, state, depth):
    best, move = -math.inf, None
    for action in game.actions(state):
        value, _ = minimax(game, game.result(state, action), depth - 1)
        if value > best:
            best, move = value, action
    return best, move


def _min_value(game, state, depth):
    best, move = math.inf, None
    for action in game.actions(state):
        value, _ = minimax(game, game.result(state, action), depth - 1)
        if value < best:
            best, move = value, action
    return best, move
