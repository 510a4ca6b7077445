"""Typical mistake: a fixed-depth search that never looks at the clock. Deep enough to
play well, it takes longer than a move may, and loses on time."""

import math


def choose(game, state, clock):
    me = game.to_move(state)
    best, alpha = None, -math.inf
    for a in game.actions(state):
        value = -_negamax(game, game.result(state, a), 7, -math.inf, -alpha, 1 - me)
        if best is None or value > alpha:
            best, alpha = a, value
    return best


def _negamax(game, s, depth, alpha, beta, player):
    if game.is_terminal(s):
        return game.utility(s, player)
    if depth == 0:
        return game.evaluate(s, player)
    value = -math.inf
    for a in game.actions(s):
        value = max(value, -_negamax(game, game.result(s, a), depth - 1, -beta, -alpha,
                                     1 - player))
        alpha = max(alpha, value)
        if alpha >= beta:
            break
    return value
