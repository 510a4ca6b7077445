"""A wrong killer-move search: the best move of every node becomes a killer.

It remembers a node's best move when the node is done, whether or not that move cut it
off. In ``best-is-no-killer``, B's best move x cut nothing (alpha is -inf at B), yet it
is tried first at C, which reads Cx before its y cuts.
"""

from __future__ import annotations

import math


def killers(game, state, depth):
    """Return (value for player 0, best action at ``state``)."""
    search = _Search(game)
    return search.value(state, depth, 0, -math.inf, math.inf)


class _Search:
    def __init__(self, game):
        self.game = game
        self.strict = getattr(game, "prune_on_equality", True) is False
        self.size = getattr(game, "killers_per_ply", 2)
        self.table = {}  # ply -> killer moves, most recent first

    def ordered(self, state, ply):
        moves = list(self.game.actions(state))
        first = [k for k in self.table.get(ply, []) if k in moves]
        return first + [m for m in moves if m not in first]

    def remember(self, ply, move):
        slot = self.table.get(ply, [])
        if slot and slot[0] == move:
            return
        self.table[ply] = ([move] + [k for k in slot if k != move])[: self.size]

    def value(self, state, depth, ply, alpha, beta):
        game = self.game
        if game.is_terminal(state):
            return game.utility(state, 0), None
        if depth == 0:
            return game.evaluate(state, 0), None
        maximizing = game.to_move(state) == 0
        best_value = -math.inf if maximizing else math.inf
        best_action = None
        for action in self.ordered(state, ply):
            child = game.result(state, action)
            value, _ = self.value(child, depth - 1, ply + 1, alpha, beta)
            if maximizing:
                if value > best_value or best_action is None:
                    best_value, best_action = value, action
                if best_value > beta if self.strict else best_value >= beta:
                    break
                alpha = max(alpha, best_value)
            else:
                if value < best_value or best_action is None:
                    best_value, best_action = value, action
                if best_value < alpha if self.strict else best_value <= alpha:
                    break
                beta = min(beta, best_value)
        self.remember(ply, best_action)  # every best move, not only the cut-offs
        return min(max(best_value, alpha), beta), best_action
