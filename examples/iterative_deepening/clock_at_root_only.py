"""Iterative deepening that reads the clock only before each iteration.

Mistake: an iteration that starts with time left runs to its end, however long it
takes; the clock must be read on entering every node.
"""

from __future__ import annotations

import math


class TimeUp(Exception):
    """No time left: the current iteration is abandoned."""


def iterative_deepening(game, state, depth):
    """Return (value for player 0, best action at ``state``)."""
    if depth == 0:
        if game.is_terminal(state):
            return game.utility(state, 0), None
        return game.evaluate(state, 0), None
    answer = (0, None)
    for limit in range(1, depth + 1):
        try:
            answer = _search(game, state, limit, -math.inf, math.inf, limit > 1, answer[1])
        except TimeUp:
            break  # keep the deepest completed iteration's answer
        if answer[1] is None:
            break  # a terminal root
    return answer


def _search(game, state, depth, alpha, beta, clock, first=None):
    if clock and first is not None and game.time_left() <= 0:  # the mistake: the root only
        raise TimeUp
    if game.is_terminal(state):
        return game.utility(state, 0), None
    if depth == 0:
        return game.evaluate(state, 0), None
    actions = list(game.actions(state))
    if first in actions:  # the previous iteration's best move first
        actions.remove(first)
        actions.insert(0, first)
    maximizing = game.to_move(state) == 0
    best_value = -math.inf if maximizing else math.inf
    best_action = None
    for action in actions:
        value, _ = _search(game, game.result(state, action), depth - 1, alpha, beta, clock)
        if maximizing:
            if value > best_value or best_action is None:
                best_value, best_action = value, action
            if best_value >= beta:
                break
            alpha = max(alpha, best_value)
        else:
            if value < best_value or best_action is None:
                best_value, best_action = value, action
            if best_value <= alpha:
                break
            beta = min(beta, best_value)
    return min(max(best_value, alpha), beta), best_action
