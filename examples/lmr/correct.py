"""Alpha-beta with late-move reductions, as the lmr assignment expects it.

Alpha-beta (fail-hard). At a node with ``depth`` plies to go, the first
``game.lmr_full`` moves (2 when absent) are searched to ``depth - 1`` plies. A later move
is first searched to ``depth - 1 - game.lmr_reduction`` plies (1 when absent: the notes'
depth - 2), when that is not below 0. With ``game.lmr_research`` False that value
stands; otherwise the reduced search only tells whether the move beats the bound of the
player to move, and a move that does is searched again at full depth. That test uses the
node's own window, or the null window where ``game.lmr_window`` is ``"null"``. Tests
with ``prune_on_equality: false`` prune only on a strict inequality.
"""

from __future__ import annotations

import math


def lmr(game, state, depth):
    """Return (value for player 0, best action at ``state``)."""
    return _Search(game).value(state, depth, -math.inf, math.inf)


class _Search:
    def __init__(self, game):
        self.game = game
        self.strict = getattr(game, "prune_on_equality", True) is False
        self.full = getattr(game, "lmr_full", 2)
        self.reduction = getattr(game, "lmr_reduction", 1)
        self.research = getattr(game, "lmr_research", True)
        self.null = getattr(game, "lmr_window", "full") == "null"

    def value(self, state, depth, alpha, beta):
        game = self.game
        if game.is_terminal(state):
            return game.utility(state, 0), None
        if depth == 0:
            return game.evaluate(state, 0), None
        maximizing = game.to_move(state) == 0
        best_value = -math.inf if maximizing else math.inf
        best_action = None
        for i, action in enumerate(game.actions(state)):
            child = game.result(state, action)
            value = self.move(child, i, depth, alpha, beta, maximizing)
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
        return min(max(best_value, alpha), beta), best_action

    def move(self, child, i, depth, alpha, beta, maximizing):
        """The value of the ``i``-th move (from 0), reduced if it is a late one."""
        shallow = depth - 1 - self.reduction
        if i < self.full or self.reduction == 0 or shallow < 0:
            return self.value(child, depth - 1, alpha, beta)[0]
        if not self.research:
            return self.value(child, shallow, alpha, beta)[0]
        lo, hi = alpha, beta
        if self.null:
            lo, hi = (alpha, alpha + 1) if maximizing else (beta - 1, beta)
        value = self.value(child, shallow, lo, hi)[0]
        beats = value > alpha if maximizing else value < beta
        if beats:
            value = self.value(child, depth - 1, alpha, beta)[0]
        return value
