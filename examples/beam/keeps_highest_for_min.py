"""A wrong beam search: every player keeps the children with the highest evaluation.

It sorts the scores from high to low for every player, as the notes' pseudocode (written
for MAX) does, so MIN keeps its worst replies. It shows wherever MIN ranks more children
than the beam keeps: in ``fig5.2-width-2`` D keeps D1 = 14 and D2 = 5 and B keeps B2 = 12
and B3 = 8, so the root is worth 8 instead of 3.
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
    scored.sort(key=lambda item: item[0], reverse=True)  # the mistake: highest for MIN too
    return [(a, child) for _, a, child in scored[:width]]
