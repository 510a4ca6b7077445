"""Fail-soft alpha-beta (as CS188's own): a node returns the best value it saw, which may
lie outside its window. It reads ``game.prune_on_equality`` and prunes only on a strict
inequality when that is False. Where the assignment does not pin fail-hard, it passes.
"""

import math


def alphabeta(game, state, depth):
    strict = getattr(game, "prune_on_equality", True) is False
    return _search(game, state, depth, -math.inf, math.inf, strict)


def _search(game, state, depth, alpha, beta, strict):
    if game.is_terminal(state):
        return game.utility(state, 0), None
    if depth == 0:
        return game.evaluate(state, 0), None
    maximizing = game.to_move(state) == 0
    best, best_action = (-math.inf if maximizing else math.inf), None
    for action in game.actions(state):
        value, _ = _search(game, game.result(state, action), depth - 1, alpha, beta, strict)
        if maximizing:
            if value > best or best_action is None:
                best, best_action = value, action
            if best > beta if strict else best >= beta:
                return best, best_action
            alpha = max(alpha, best)
        else:
            if value < best or best_action is None:
                best, best_action = value, action
            if best < alpha if strict else best <= alpha:
                return best, best_action
            beta = min(beta, best)
    return best, best_action
