"""Alpha-beta with a quiescence search on chess positions, as chess-quiescence expects.

Nothing here knows chess: the game answers the same calls as a tree does, so
``examples/quiescence/correct.py`` passes this assignment too. Down to the depth limit
this is fail-hard alpha-beta over the moves in the order ``game.actions`` lists them (UCI
texts, alphabetical), the first best kept on ties, values for White (player 0).

At the horizon a non-terminal position is not simply evaluated: its material is the
*stand-pat* value (the player to move may decline to capture), offered as the node's
first move, so it may cut the node off at once. Unless the position is quiet, each of
its captures and promotions (``game.noisy_actions``) is then searched the same way; a
capture that ends the game (checkmate) gives its utility. ``game.quiescence_depth``, when
a test sets it, is the most noisy plies played past the horizon.
"""

from __future__ import annotations

import math


def quiescence(game, state, depth):
    """Return (value for player 0, best action at ``state``; None at the horizon)."""
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
    stand_pat = game.evaluate(state, 0)
    if left == 0 or game.is_quiet(state):
        return stand_pat
    node = _Node(game.to_move(state) == 0, alpha, beta, strict)
    if node.offer(stand_pat, None):
        return node.value()  # standing pat is already too good: no capture is searched
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
