"""A wrong quiescence search on chess positions: no stand-pat, so a side must capture.

Past the horizon a position with a capture is never evaluated: the player to move must
capture, and the position is worth the best capture. But a player may decline: in the
``stand-pat`` test Black would never play Qxa3 while b2 guards a3, yet this search makes
Black take and lose the queen, so every quiet White move looks a queen better than it is.
"""

from __future__ import annotations

import math


def quiescence(game, state, depth):
    """Return (value for player 0, best action), forcing a capture past the horizon."""
    limit = getattr(game, "quiescence_depth", None)
    extra = math.inf if limit is None else limit
    strict = getattr(game, "prune_on_equality", True) is False
    return _search(game, state, depth, -math.inf, math.inf, extra, strict)


def _search(game, state, depth, alpha, beta, extra, strict):
    """Alpha-beta down to the horizon, where ``_quiesce`` takes over."""
    if game.is_terminal(state):
        return game.utility(state, 0), None
    if depth == 0:
        return _quiesce(game, state, alpha, beta, extra, strict), None
    node = _Node(game.to_move(state) == 0, alpha, beta, strict)
    for action in game.actions(state):
        child = game.result(state, action)
        value, _ = _search(game, child, depth - 1, node.alpha, node.beta, extra, strict)
        if node.offer(value, action):
            break  # the player above will never let the game reach this node
    return node.value(), node.action


def _quiesce(game, state, alpha, beta, left, strict):
    """Value of a non-terminal node past the horizon, with ``left`` noisy plies to go."""
    if left == 0 or game.is_quiet(state):
        return game.evaluate(state, 0)
    # the mistake: no stand-pat; the evaluation should be offered first as a move
    node = _Node(game.to_move(state) == 0, alpha, beta, strict)
    for action in game.noisy_actions(state):
        child = game.result(state, action)
        if game.is_terminal(child):
            value = game.utility(child, 0)
        else:
            value = _quiesce(game, child, node.alpha, node.beta, left - 1, strict)
        if node.offer(value, action):
            break
    return node.value()


class _Node:
    """One node's window [alpha, beta] and its best value and action so far."""

    def __init__(self, maximizing, alpha, beta, strict):
        self.maximizing, self.alpha, self.beta, self.strict = maximizing, alpha, beta, strict
        self.best = -math.inf if maximizing else math.inf
        self.action = None
        self.seen = False

    def offer(self, value, action):
        """Take a child's value; return True when the node is cut off."""
        if self.maximizing:
            if value > self.best or not self.seen:
                self.best, self.action, self.seen = value, action, True
            if self.best > self.beta if self.strict else self.best >= self.beta:
                return True
            self.alpha = max(self.alpha, self.best)
        else:
            if value < self.best or not self.seen:
                self.best, self.action, self.seen = value, action, True
            if self.best < self.alpha if self.strict else self.best <= self.alpha:
                return True
            self.beta = min(self.beta, self.best)
        return False

    def value(self):
        """The node's value, clamped into its window (fail-hard)."""
        return min(max(self.best, self.alpha), self.beta)
