"""A fail-soft alpha-beta whose root searches each child with a fresh window (alpha not
carried across the root)."""

import math


def alphabeta(game, state, depth):
    def search(s, d, alpha, beta):
        if game.is_terminal(s):
            return game.utility(s, 0)
        if d == 0:
            return game.evaluate(s, 0)
        mx = game.to_move(s) == 0
        best = -math.inf if mx else math.inf
        for a in game.actions(s):
            v = search(game.result(s, a), d - 1, alpha, beta)
            if mx:
                best = max(best, v)
                if best >= beta if getattr(game, "prune_on_equality", True) else best > beta:
                    break
                alpha = max(alpha, best)
            else:
                best = min(best, v)
                if best <= alpha if getattr(game, "prune_on_equality", True) else best < alpha:
                    break
                beta = min(beta, best)
        return best

    if depth == 0 or game.is_terminal(state):
        return search(state, depth, -math.inf, math.inf), None
    mx = game.to_move(state) == 0
    best, ba = None, None
    for a in game.actions(state):
        v = search(game.result(state, a), depth - 1, -math.inf, math.inf)
        if best is None or (v > best if mx else v < best):
            best, ba = v, a
    return best, ba
