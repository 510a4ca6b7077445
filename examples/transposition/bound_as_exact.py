"""A wrong transposition search: it stores every value as exact.

A value that failed low (at most alpha) is only an upper bound, and one that failed high
(at least beta) only a lower bound; this search keeps them as exact values and answers
with them later. In ``bound-not-exact`` D failed low in [8, inf] and is later reached in
[5, inf]: the search answers 8 where D is worth 5, and picks the wrong move.
"""

from __future__ import annotations

import math

EXACT, LOWER, UPPER = "exact", "lower", "upper"


def transposition(game, state, depth):
    """Return (value for player 0, best action at ``state``)."""
    return _Search(game).value(state, depth, -math.inf, math.inf)


class _Search:
    def __init__(self, game):
        self.game = game
        self.strict = getattr(game, "prune_on_equality", True) is False
        self.bounds = getattr(game, "tt_bounds", True)
        self.leaves = getattr(game, "tt_leaves", False)
        self.table = {}  # state -> (depth, value, flag, action)

    def closed(self, alpha, beta):
        return alpha > beta if self.strict else alpha >= beta

    def value(self, state, depth, alpha, beta):
        entry = self.table.get(state)
        if entry is not None and entry[0] >= depth:
            _, stored, flag, action = entry
            if flag == EXACT:
                return stored, action
            if flag == LOWER:
                alpha = max(alpha, stored)
            else:
                beta = min(beta, stored)
            if self.closed(alpha, beta):
                return stored, action
        game = self.game
        if game.is_terminal(state):
            return self.leaf(state, depth, game.utility(state, 0)), None
        if depth == 0:
            return self.leaf(state, depth, game.evaluate(state, 0)), None
        best, action = self.children(state, depth, alpha, beta)
        if alpha < beta:
            flag = EXACT  # every value kept as exact, bounds included
            if flag == EXACT or self.bounds:
                self.table[state] = (depth, best, flag, action)
        return best, action

    def leaf(self, state, depth, payoff):
        if self.leaves:
            self.table[state] = (depth, payoff, EXACT, None)
        return payoff

    def children(self, state, depth, alpha, beta):
        game = self.game
        maximizing = game.to_move(state) == 0
        lo, hi = alpha, beta
        best_value = -math.inf if maximizing else math.inf
        best_action = None
        for action in game.actions(state):
            value, _ = self.value(game.result(state, action), depth - 1, lo, hi)
            if maximizing:
                if value > best_value or best_action is None:
                    best_value, best_action = value, action
                if best_value > hi if self.strict else best_value >= hi:
                    break
                lo = max(lo, best_value)
            else:
                if value < best_value or best_action is None:
                    best_value, best_action = value, action
                if best_value < lo if self.strict else best_value <= lo:
                    break
                hi = min(hi, best_value)
        return min(max(best_value, lo), hi), best_action
