"""Alpha-beta that first warms up a ``multiprocessing`` pool of the ``spawn`` context and
closes it (a student timing worker processes for later, say). The pool's workers end
with it; the standard library keeps its resource tracker running for as long as the
process that made the pool: that helper is not the submission's leftover.
"""

import math
import multiprocessing


def _square(n):
    return n * n


def alphabeta(game, state, depth):
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        pool.map(_square, [1, 2])
    strict = getattr(game, "prune_on_equality", True) is False
    return _search(game, state, depth, -math.inf, math.inf, strict)


def _search(game, state, depth, alpha, beta, strict):
    if game.is_terminal(state):
        return game.utility(state, 0), None
    if depth == 0:
        return game.evaluate(state, 0), None
    maximizing = game.to_move(state) == 0
    best_value, best_action = (-math.inf if maximizing else math.inf), None
    for action in game.actions(state):
        value, _ = _search(game, game.result(state, action), depth - 1, alpha, beta, strict)
        if maximizing:
            if value > best_value or best_action is None:
                best_value, best_action = value, action
            if best_value > beta if strict else best_value >= beta:
                break
            alpha = max(alpha, best_value)
        else:
            if value < best_value or best_action is None:
                best_value, best_action = value, action
            if best_value < alpha if strict else best_value <= alpha:
                break
            beta = min(beta, best_value)
    return min(max(best_value, alpha), beta), best_action
