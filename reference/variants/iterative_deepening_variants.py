"""Known wrong versions of iterative deepening
(:func:`reference.iterative_deepening.iterative_deepening`), one fault each."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from reference.api import Action, DepthUnit, Game, Value, check_two_player, plies
from reference.iterative_deepening import TimeUp
from reference.ordering import promote
from reference.variants.faults import Fault, in_order, start_depth, variants
from reference.variants.faulty_window import Rules

UNFINISHED = Fault("unfinished-iteration")
NOT_FIRST = Fault("previous-best-not-first")
ROOT_CLOCK = Fault("clock-at-root-only")
ONE_ITERATION = Fault("single-iteration")

Answer = tuple[Value, Action | None]


@dataclass(frozen=True)
class _Iteration:
    """What every node of one iteration shares."""

    rules: Rules
    clock: bool  # this iteration reads the clock (a budget, and not the first iteration)

    @property
    def fault(self) -> Fault | None:
        return self.rules.fault

    def time_is_up(self, game: Game, at_root: bool) -> bool:
        """Whether the clock stops the search at this node, as this variant asks it."""
        if not self.clock or (self.fault is ROOT_CLOCK and not at_root):
            return False  # the mistake (ROOT_CLOCK): the clock is read only at the root
        return game.time_left() <= 0


def iterative_deepening_variant(
    fault: Fault | None,
    game: Game,
    state: Any,
    depth: int,
    *,
    prune_on_equality: bool = True,
    fail_soft: bool = False,
    depth_unit: DepthUnit = "ply",
    time_budget: int | None = None,
) -> Answer:
    """Value of ``state`` for player 0 (MAX) and MAX's best action, as the reference
    computes them but with ``fault`` (None: exactly the reference)."""
    check_two_player(game, "iterative_deepening")
    d = start_depth(plies(game, depth, depth_unit), fault)
    rules = Rules(fault, prune_on_equality, fail_soft)
    if d == 0:
        return _search(game, state, 0, -math.inf, math.inf, _Iteration(rules, False))
    result: Answer = (0, None)
    first = d if fault is ONE_ITERATION else 1  # the mistake: no shallower iteration
    for k in range(first, d + 1):
        iteration = _Iteration(rules, time_budget is not None and k > 1)
        result, finished = _root(game, state, k, result, iteration)
        if not finished or result[1] is None:
            break  # time is up, or a terminal root
    return result


def _root(game: Game, s: Any, depth: int, previous: Answer, it: _Iteration) -> tuple[Answer, bool]:
    """One iteration from the root: its answer, and whether it was completed."""
    if it.time_is_up(game, at_root=True):
        return previous, False
    if game.is_terminal(s):
        return (game.utility(s, 0), None), True
    window = it.rules.window(game.to_move(s) == 0, -math.inf, math.inf)
    for a in _root_order(game.actions(s), previous[1], it.fault):
        try:
            value, _ = _search(game, game.result(s, a), depth - 1, *window.child_window(True), it)
        except TimeUp:
            if it.fault is UNFINISHED and window.seen:
                return window.result(it.rules.soft), False  # the mistake: its best so far
            return previous, False
        if window.offer(value, a):
            break  # cut-off, as this variant tests it
    return window.result(it.rules.soft), True


def _root_order(
    actions: Sequence[Action], best: Action | None, fault: Fault | None
) -> list[Action]:
    if fault is NOT_FIRST:
        return in_order(actions, fault)  # the mistake: the previous best is not tried first
    return promote(in_order(actions, fault), [best])


def _search(game: Game, s: Any, depth: int, alpha: Value, beta: Value, it: _Iteration) -> Answer:
    if it.time_is_up(game, at_root=False):
        raise TimeUp
    if game.is_terminal(s):
        return game.utility(s, 0), None
    if depth == 0:
        return game.evaluate(s, 0), None
    window = it.rules.window(game.to_move(s) == 0, alpha, beta)
    for a in in_order(game.actions(s), it.fault):
        value, _ = _search(game, game.result(s, a), depth - 1, *window.child_window(False), it)
        if window.offer(value, a):
            break  # cut-off, as this variant tests it
    return window.result(it.rules.soft)


VARIANTS = variants(
    "iterative_deepening",
    iterative_deepening_variant,
    [
        Fault.NO_PRUNING,
        Fault.DEPTH_MINUS_ONE,
        Fault.DEPTH_PLUS_ONE,
        ONE_ITERATION,
        NOT_FIRST,
        UNFINISHED,
        ROOT_CLOCK,
        Fault.TIES_LAST,
    ],
    {
        Fault.NO_PRUNING: "you never prune: each iteration is alpha-beta, which stops "
        "searching a node's children as soon as its value can no longer change the choice "
        "above it",
        Fault.DEPTH_MINUS_ONE: "your last iteration is one ply short of the depth you are "
        "given; iterate from depth 1 up to the depth itself",
        Fault.DEPTH_PLUS_ONE: "you iterate one ply past the depth you are given; the last "
        "iteration searches to the depth itself",
        ONE_ITERATION: "you search only at the full depth; iterative deepening searches "
        "depth 1, then 2, and so on up to it",
        NOT_FIRST: "each iteration searches the root's moves in action order; try the "
        "previous iteration's best move first, then the others in action order",
        UNFINISHED: "when time runs out you return the best move of the unfinished "
        "iteration; abandon it and return the answer of the deepest iteration completed",
        ROOT_CLOCK: "you read the clock only before each iteration, so an iteration runs "
        "on after time is up; ask game.time_left() on entering every node and abandon the "
        "iteration when it is 0 or less",
        Fault.TIES_LAST: "on ties you keep the last best action; keep the first, in the "
        "order the moves are searched (the previous best first at the root)",
    },
)
"""Iterative deepening's variants, the simplest mistake first."""
