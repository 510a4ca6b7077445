"""A wrong beam search: every player keeps the children with the lowest evaluation.

It sorts the scores from low to high for MAX too, so MAX keeps its worst-rated children.
MIN's choice is right. It shows wherever MAX ranks more children than the beam keeps,
starting with ``fig5.2-width-2``: A keeps C (eval 1) and B (5) and expands C where the
reference expands D; the answer happens to be 3 by a1 there too. In ``genius-move-missed``
it keeps the sacrifice D and the retreat E and answers 7 by a3.
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
    scored.sort(key=lambda item: item[0])  # the mistake: lowest first for MAX too
    return [(a, child) for _, a, child in scored[:width]]
