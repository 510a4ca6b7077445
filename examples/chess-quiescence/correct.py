"""Quiescence on chess positions in the negamax form, fail-soft: as chess-quiescence expects.

Nothing here knows chess: the game answers the same calls as a tree does, so
``examples/quiescence/correct.py`` (fail-hard, minimax form, an ``is_quiet`` test) passes
this assignment too; each is a correct form. Here every node's value is for the player
to move there (a child's value, negated), and only the root's is turned back into
White's (player 0). Moves are searched in the order ``game.actions`` lists them (UCI
texts, alphabetical), the first best kept on ties; a node stops as soon as its best
value reaches beta (``>``, where ``game.prune_on_equality`` is False), and returns the
best value it saw (fail-soft).

At the horizon a position's material is its *stand-pat* value (the player to move may
decline to capture), taken as its first move. Then its captures and promotions,
``game.noisy_actions`` (none at a quiet position, so no ``is_quiet`` test is needed),
are searched the same way; a capture that ends the game gives its utility.
``game.quiescence_depth``, when a test sets it, is the most noisy plies past the horizon.
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
    """The value past the horizon for the player to move, ``left`` noisy plies to go."""
    sign = _sign(game, state)
    best = sign * game.evaluate(state, 0)  # standing pat
    if left == 0 or _stops(best, beta, rules[1]):
        return best
    for move in game.noisy_actions(state):
        child = game.result(state, move)
        if game.is_terminal(child):
            value = sign * game.utility(child, 0)
        else:
            value = -_quiesce(game, child, -beta, -max(alpha, best), left - 1, rules)
        best = max(best, value)
        if _stops(best, beta, rules[1]):
            break
    return best
