"""Fail-hard alpha-beta that asks for a node's moves freely (CS188 students' habits).

An empty move list is its terminal test; it lists the moves at the depth limit before
evaluating, lists them twice at every node (to count, then to loop), and lists the
root's moves again at the end. The nodes it searches are alpha-beta's.
"""

import math


def alphabeta(game, state, depth):
    strict = getattr(game, "prune_on_equality", True) is False
    value, index = _search(game, state, depth, -math.inf, math.inf, strict)
    actions = game.actions(state)
    return value, (actions[index] if index is not None else None)


def _search(game, state, depth, alpha, beta, strict):
    if not game.actions(state):
        return game.utility(state, 0), None
    if depth == 0:
        return game.evaluate(state, 0), None
    maximizing = game.to_move(state) == 0
    best, best_index = (-math.inf if maximizing else math.inf), None
    for i in range(len(game.actions(state))):
        child = game.result(state, game.actions(state)[i])
        value, _ = _search(game, child, depth - 1, alpha, beta, strict)
        if maximizing:
            if value > best or best_index is None:
                best, best_index = value, i
            if best > beta if strict else best >= beta:
                break
            alpha = max(alpha, best)
        else:
            if value < best or best_index is None:
                best, best_index = value, i
            if best < alpha if strict else best <= alpha:
                break
            beta = min(beta, best)
    return min(max(best, alpha), beta), best_index
