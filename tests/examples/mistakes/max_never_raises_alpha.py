"""MAX never raises alpha (no `alpha = max(alpha, best)`): MIN nodes below never cut
on what MAX already has. Like no pruning on some tests, like a fresh root window on
others, and neither on the rest: no known mistake is this one."""

import math


def alphabeta(game, state, depth):
    eq = getattr(game, "prune_on_equality", True)

    def search(s, d, alpha, beta, maxflag, root=False):
        # TERM
        if game.is_terminal(s):
            return game.utility(s, 0), None
        if d == 0:
            return game.evaluate(s, 0), None
        mx = game.to_move(s) == 0  # MX
        best, ba = None, None
        for a in game.actions(s):
            v, _ = search(game.result(s, a), d - 1, alpha, beta, not maxflag)  # CALL
            if best is None or (v > best if mx else v < best):  # TIE
                best, ba = v, a
            if mx:
                if best >= beta if eq else best > beta:
                    break  # PMAX
                pass
            else:
                if best <= alpha if eq else best < alpha:
                    break  # PMIN
                beta = min(beta, best)  # BMIN
        return min(max(best, alpha), beta), ba

    return search(state, depth, -math.inf, math.inf, True, True)  # TOP
