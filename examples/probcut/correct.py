"""Alpha-beta with ProbCut, as the probcut assignment expects it.

Alpha-beta, fail-hard unless ``game.fail_soft`` asks for fail-soft. At every node with
exactly ``game.probcut_depth`` plies to go, before its moves, two null-window searches of
``game.probcut_shallow`` plies test whether the prediction ``a * v' + b`` of the deep value
lies outside the window by ``t * sigma``: first against beta (window ``(B - 1, B)``), then
against alpha (window ``(B, B + 1)``), each only when that bound is finite. A node cut off
returns the bound. The conventions are read from ``game`` (the defaults when an attribute
is absent).
"""

from __future__ import annotations

import math


def probcut(game, state, depth):
    """Return (value for player 0, best action at ``state``)."""
    return _Search(game).value(state, depth, -math.inf, math.inf)


class _Search:
    def __init__(self, game):
        self.game = game
        self.strict = getattr(game, "prune_on_equality", True) is False
        self.soft = getattr(game, "fail_soft", False) is True
        self.height = getattr(game, "probcut_depth", 2)
        self.shallow = getattr(game, "probcut_shallow", 1)
        self.a = getattr(game, "probcut_a", 1.0)
        self.b = getattr(game, "probcut_b", 0.0)
        self.margin = getattr(game, "probcut_t", 1.0) * getattr(game, "probcut_sigma", 1.0)

    def cut(self, state, alpha, beta):
        """The bound ``state`` is cut off with, or None."""
        if beta != math.inf:
            bound = (beta - self.b + self.margin) / self.a
            if self.value(state, self.shallow, bound - 1, bound)[0] >= bound:
                return beta
        if alpha != -math.inf:
            bound = (alpha - self.b - self.margin) / self.a
            if self.value(state, self.shallow, bound, bound + 1)[0] <= bound:
                return alpha
        return None

    def value(self, state, depth, alpha, beta):
        game = self.game
        if game.is_terminal(state):
            return game.utility(state, 0), None
        if depth == 0:
            return game.evaluate(state, 0), None
        if depth == self.height:
            bound = self.cut(state, alpha, beta)
            if bound is not None:
                return bound, None
        maximizing = game.to_move(state) == 0
        best_value = -math.inf if maximizing else math.inf
        best_action = None
        for action in game.actions(state):
            value, _ = self.value(game.result(state, action), depth - 1, alpha, beta)
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
        if self.soft:
            return best_value, best_action
        return min(max(best_value, alpha), beta), best_action
