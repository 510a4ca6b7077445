"""The alpha-beta bookkeeping of one node: its window, the best value and action so far.

Every alpha-beta variant of this package folds a node's child values through a
:class:`Window`, so they share one rule for ties (the first best action), one cut-off
test (``>=`` or only ``>``) and one fail-hard clamp, exactly those of
:func:`reference.alphabeta.alphabeta`.
"""

from __future__ import annotations

import math

from reference.api import Action, Value


class Window:
    """A node's ``[alpha, beta]`` window and best child so far, for MAX or for MIN.

    ``eq`` is the ``prune_on_equality`` convention: cut when the best value reaches the
    bound (``>=``), or only when it passes it (``>``).
    """

    __slots__ = ("action", "alpha", "best", "beta", "eq", "maximizing", "seen")

    def __init__(self, maximizing: bool, alpha: Value, beta: Value, eq: bool) -> None:
        self.maximizing = maximizing
        self.alpha = alpha
        self.beta = beta
        self.eq = eq
        self.best: Value = -math.inf if maximizing else math.inf
        self.action: Action | None = None
        self.seen = False

    def offer(self, value: Value, action: Action | None) -> bool:
        """Take ``value`` if it is the first or strictly better for the player to move.

        Returns True when the node is cut off: the player above already has a better
        choice than anything this node can now give it.
        """
        if self.maximizing:
            if value > self.best or not self.seen:
                self.best, self.action, self.seen = value, action, True
            if self.best >= self.beta if self.eq else self.best > self.beta:
                return True  # cut-off: MIN above has a move no better than this for MAX
            self.alpha = max(self.alpha, self.best)
        else:
            if value < self.best or not self.seen:
                self.best, self.action, self.seen = value, action, True
            if self.best <= self.alpha if self.eq else self.best < self.alpha:
                return True  # cut-off: MAX above already has a move at least this good
            self.beta = min(self.beta, self.best)
        return False

    def result(self, soft: bool) -> tuple[Value, Action | None]:
        """The node's value and best action; fail-hard clamps the value into the window."""
        if soft:
            return self.best, self.action
        return min(max(self.best, self.alpha), self.beta), self.action
