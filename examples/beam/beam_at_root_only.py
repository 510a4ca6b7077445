"""A wrong beam search: only the root keeps its best children; below it every child is searched.

The ranking is right at the root, but deeper nodes search all their children in action
order, like minimax. It shows from three plies on: in ``min-ranks`` B searches D, E and F
and C searches G, H and I, so B = 4 and C = 5 and the answer is 5 by a2, not 7 by a1.
"""

from __future__ import annotations

import math


def beam(game, state, depth):
    """Return (value for player 0, best action at ``state``)."""
    width = getattr(game, "beam_width", 2)
    by_eval = getattr(game, "beam_ranking", "eval") == "eval"
    return _search(game, state, depth, width, by_eval)


def _search(game, state, depth, width, by_eval):
    if game.is_terminal(state):
        return game.utility(state, 0), None
    if depth == 0:
        return game.evaluate(state, 0), None
    maximizing = game.to_move(state) == 0
    best_value = -math.inf if maximizing else math.inf
    best_action = None
    for action, child in _kept(game, state, width, by_eval, maximizing):
        value = _minimax(game, child, depth - 1)  # the mistake: no beam below the root
        if best_action is None or (value > best_value if maximizing else value < best_value):
            best_value, best_action = value, action
    return best_value, best_action


def _minimax(game, state, depth):
    if game.is_terminal(state):
        return game.utility(state, 0)
    if depth == 0:
        return game.evaluate(state, 0)
    values = [_minimax(game, game.result(state, a), depth - 1) for a in game.actions(state)]
    return max(values) if game.to_move(state) == 0 else min(values)


def _kept(game, state, width, by_eval, maximizing):
    """The (action, child) pairs searched, best first."""
    if not by_eval:
        return [(a, game.result(state, a)) for a in list(game.actions(state))[:width]]
    children = [(a, game.result(state, a)) for a in game.actions(state)]
    scored = [(game.evaluate(child, 0), a, child) for a, child in children]
    scored.sort(key=lambda item: item[0], reverse=maximizing)  # stable: ties in action order
    return [(a, child) for _, a, child in scored[:width]]
