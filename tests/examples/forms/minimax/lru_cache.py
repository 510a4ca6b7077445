"""Minimax memoised with ``functools.lru_cache``: every node's value, leaves included.

The cache is keyed by ``(state, depth to go)`` and made anew for each call, so a
position reached again with as much depth to go is neither searched nor evaluated
again. The root's moves are searched outside the cache, to pick the first best one.
"""

from functools import lru_cache


def minimax(game, state, depth):
    @lru_cache(maxsize=None)  # noqa: UP033  # as students write it
    def value(s, d):
        if game.is_terminal(s):
            return game.utility(s, 0)
        if d == 0:
            return game.evaluate(s, 0)
        values = [value(game.result(s, a), d - 1) for a in game.actions(s)]
        return max(values) if game.to_move(s) == 0 else min(values)

    if game.is_terminal(state) or depth == 0:
        return value(state, depth), None
    maximizing = game.to_move(state) == 0
    best_value, best_action = None, None
    for action in game.actions(state):
        v = value(game.result(state, action), depth - 1)
        if best_value is None or (v > best_value if maximizing else v < best_value):
            best_value, best_action = v, action
    return best_value, best_action
