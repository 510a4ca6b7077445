"""Known wrong versions of alpha-beta with killer moves (:func:`reference.killers.killers`).

Besides alpha-beta's own mistakes, the killer table's: no killers at all, one table for
every ply, the best move of every node remembered (not only the moves that cut off), a
killer tried where it is not legal (the game refuses it), a killer searched a second time
in its own place, the killers tried oldest first, and the wrong number of killers a ply.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from reference.api import Action, DepthUnit, Game, Value, check_two_player, plies
from reference.killers import KILLERS_PER_PLY
from reference.ordering import promote
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

NO_KILLERS = Fault("no-killers")
KILLER_ON_BEST = Fault("killer-on-best-move")
KILLERS_SHARED = Fault("killers-shared-across-plies")
ILLEGAL_KILLER = Fault("illegal-killer-tried")
KILLER_TWICE = Fault("killer-searched-twice")
OLDEST_FIRST = Fault("killers-oldest-first")
ONE_KILLER = Fault("one-killer-per-ply")
IGNORES_SIZE = Fault("ignores-killers-per-ply")


class _Table:
    """The killer moves of each ply, most recent first, as the variant keeps them."""

    def __init__(self, size: int, fault: Fault | None) -> None:
        self.size = size
        self.fault = fault
        self.plies: list[list[Action]] = []

    def at(self, ply: int) -> list[Action]:
        if self.fault is KILLERS_SHARED:
            ply = 0  # the mistake: one list of killers for every ply
        while len(self.plies) <= ply:
            self.plies.append([])
        return self.plies[ply]

    def remember(self, ply: int, a: Action) -> None:
        slot = self.at(ply)
        if slot and slot[0] == a:
            return
        slot[:] = [a, *(k for k in slot if k != a)][: self.size]

    def order(self, ply: int, actions: Sequence[Action]) -> list[Action]:
        """The order in which a node's moves are searched."""
        slot = self.at(ply)
        if self.fault is NO_KILLERS:
            return list(actions)  # the mistake: the killers are never tried first
        if self.fault is ILLEGAL_KILLER:
            # the mistake: every killer is tried, legal here or not
            return [*slot, *(a for a in actions if a not in slot)]
        if self.fault is KILLER_TWICE:
            # the mistake: the legal killers first, then every move again in its place
            return [*(k for k in slot if k in actions), *actions]
        if self.fault is OLDEST_FIRST:
            return promote(actions, reversed(slot))  # the mistake: the oldest killer first
        return promote(actions, slot)


def killers_variant(
    fault: Fault | None,
    game: Game,
    state: Any,
    depth: int,
    *,
    killers_per_ply: int = KILLERS_PER_PLY,
    prune_on_equality: bool = True,
    fail_soft: bool = False,
    depth_unit: DepthUnit = "ply",
) -> tuple[Value, Action | None]:
    """Alpha-beta value of ``state`` for player 0 (MAX) and MAX's first best action, as
    the killer-move reference computes them but with ``fault`` (None: exactly the
    reference)."""
    check_two_player(game, "killers")
    if isinstance(killers_per_ply, bool) or not isinstance(killers_per_ply, int):
        raise ValueError(f"killers_per_ply must be a whole number >= 1, not {killers_per_ply!r}")
    if killers_per_ply < 1:
        raise ValueError(f"killers_per_ply must be a whole number >= 1, not {killers_per_ply}")
    size = killers_per_ply
    if fault is ONE_KILLER:
        size = 1  # the mistake: a single killer a ply
    elif fault is IGNORES_SIZE:
        size = KILLERS_PER_PLY  # the mistake: game.killers_per_ply is never read
    rules = Rules(fault, prune_on_equality, fail_soft)
    d = start_depth(plies(game, depth, depth_unit), fault)
    at_root = Turn.at_root(game, state, fault)
    return _search(game, state, d, 0, -math.inf, math.inf, rules, _Table(size, fault), at_root)


def _search(
    game: Game,
    s: Any,
    depth: int,
    ply: int,
    alpha: Value,
    beta: Value,
    rules: Rules,
    table: _Table,
    turn: Turn,
) -> tuple[Value, Action | None]:
    if evaluates_first(rules.fault, depth):
        return game.evaluate(s, turn.me), None  # the mistake: is_terminal is never asked here
    if game.is_terminal(s):
        return game.utility(s, turn.me), None
    if turn.cut_off(rules.fault, depth):
        return game.evaluate(s, turn.me), None
    window = rules.window(maximizes(game, s, rules.fault, turn), alpha, beta)
    for a in table.order(ply, in_order(game.actions(s), rules.fault)):
        lo, hi = window.child_window(turn.root)
        child_depth, child_turn = turn.child(rules.fault, depth)
        value, _ = _search(
            game, game.result(s, a), child_depth, ply + 1, lo, hi, rules, table, child_turn
        )
        if window.offer(value, a):
            table.remember(ply, a)
            break  # cut-off, as this variant tests it; ``a`` is the newest killer
    if rules.fault is KILLER_ON_BEST and window.action is not None:
        table.remember(ply, window.action)  # the mistake: every node's best move is a killer
    return window.result(rules.soft)


VARIANTS = variants(
    "killers",
    killers_variant,
    [
        NO_KILLERS,
        KILLER_ON_BEST,
        KILLERS_SHARED,
        ILLEGAL_KILLER,
        KILLER_TWICE,
        OLDEST_FIRST,
        ONE_KILLER,
        IGNORES_SIZE,
        *PRUNING_FAULTS,
        Fault.ROOT_WINDOW,
        *SEARCH_FAULTS,
        Fault.PERSPECTIVE,
        Fault.FAIL_SOFT,
        Fault.FAIL_HARD,
        Fault.WINDOW_SWAPPED,
        Fault.BOUNDS_SWAPPED,
        *TURN_FAULTS,
    ],
    {
        **ALPHABETA_SENTENCES,
        NO_KILLERS: "you search every node's moves in action order; first try the killer "
        "moves of the node's ply (the moves that caused a cut-off at that ply before), "
        "then the other moves",
        KILLER_ON_BEST: "you remember the best move of every node as a killer; a killer is "
        "only a move that caused a cut-off",
        KILLERS_SHARED: "you keep one list of killers for the whole tree; each ply (distance "
        "from the root) has its own killers",
        ILLEGAL_KILLER: "you play a killer move where it is not legal; try a killer only if "
        "it is in game.actions(s) at that node",
        KILLER_TWICE: "you search a killer move first and then again in its place among the "
        "other moves; search each move of a node once",
        OLDEST_FIRST: "you try the oldest killer of the ply first; try the most recent "
        "killer first",
        ONE_KILLER: "you keep only one killer move a ply; this test keeps the last "
        "game.killers_per_ply (2 when absent)",
        IGNORES_SIZE: "you keep two killer moves a ply; this test keeps only "
        "game.killers_per_ply of them",
    },
)
"""Killer moves' variants, the simplest mistake first."""
