"""Known wrong versions of alpha-beta (:func:`reference.alphabeta.alphabeta`), one fault each."""

from __future__ import annotations

import math
from typing import Any

from reference.api import Action, DepthUnit, Game, Value, check_two_player, plies
from reference.variants.faults import (
    AGENT_FAULTS,
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


def alphabeta_variant(
    fault: Fault | None,
    game: Game,
    state: Any,
    depth: int,
    *,
    prune_on_equality: bool = True,
    fail_soft: bool = False,
    depth_unit: DepthUnit = "ply",
    alpha: Value = -math.inf,
    beta: Value = math.inf,
) -> tuple[Value, Action | None]:
    """Alpha-beta value of ``state`` for player 0 (MAX) and MAX's first best action, as
    the reference computes them but with ``fault`` (None: exactly the reference)."""
    check_two_player(game, "alphabeta")
    rules = Rules(fault, prune_on_equality, fail_soft)
    d = start_depth(plies(game, depth, depth_unit), fault, game)
    return _alphabeta(game, state, d, alpha, beta, rules, Turn.at_root(game, state, fault))


def _alphabeta(
    game: Game, s: Any, depth: int, alpha: Value, beta: Value, rules: Rules, turn: Turn
) -> tuple[Value, Action | None]:
    if evaluates_first(rules.fault, depth):
        return game.evaluate(s, turn.me), None  # the mistake: is_terminal is never asked here
    if game.is_terminal(s):
        return game.utility(s, turn.me), None
    if turn.cut_off(rules.fault, depth):
        return game.evaluate(s, turn.me), None
    window = rules.window(maximizes(game, s, rules.fault, turn), alpha, beta)
    for a in in_order(game.actions(s), rules.fault):
        lo, hi = window.child_window(turn.root)
        child_depth, child_turn = turn.child(rules.fault, depth)
        value, _ = _alphabeta(game, game.result(s, a), child_depth, lo, hi, rules, child_turn)
        if window.offer(value, a):
            break  # cut-off, as this variant tests it
    return window.result(rules.soft)


VARIANTS = variants(
    "alphabeta",
    alphabeta_variant,
    [
        *PRUNING_FAULTS,
        Fault.ROOT_WINDOW,
        *SEARCH_FAULTS,
        Fault.PERSPECTIVE,
        Fault.FAIL_SOFT,
        Fault.FAIL_HARD,
        Fault.WINDOW_SWAPPED,
        Fault.BOUNDS_SWAPPED,
        *TURN_FAULTS,
        *AGENT_FAULTS,
    ],
    {
        Fault.ROOT_WINDOW: "you search every child of the root with a fresh window "
        "(-inf, inf); the root must pass down the alpha its earlier children raised",
        Fault.WINDOW_SWAPPED: "you pass (beta, alpha) down to the children instead of "
        "(alpha, beta)",
        Fault.BOUNDS_SWAPPED: "your cut-off tests compare MAX's best with alpha and MIN's "
        "with beta; MAX prunes when its best reaches beta, MIN when it falls to alpha",
    },
)
"""Alpha-beta's variants, the simplest mistake first."""

SENTENCES = {v.fault: v.mistake for v in VARIANTS}
"""Alpha-beta's mistakes, told as its variants tell them: the searches built on alpha-beta
name its mistakes in the same words."""
