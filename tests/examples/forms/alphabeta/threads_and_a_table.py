"""Fail-hard alpha-beta that warms up a pool of four worker threads (joined when it is
done) and makes a 120 MB table it then drops, as a student's search with a thread pool
and a transposition table might: well within the assignment's memory limit, which
counts what a search uses, not the address space each thread's allocator would reserve.
"""

import math
from concurrent.futures import ThreadPoolExecutor


def _work(n):
    return sum(len(str(i)) for i in range(n))


def alphabeta(game, state, depth):
    with ThreadPoolExecutor(4) as pool:
        list(pool.map(_work, [20_000] * 8))
    table = bytearray(120 << 20)
    del table
    strict = getattr(game, "prune_on_equality", True) is False
    return _value(game, state, depth, -math.inf, math.inf, strict)


def _value(game, state, depth, alpha, beta, strict):
    if game.is_terminal(state):
        return game.utility(state, 0), None
    if depth == 0:
        return game.evaluate(state, 0), None
    maximizing = game.to_move(state) == 0
    best, best_action = (-math.inf if maximizing else math.inf), None
    for action in game.actions(state):
        value, _ = _value(game, game.result(state, action), depth - 1, alpha, beta, strict)
        better = value > best if maximizing else value < best
        if better or best_action is None:
            best, best_action = value, action
        if maximizing:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha > beta or (alpha == beta and not strict):
            break
    return min(max(best, alpha), beta), best_action
