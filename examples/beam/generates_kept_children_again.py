"""A wrong beam search: it calls ``game.result`` again for the children it keeps.

It scores every child, keeps the right ones, then generates each kept child anew before
searching it, as the notes' pseudocode does with ``make_move(state, move)``. Generating a
child that was already looked at, and searching it, searches its parent again: the record
shows A expanded again before D and again before B in ``fig5.2-width-2``. Value and
action are right.
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
        child = game.result(state, action)  # the mistake: the kept child generated anew
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
