"""A transposition table on a fail-soft negamax (the chessprogramming wiki's form): the
colour read from ``game.to_move`` at every node, values stored for the player to move,
flags set against the window the node was searched with. It stores bounds only where
``game.tt_bounds`` asks, and leaves unless ``game.tt_leaves`` is False. On some trees
its record is the one fail-hard alpha-beta with bounds makes: the report must not say
it was graded as fail-hard.
"""

import math

EXACT, LOWER, UPPER = 0, 1, 2


def transposition(game, state, depth):
    strict = getattr(game, "prune_on_equality", True) is False
    bounds = getattr(game, "tt_bounds", False)
    leaves = getattr(game, "tt_leaves", True)
    table = {}

    def colour(s):
        return 1 if game.to_move(s) == 0 else -1

    def closed(alpha, beta):
        return alpha > beta if strict else alpha >= beta

    def negamax(s, d, alpha, beta):
        entry = table.get(s)
        if entry is not None and entry[0] >= d:
            _, value, flag, action = entry
            if flag == EXACT:
                return value, action
            if flag == LOWER:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            if closed(alpha, beta):
                return value, action
        c = colour(s)
        if game.is_terminal(s) or d == 0:
            value = c * (game.utility(s, 0) if game.is_terminal(s) else game.evaluate(s, 0))
            if leaves:
                table[s] = (d, value, EXACT, None)
            return value, None
        best, best_action, alpha_before = -math.inf, None, alpha
        for a in game.actions(s):
            child = game.result(s, a)
            if colour(child) == c:
                value = negamax(child, d - 1, alpha, beta)[0]
            else:
                value = -negamax(child, d - 1, -beta, -alpha)[0]
            if value > best:
                best, best_action = value, a
            alpha = max(alpha, best)
            if closed(alpha, beta):
                break
        if alpha_before < beta:
            flag = UPPER if best <= alpha_before else LOWER if best >= beta else EXACT
            if flag == EXACT or bounds:
                table[s] = (d, best, flag, best_action)
        return best, best_action

    value, action = negamax(state, depth, -math.inf, math.inf)
    return value * colour(state), action
