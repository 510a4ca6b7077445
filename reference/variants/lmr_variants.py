"""Known wrong versions of alpha-beta with late-move reductions (:func:`reference.lmr.lmr`).

Besides alpha-beta's own mistakes, the reductions': none at all, the first moves reduced
too, a late move that beats the bound never searched again (or searched again where the
test keeps the reduced value), one ply too many taken off, and the test's numbers of full
moves or plies reduced left unread.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

from reference.api import Action, DepthUnit, Game, Value, check_two_player, plies
from reference.lmr import (
    LMR_FULL,
    LMR_REDUCTION,
    Reductions,
    TestWindow,
    check_reductions,
    test_window,
)
from reference.variants.alphabeta_variants import SENTENCES as ALPHABETA_SENTENCES
from reference.variants.faults import (
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
from reference.variants.faulty_window import FaultyWindow, Rules

NO_REDUCTION = Fault("no-reductions")
FIRST_REDUCED = Fault("first-moves-reduced")
NO_RESEARCH = Fault("no-re-search")
RESEARCH = Fault("re-search-not-asked")
TOO_SHALLOW = Fault("reduced-one-ply-too-many")
IGNORES_FULL = Fault("ignores-lmr-full")
IGNORES_REDUCTION = Fault("ignores-lmr-reduction")


def _bent(conv: Reductions, fault: Fault | None) -> Reductions:
    """The reductions as the variant makes them."""
    if fault is NO_REDUCTION:
        return dataclasses.replace(conv, reduction=0)  # the mistake: nothing is reduced
    if fault is FIRST_REDUCED:
        return dataclasses.replace(conv, full=1)  # the mistake: every move after the first
    if fault is TOO_SHALLOW:
        return dataclasses.replace(conv, reduction=conv.reduction + 1)  # one ply too many
    if fault is IGNORES_FULL:
        return dataclasses.replace(conv, full=LMR_FULL)  # the mistake: lmr_full never read
    if fault is IGNORES_REDUCTION:
        return dataclasses.replace(conv, reduction=LMR_REDUCTION)  # lmr_reduction never read
    if fault is RESEARCH:
        return dataclasses.replace(conv, research=True)  # the mistake: always re-searched
    return conv


def lmr_variant(
    fault: Fault | None,
    game: Game,
    state: Any,
    depth: int,
    *,
    lmr_full: int = LMR_FULL,
    lmr_reduction: int = LMR_REDUCTION,
    lmr_research: bool = True,
    lmr_window: TestWindow = "null",
    prune_on_equality: bool = True,
    fail_soft: bool = False,
    depth_unit: DepthUnit = "ply",
) -> tuple[Value, Action | None]:
    """Value of ``state`` for player 0 (MAX) and MAX's first best action, as the
    late-move-reduction reference computes them but with ``fault`` (None: exactly the
    reference)."""
    check_two_player(game, "lmr")
    check_reductions(lmr_full, lmr_reduction, lmr_window)
    conv = Reductions(
        lmr_full, lmr_reduction, lmr_research, lmr_window, prune_on_equality, fail_soft
    )
    rules = Rules(fault, prune_on_equality, fail_soft)
    d = start_depth(plies(game, depth, depth_unit), fault)
    at_root = Turn.at_root(game, state, fault)
    return _search(game, state, d, -math.inf, math.inf, rules, _bent(conv, fault), at_root)


def _search(
    game: Game,
    s: Any,
    depth: int,
    alpha: Value,
    beta: Value,
    rules: Rules,
    conv: Reductions,
    turn: Turn,
) -> tuple[Value, Action | None]:
    if evaluates_first(rules.fault, depth):
        return game.evaluate(s, turn.me), None  # the mistake: is_terminal is never asked here
    if game.is_terminal(s):
        return game.utility(s, turn.me), None
    if turn.cut_off(rules.fault, depth):
        return game.evaluate(s, turn.me), None
    window = rules.window(maximizes(game, s, rules.fault, turn), alpha, beta)
    for i, a in enumerate(in_order(game.actions(s), rules.fault)):
        child = game.result(s, a)
        child_depth, child_turn = turn.child(rules.fault, depth)
        shallow = conv.reduced_depth(i, depth)
        value = None
        if shallow is not None:
            value = _reduced(game, child, shallow, window, rules, conv, child_turn)
        if value is None:  # an early move, or a late one that beat the bound
            lo, hi = window.child_window(turn.root)
            value, _ = _search(game, child, child_depth, lo, hi, rules, conv, child_turn)
        if window.offer(value, a):
            break  # cut-off, as this variant tests it
    return window.result(rules.soft)


def _reduced(
    game: Game,
    child: Any,
    depth: int,
    window: FaultyWindow,
    rules: Rules,
    conv: Reductions,
    turn: Turn,
) -> Value | None:
    """The reduced value of a late move, or None when it is searched again."""
    lo, hi = test_window(window.maximizing, window.alpha, window.beta, conv)
    value, _ = _search(game, child, depth, lo, hi, rules, conv, turn)
    if not conv.research or rules.fault is NO_RESEARCH:
        return value  # (with NO_RESEARCH, the mistake: the reduced value always stands)
    beats = value > window.alpha if window.maximizing else value < window.beta
    return None if beats else value


VARIANTS = variants(
    "lmr",
    lmr_variant,
    [
        NO_REDUCTION,
        FIRST_REDUCED,
        NO_RESEARCH,
        RESEARCH,
        TOO_SHALLOW,
        IGNORES_FULL,
        IGNORES_REDUCTION,
        Fault.NO_PRUNING,
        Fault.PRUNE_STRICT,  # (no test prunes only on >: a null window's width matters there)
        Fault.ROOT_WINDOW,
        *SEARCH_FAULTS,
        Fault.PERSPECTIVE,  # (fail-soft and fail-hard give the same visits on every test)
        Fault.WINDOW_SWAPPED,
        Fault.BOUNDS_SWAPPED,
        *TURN_FAULTS,
    ],
    {
        **ALPHABETA_SENTENCES,
        NO_REDUCTION: "you search every move at full depth; the moves after the first "
        "game.lmr_full (2 when absent) are searched first to depth - 1 - game.lmr_reduction "
        "plies (1 when absent: the notes' depth - 2)",
        FIRST_REDUCED: "you reduce every move after the first; the first game.lmr_full "
        "moves (2 when absent) are searched at full depth",
        NO_RESEARCH: "a late move that beats the bound in its reduced search keeps its "
        "reduced value; search it again at full depth with the node's window",
        RESEARCH: "you search a late move again at full depth when it beats the bound; this "
        "test keeps its reduced value (game.lmr_research is False)",
        TOO_SHALLOW: "you take one ply too many off a late move; search it to depth - 1 - "
        "game.lmr_reduction plies (depth - 2 with a reduction of 1)",
        IGNORES_FULL: "you search the first two moves at full depth; this test searches "
        "the first game.lmr_full moves at full depth",
        IGNORES_REDUCTION: "you take one ply off a late move; this test takes "
        "game.lmr_reduction plies off",
    },
)
"""Late-move reductions' variants, the simplest mistake first."""
