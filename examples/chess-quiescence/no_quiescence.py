"""A wrong quiescence search on chess positions: plain alpha-beta, no quiescence.

Positions at the depth limit are simply evaluated, in the middle of an exchange or not:
in the ``poisoned-pawn`` test Qxd5 counts as a pawn won, because e6 takes the queen back
one ply past the horizon, where this search never looks (the horizon effect).
"""

from __future__ import annotations

import math


def quiescence(game, state, depth):
    """Return (White's value of ``state``, the best move there; None at the horizon)."""
    limit = getattr(game, "quiescence_depth", None)
    rules = (math.inf if limit is None else limit, getattr(game, "prune_on_equality", True))
    value, move = _negamax(game, state, depth, -math.inf, math.inf, rules)
    return _sign(game, state) * value, move


def _sign(game, state):
    """+1 where White moves (values for the mover are White's), -1 where Black does."""
    return 1 if game.to_move(state) == 0 else -1


def _stops(best, beta, on_equality):
    return best >= beta if on_equality else best > beta


def _negamax(game, state, depth, alpha, beta, rules):
    """The value of ``state`` for the player to move there, and the best move."""
    if game.is_terminal(state):
        return _sign(game, state) * game.utility(state, 0), None
    if depth == 0:
        return _quiesce(game, state, alpha, beta, rules[0], rules), None
    best, best_move = -math.inf, None
    for move in game.actions(state):
        child = game.result(state, move)
        value = -_negamax(game, child, depth - 1, -beta, -max(alpha, best), rules)[0]
        if best_move is None or value > best:
            best, best_move = value, move
        if _stops(best, beta, rules[1]):
            break  # the opponent will not let the game come here
    return best, best_move


def _quiesce(game, state, alpha, beta, left, rules):
    """The mistake: the horizon is simply evaluated, whatever hangs there."""
    return _sign(game, state) * game.evaluate(state, 0)
