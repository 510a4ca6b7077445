"""Quiescence as the lecture notes write it: stand pat, then loop over the captures.

There is no separate quiet test: a quiet position's capture list is simply empty. The
search above the horizon is fail-hard alpha-beta; values are for player 0.
"""

import math


def quiescence(game, state, depth):
    limit = getattr(game, "quiescence_depth", None)
    left = math.inf if limit is None else limit
    strict = getattr(game, "prune_on_equality", True) is False
    return _search(game, state, depth, -math.inf, math.inf, left, strict)


def _cut(maximizing, best, alpha, beta, strict):
    if maximizing:
        return best > beta if strict else best >= beta
    return best < alpha if strict else best <= alpha


def _search(game, state, depth, alpha, beta, left, strict):
    if game.is_terminal(state):
        return game.utility(state, 0), None
    if depth == 0:
        return _quiesce(game, state, alpha, beta, left, strict), None
    maximizing = game.to_move(state) == 0
    best, best_action = (-math.inf if maximizing else math.inf), None
    for action in game.actions(state):
        value, _ = _search(game, game.result(state, action), depth - 1, alpha, beta, left,
                           strict)
        if (value > best if maximizing else value < best) or best_action is None:
            best, best_action = value, action
        if _cut(maximizing, best, alpha, beta, strict):
            break
        alpha, beta = (max(alpha, best), beta) if maximizing else (alpha, min(beta, best))
    return min(max(best, alpha), beta), best_action


def _quiesce(game, state, alpha, beta, left, strict):
    if game.is_terminal(state):
        return game.utility(state, 0)
    stand_pat = game.evaluate(state, 0)  # 1. stand pat
    if left == 0:
        return stand_pat
    maximizing = game.to_move(state) == 0
    best = stand_pat
    if _cut(maximizing, best, alpha, beta, strict):  # 2. standing pat is already too good
        return min(max(best, alpha), beta)
    alpha, beta = (max(alpha, best), beta) if maximizing else (alpha, min(beta, best))
    for move in game.noisy_actions(state):  # 3. only the captures; none when quiet
        value = _quiesce(game, game.result(state, move), alpha, beta, left - 1, strict)
        if value > best if maximizing else value < best:
            best = value
        if _cut(maximizing, best, alpha, beta, strict):
            break
        alpha, beta = (max(alpha, best), beta) if maximizing else (alpha, min(beta, best))
    return min(max(best, alpha), beta)
