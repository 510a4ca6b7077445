"""An alpha-beta node's window, as :class:`reference.window.Window` keeps it, but with a fault.

With no fault it behaves exactly as ``Window``: the first best action on ties, a cut-off
when the best value reaches the bound (``>=``) or only passes it (``>``), a fail-hard
clamp unless fail-soft is asked.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from reference.api import Action, Value
from reference.variants.faults import Fault, improves, prunes_on_equality


@dataclass(frozen=True)
class Rules:
    """What every node of one alpha-beta run shares: the fault and the conventions."""

    fault: Fault | None
    eq: bool  # prune_on_equality
    fail_soft: bool

    @property
    def soft(self) -> bool:
        """Whether values come back fail-soft, as the variant returns them."""
        if self.fault is Fault.FAIL_SOFT:
            return True  # the mistake: no clamp where fail-hard is asked
        if self.fault is Fault.FAIL_HARD:
            return False  # the mistake: a clamp where fail-soft is asked
        return self.fail_soft

    def window(self, maximizing: bool, alpha: Value, beta: Value) -> FaultyWindow:
        return FaultyWindow(maximizing, alpha, beta, self.eq, self.fault)


class FaultyWindow:
    """A node's ``[alpha, beta]`` window and best child so far, bent by one fault."""

    __slots__ = (
        "action", "alpha", "best", "beta", "eq", "fault", "initial", "maximizing", "seen"
    )

    def __init__(
        self, maximizing: bool, alpha: Value, beta: Value, eq: bool, fault: Fault | None
    ) -> None:
        self.maximizing = maximizing
        self.alpha = alpha
        self.beta = beta
        self.eq = eq
        self.fault = fault
        self.initial = (alpha, beta)
        self.best: Value = -math.inf if maximizing else math.inf
        self.action: Action | None = None
        self.seen = False

    def offer(self, value: Value, action: Action | None) -> bool:
        """Take a child's value; True when the node is cut off."""
        if improves(value, self.best if self.seen else None, self.maximizing, self.fault):
            self.best, self.action, self.seen = value, action, True
        if self.cuts():
            return True
        if self.maximizing:
            self.alpha = max(self.alpha, self.best)
        else:
            self.beta = min(self.beta, self.best)
        return False

    def cuts(self) -> bool:
        """Whether the best value so far cuts the node off, as this variant tests it."""
        if self.fault is Fault.NO_PRUNING:
            return False  # the mistake: never a cut-off
        eq = prunes_on_equality(self.eq, self.fault)
        swapped = self.fault is Fault.BOUNDS_SWAPPED  # the mistake: MAX tests alpha, MIN beta
        if self.maximizing:
            bound = self.alpha if swapped else self.beta
            return self.best >= bound if eq else self.best > bound
        bound = self.beta if swapped else self.alpha
        return self.best <= bound if eq else self.best < bound

    def child_window(self, at_root: bool) -> tuple[Value, Value]:
        """The window the next child is searched with."""
        if self.fault is Fault.ROOT_WINDOW and at_root:
            return self.initial  # the mistake: the root's children never see its alpha
        if self.fault is Fault.WINDOW_SWAPPED:
            return self.beta, self.alpha  # the mistake: (beta, alpha) passed down
        return self.alpha, self.beta

    def result(self, soft: bool) -> tuple[Value, Action | None]:
        """The node's value and best action; fail-hard clamps the value into the window."""
        if soft:
            return self.best, self.action
        return min(max(self.best, self.alpha), self.beta), self.action
