"""Known wrong versions of alpha-beta with quiescence (:func:`reference.quiescence.quiescence`)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from reference.api import Action, DepthUnit, Game, Value, check_two_player, plies
from reference.conventions import ValueFor
from reference.value_for import check_value_for, for_whom
from reference.variants.faults import (
    PRUNING_FAULTS,
    SEARCH_FAULTS,
    Fault,
    evaluates_first,
    in_order,
    maximizes,
    start_depth,
    variants,
)
from reference.variants.faulty_window import FaultyWindow, Rules


@dataclass(frozen=True)
class _Quiet:
    rules: Rules
    extra: float  # most noisy plies past the horizon (inf: until quiet)

    @property
    def fault(self) -> Fault | None:
        return self.rules.fault


def quiescence_variant(
    fault: Fault | None,
    game: Game,
    state: Any,
    depth: int,
    *,
    quiescence_depth: int | None = None,
    prune_on_equality: bool = True,
    fail_soft: bool = False,
    depth_unit: DepthUnit = "ply",
    value_for: ValueFor = "player0",
) -> tuple[Value, Action | None]:
    """Value of ``state`` (for ``value_for``) and the first best action, as the quiescence
    reference computes them but with ``fault`` (None: exactly the reference)."""
    check_two_player(game, "quiescence")
    if quiescence_depth is not None and quiescence_depth < 0:
        raise ValueError(f"quiescence_depth must be >= 0 or None, not {quiescence_depth}")
    check_value_for(value_for)
    extra = math.inf if quiescence_depth is None else quiescence_depth
    if fault is Fault.NO_QUIESCENCE_LIMIT:
        extra = math.inf  # the mistake: quiescence_depth is never read
    elif fault is Fault.NO_QUIESCENCE:
        extra = 0  # the mistake: the horizon is simply evaluated
    how = _Quiet(Rules(fault, prune_on_equality, fail_soft), extra)
    d = start_depth(plies(game, depth, depth_unit), fault)
    value, action = _search(game, state, d, -math.inf, math.inf, how)
    return for_whom(game, state, value, value_for), action


def _search(
    game: Game, s: Any, depth: int, alpha: Value, beta: Value, how: _Quiet
) -> tuple[Value, Action | None]:
    if evaluates_first(how.fault, depth):
        # the mistake: is_terminal is never asked here, so a terminal is evaluated
        return _quiesce(game, s, alpha, beta, how.extra, how), None
    if game.is_terminal(s):
        return game.utility(s, 0), None
    if depth == 0:
        return _quiesce(game, s, alpha, beta, how.extra, how), None
    window = how.rules.window(maximizes(game, s, how.fault), alpha, beta)
    for a in in_order(game.actions(s), how.fault):
        lo, hi = window.child_window(False)
        value, _ = _search(game, game.result(s, a), depth - 1, lo, hi, how)
        if window.offer(value, a):
            break  # cut-off, as this variant tests it
    return window.result(how.rules.soft)


def _quiesce(game: Game, s: Any, alpha: Value, beta: Value, left: float, how: _Quiet) -> Value:
    """Value of ``s`` past the horizon, ``left`` noisy plies to go."""
    if how.fault is Fault.NO_STAND_PAT and left != 0 and not game.is_quiet(s):
        # the mistake: no stand-pat, so the player to move must capture
        window = how.rules.window(maximizes(game, s, how.fault), alpha, beta)
        return _captures(game, s, window, left, how)
    stand_pat = game.evaluate(s, 0)
    if left == 0 or game.is_quiet(s):
        return stand_pat
    window = how.rules.window(maximizes(game, s, how.fault), alpha, beta)
    if window.offer(stand_pat, None):
        return window.result(how.rules.soft)[0]  # cut-off: standing pat is already too good
    return _captures(game, s, window, left, how)


def _captures(game: Game, s: Any, window: FaultyWindow, left: float, how: _Quiet) -> Value:
    """Fold the values of ``s``'s noisy moves into its window; the node's value."""
    quiet_too = how.fault is Fault.QUIET_MOVES_TOO  # the mistake: quiet moves searched too
    moves = game.actions(s) if quiet_too else game.noisy_actions(s)
    for a in in_order(moves, how.fault):
        child = game.result(s, a)
        if game.is_terminal(child):
            value = game.utility(child, 0)
        else:
            lo, hi = window.child_window(False)
            value = _quiesce(game, child, lo, hi, left - 1, how)
        if window.offer(value, a):
            break  # cut-off, as this variant tests it
    return window.result(how.rules.soft)[0]


VARIANTS = variants(
    "quiescence",
    quiescence_variant,
    [
        Fault.NO_QUIESCENCE,
        Fault.NO_STAND_PAT,
        Fault.QUIET_MOVES_TOO,
        Fault.NO_QUIESCENCE_LIMIT,
        *PRUNING_FAULTS,
        *SEARCH_FAULTS,
        Fault.PERSPECTIVE,
        Fault.FAIL_SOFT,
        Fault.FAIL_HARD,
    ],
    {
        Fault.NO_QUIESCENCE: "you evaluate every node at the depth limit; one that is not "
        "quiet must go on with its noisy moves (the quiescence search)",
        Fault.NO_STAND_PAT: "past the horizon you never stand pat: a node that is not quiet "
        "is first offered its own evaluation (the player may decline to capture), then its "
        "noisy moves",
        Fault.QUIET_MOVES_TOO: "past the horizon you search every move; search only "
        "noisy_actions()",
        Fault.NO_QUIESCENCE_LIMIT: "you play noisy moves until the position is quiet, but "
        "this test allows only game.quiescence_depth noisy plies past the horizon",
    },
)
"""The quiescence search's variants, the simplest mistake first."""
