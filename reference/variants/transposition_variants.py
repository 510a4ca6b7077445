"""Known wrong versions of alpha-beta with a transposition table
(:func:`reference.transposition.transposition`).

Besides alpha-beta's own mistakes, the table's: no table at all, a bound stored as an
exact value, the bound flags swapped, an entry of a shallower search read, and a table
that keeps or leaves out bounds or leaves against what the test sets.
"""

from __future__ import annotations

import math
from typing import Any

from reference.api import Action, DepthUnit, Game, Value, check_two_player, plies
from reference.transposition import Bound, Entry, Table, bound_of
from reference.variants.alphabeta_variants import SENTENCES as ALPHABETA_SENTENCES
from reference.variants.faults import (
    PRUNING_FAULTS,
    SEARCH_FAULTS,
    TURN_FAULTS,
    Fault,
    Turn,
    evaluates_first,
    in_order,
    maximizes,
    start_depth,
    variants,
)
from reference.variants.faulty_window import Rules

NO_TABLE = Fault("no-table")
BOUND_AS_EXACT = Fault("bound-stored-as-exact")
FLAGS_SWAPPED = Fault("bound-flags-swapped")
DEPTH_IGNORED = Fault("entry-depth-ignored")
NO_BOUNDS = Fault("bounds-not-stored")
BOUNDS_KEPT = Fault("bounds-stored")
NO_LEAVES = Fault("leaves-not-stored")
LEAVES_KEPT = Fault("leaves-stored")

_SWAPPED: dict[Bound, Bound] = {"upper": "lower", "lower": "upper", "exact": "exact"}


class _FaultyTable(Table):
    """The reference's table, bent by one fault."""

    __slots__ = ("fault",)

    def __init__(self, *, bounds: bool, leaves: bool, fault: Fault | None) -> None:
        if fault is NO_BOUNDS:
            bounds = False  # the mistake: only exact values are kept
        elif fault is BOUNDS_KEPT:
            bounds = True  # the mistake: bounds are kept where the test keeps none
        if fault is NO_LEAVES:
            leaves = False  # the mistake: leaves are read again
        elif fault is LEAVES_KEPT:
            leaves = True  # the mistake: leaves are kept where the test reads them again
        super().__init__(bounds=bounds, leaves=leaves)
        self.fault = fault

    def usable(self, s: Any, depth: int) -> Entry | None:
        if self.fault is NO_TABLE:
            return None  # the mistake: the table is never read
        if self.fault is DEPTH_IGNORED:
            return self.entries.get(s)  # the mistake: an entry of any depth answers
        return super().usable(s, depth)

    def store(self, s: Any, depth: int, value: Value, action: Action | None,
              window: tuple[Value, Value]) -> None:
        alpha, beta = window
        if self.fault is NO_TABLE or alpha >= beta:
            return
        bound = bound_of(value, alpha, beta)
        if self.fault is BOUND_AS_EXACT:
            bound = "exact"  # the mistake: a value that failed low or high kept as exact
        elif self.fault is FLAGS_SWAPPED:
            bound = _SWAPPED[bound]  # the mistake: failing low kept as a lower bound
        if bound == "exact" or self.bounds:
            self.entries[s] = Entry(depth, value, bound, action)


def transposition_variant(
    fault: Fault | None,
    game: Game,
    state: Any,
    depth: int,
    *,
    tt_bounds: bool = True,
    tt_leaves: bool = False,
    prune_on_equality: bool = True,
    fail_soft: bool = False,
    depth_unit: DepthUnit = "ply",
) -> tuple[Value, Action | None]:
    """Alpha-beta value of ``state`` for player 0 (MAX) and MAX's first best action, as
    the transposition-table reference computes them but with ``fault`` (None: exactly the
    reference)."""
    check_two_player(game, "transposition")
    rules = Rules(fault, prune_on_equality, fail_soft)
    table = _FaultyTable(bounds=tt_bounds, leaves=tt_leaves, fault=fault)
    d = start_depth(plies(game, depth, depth_unit), fault)
    at_root = Turn.at_root(game, state, fault)
    return _search(game, state, d, -math.inf, math.inf, rules, table, at_root)


def _search(
    game: Game,
    s: Any,
    depth: int,
    alpha: Value,
    beta: Value,
    rules: Rules,
    table: _FaultyTable,
    turn: Turn,
) -> tuple[Value, Action | None]:
    answer, alpha, beta = table.probe(s, depth, alpha, beta, rules.eq)
    if answer is not None:
        return answer.value, answer.action
    if evaluates_first(rules.fault, depth):
        return game.evaluate(s, turn.me), None  # the mistake: is_terminal is never asked here
    if game.is_terminal(s):
        return table.leaf(s, depth, game.utility(s, turn.me)), None
    if turn.cut_off(rules.fault, depth):
        return table.leaf(s, depth, game.evaluate(s, turn.me)), None
    window = rules.window(maximizes(game, s, rules.fault, turn), alpha, beta)
    for a in in_order(game.actions(s), rules.fault):
        lo, hi = window.child_window(turn.root)
        child_depth, child_turn = turn.child(rules.fault, depth)
        value, _ = _search(game, game.result(s, a), child_depth, lo, hi, rules, table, child_turn)
        if window.offer(value, a):
            break  # cut-off, as this variant tests it
    value, action = window.result(rules.soft)
    table.store(s, depth, value, action, (alpha, beta))
    return value, action


VARIANTS = variants(
    "transposition",
    transposition_variant,
    [
        NO_TABLE,
        BOUND_AS_EXACT,
        FLAGS_SWAPPED,
        DEPTH_IGNORED,
        NO_BOUNDS,
        BOUNDS_KEPT,
        NO_LEAVES,
        LEAVES_KEPT,
        *PRUNING_FAULTS,
        Fault.ROOT_WINDOW,
        *SEARCH_FAULTS,
        Fault.PERSPECTIVE,
        Fault.FAIL_SOFT,  # (no test pins fail-soft: fail-hard is never a mistake here)
        Fault.WINDOW_SWAPPED,
        Fault.BOUNDS_SWAPPED,
        *TURN_FAULTS,
    ],
    {
        **ALPHABETA_SENTENCES,
        NO_TABLE: "you search a position again when another path reaches it; store each "
        "searched state's value (with the depth it was searched to) and look it up first",
        BOUND_AS_EXACT: "you store a value that failed low or high as exact; a value at or "
        "below alpha is only an upper bound, one at or above beta only a lower bound",
        FLAGS_SWAPPED: "you store a value that failed low as a lower bound and one that "
        "failed high as an upper bound; failing low (value <= alpha) proves an upper bound, "
        "failing high (value >= beta) a lower bound",
        DEPTH_IGNORED: "you answer from an entry searched to fewer plies than are left now; "
        "such an entry is too shallow: search the state again",
        NO_BOUNDS: "you store only exact values; this test stores bounds too "
        "(game.tt_bounds is True): a value that failed low or high is kept as an upper or "
        "lower bound, which narrows the window when the state is reached again",
        BOUNDS_KEPT: "you store bounds; this test keeps only exact values "
        "(game.tt_bounds is False)",
        NO_LEAVES: "you evaluate a leaf again when another path reaches it; this test "
        "stores leaves too (game.tt_leaves is True)",
        LEAVES_KEPT: "you store leaves; this test evaluates a leaf again each time it is "
        "reached (game.tt_leaves is False)",
    },
)
"""Transposition tables' variants, the simplest mistake first."""
