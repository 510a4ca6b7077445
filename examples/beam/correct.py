"""Beam search, as the beam assignment expects it (the notes' forward pruning, 3.3).

Minimax that searches only the ``game.beam_width`` most promising children of every
node. A node above the cut-off generates each child once, in action order, and scores it
with ``game.evaluate(child, 0)``; MAX keeps the highest scores, MIN the lowest (a stable
sort: equal scores keep action order). The children kept are searched best first, from
the states already generated; ties between equal values keep the first child searched.
Where a test sets ``game.beam_ranking = 'actions'``, the first children in action order
are kept and none is scored.
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
        value, _ = _search(game, child, depth - 1, width, by_eval)
        if best_action is None or (value > best_value if maximizing else value < best_value):
            best_value, best_action = value, action
    return best_value, best_action


def _kept(game, state, width, by_eval, maximizing):
    """The (action, child) pairs searched, best first."""
    if not by_eval:
        return [(a, game.result(state, a)) for a in list(game.actions(state))[:width]]
    children = [(a, game.result(state, a)) for a in game.actions(state)]
    scored = [(game.evaluate(child, 0), a, child) for a, child in children]
    scored.sort(key=lambda item: item[0], reverse=maximizing)  # stable: ties in action order
    return [(a, child) for _, a, child in scored[:width]]
