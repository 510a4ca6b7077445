"""A wrong killer-move search: it keeps the killer table but never uses it.

It remembers the moves that cut off, yet searches every node's moves in action order,
as plain alpha-beta does. Its value and action are right; the nodes it expands and
evaluates are not wherever a killer would have been tried first: in ``notes-diagram``
D is searched a, b, c where the killer c comes first and cuts at once.
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
        return moves  # the killers are never tried first

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
                    self.remember(ply, action)
                    break
                alpha = max(alpha, best_value)
            else:
                if value < best_value or best_action is None:
                    best_value, best_action = value, action
                if best_value < alpha if self.strict else best_value <= alpha:
                    self.remember(ply, action)
                    break
                beta = min(beta, best_value)
        return min(max(best_value, alpha), beta), best_action
