"""Known wrong versions of alpha-beta with ProbCut (:func:`reference.probcut.probcut`).

Besides alpha-beta's own mistakes, ProbCut's: no ProbCut at all, a cut without the
``t * sigma`` margin or with it on the wrong side, the shallow value taken for the deep one
(no ``a`` and ``b``), ProbCut tried at every node deep enough for the shallow search, a test
made against an infinite bound (at the root), and one full-window shallow search instead
of the two null-window ones.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from reference.api import Action, DepthUnit, Game, Value, check_two_player, plies
from reference.probcut import (
    NULL_WIDTH,
    PROBCUT_A,
    PROBCUT_B,
    PROBCUT_DEPTH,
    PROBCUT_SHALLOW,
    PROBCUT_SIGMA,
    PROBCUT_T,
    ProbCutOrder,
    ProbCutRule,
    probcut_rule,
)
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

NO_PROBCUT = Fault("no-probcut")
NO_MARGIN = Fault("probcut-without-margin")
MARGIN_INSIDE = Fault("probcut-margin-wrong-side")
RAW_SHALLOW = Fault("probcut-shallow-value-unscaled")
EVERY_HEIGHT = Fault("probcut-at-every-height")
INFINITE_BOUND = Fault("probcut-against-infinite-bound")
FULL_WINDOW = Fault("probcut-full-window-shallow-search")


@dataclass(frozen=True)
class _Run:
    """What every node of one variant run shares."""

    rules: Rules
    rule: ProbCutRule

    @property
    def fault(self) -> Fault | None:
        return self.rules.fault

    def tries(self, depth: int) -> bool:
        """Whether a node with ``depth`` plies to go tries ProbCut."""
        if self.fault is NO_PROBCUT:
            return False  # the mistake: ProbCut is never tried
        if self.fault is EVERY_HEIGHT:
            return depth > self.rule.shallow  # the mistake: any node deeper than d'
        return depth == self.rule.height

    def high_bound(self, beta: Value) -> float:
        if self.fault is NO_MARGIN:
            return (beta - self.rule.b) / self.rule.a  # the mistake: no t * sigma
        if self.fault is MARGIN_INSIDE:
            return (beta - self.rule.b - self.rule.margin) / self.rule.a  # the mistake
        if self.fault is RAW_SHALLOW:
            return beta + self.rule.margin  # the mistake: v' itself is the prediction
        return self.rule.high_bound(beta)

    def low_bound(self, alpha: Value) -> float:
        if self.fault is NO_MARGIN:
            return (alpha - self.rule.b) / self.rule.a  # the mistake: no t * sigma
        if self.fault is MARGIN_INSIDE:
            return (alpha - self.rule.b + self.rule.margin) / self.rule.a  # the mistake
        if self.fault is RAW_SHALLOW:
            return alpha - self.rule.margin  # the mistake: v' itself is the prediction
        return self.rule.low_bound(alpha)

    def tests(self, bound: Value) -> bool:
        """Whether a test against ``bound`` is made."""
        return self.fault is INFINITE_BOUND or not math.isinf(bound)  # the mistake: any


def probcut_variant(
    fault: Fault | None,
    game: Game,
    state: Any,
    depth: int,
    *,
    probcut_depth: int = PROBCUT_DEPTH,
    probcut_shallow: int = PROBCUT_SHALLOW,
    probcut_a: float = PROBCUT_A,
    probcut_b: float = PROBCUT_B,
    probcut_sigma: float = PROBCUT_SIGMA,
    probcut_t: float = PROBCUT_T,
    probcut_order: ProbCutOrder = "beta",
    prune_on_equality: bool = True,
    fail_soft: bool = False,
    depth_unit: DepthUnit = "ply",
) -> tuple[Value, Action | None]:
    """Value of ``state`` for player 0 (MAX) and MAX's first best action, as the ProbCut
    reference computes them but with ``fault`` (None: exactly the reference)."""
    check_two_player(game, "probcut")
    rule = probcut_rule(
        probcut_depth, probcut_shallow, probcut_a, probcut_b, probcut_sigma, probcut_t,
        probcut_order,
    )
    run = _Run(Rules(fault, prune_on_equality, fail_soft), rule)
    d = start_depth(plies(game, depth, depth_unit), fault)
    return _search(game, state, d, -math.inf, math.inf, run, Turn.at_root(game, state, fault))


def _search(
    game: Game, s: Any, depth: int, alpha: Value, beta: Value, run: _Run, turn: Turn
) -> tuple[Value, Action | None]:
    if evaluates_first(run.fault, depth):
        return game.evaluate(s, turn.me), None  # the mistake: is_terminal is never asked here
    if game.is_terminal(s):
        return game.utility(s, turn.me), None
    if turn.cut_off(run.fault, depth):
        return game.evaluate(s, turn.me), None
    maximizing = maximizes(game, s, run.fault, turn)
    if run.tries(depth):
        cut = _probcut(game, s, alpha, beta, maximizing, run, turn)
        if cut is not None:
            return cut, None  # cut-off, as this variant predicts it
    window = run.rules.window(maximizing, alpha, beta)
    for a in in_order(game.actions(s), run.fault):
        lo, hi = window.child_window(turn.root)
        child_depth, child_turn = turn.child(run.fault, depth)
        value, _ = _search(game, game.result(s, a), child_depth, lo, hi, run, child_turn)
        if window.offer(value, a):
            break  # cut-off, as this variant tests it
    return window.result(run.rules.soft)


def _probcut(
    game: Game, s: Any, alpha: Value, beta: Value, maximizing: bool, run: _Run, turn: Turn
) -> Value | None:
    """The value ``s`` is cut off with, as the variant predicts it, or None."""
    shallow = run.rule.shallow
    if run.fault is FULL_WINDOW:
        return _full_window(game, s, alpha, beta, run, turn)
    for high in (True, False) if run.rule.high_first(maximizing) else (False, True):
        if high and run.tests(beta):
            bound = run.high_bound(beta)
            value, _ = _search(game, s, shallow, bound - NULL_WIDTH, bound, run, turn)
            if value >= bound:
                return beta
        if not high and run.tests(alpha):
            bound = run.low_bound(alpha)
            value, _ = _search(game, s, shallow, bound, bound + NULL_WIDTH, run, turn)
            if value <= bound:
                return alpha
    return None



def _full_window(
    game: Game, s: Any, alpha: Value, beta: Value, run: _Run, turn: Turn
) -> Value | None:
    """The mistake: one shallow search with a full window, its prediction compared with
    both bounds (the same decisions, another search)."""
    if not (run.tests(alpha) or run.tests(beta)):
        return None
    value, _ = _search(game, s, run.rule.shallow, -math.inf, math.inf, run, turn)
    predicted = run.rule.a * value + run.rule.b
    if run.tests(beta) and predicted - run.rule.margin >= beta:
        return beta
    if run.tests(alpha) and predicted + run.rule.margin <= alpha:
        return alpha
    return None


VARIANTS = variants(
    "probcut",
    probcut_variant,
    [
        NO_PROBCUT,
        NO_MARGIN,
        MARGIN_INSIDE,
        RAW_SHALLOW,
        EVERY_HEIGHT,
        INFINITE_BOUND,
        FULL_WINDOW,
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
        NO_PROBCUT: "you never try ProbCut: at a node with game.probcut_depth plies to go, "
        "first run the shallow null-window searches and cut the node off when the "
        "prediction a * v' + b is outside the window by t * sigma",
        NO_MARGIN: "you cut as soon as the prediction a * v' + b reaches the bound; it must "
        "pass it by the margin t * sigma (a * v' + b - t * sigma >= beta, a * v' + b + t * "
        "sigma <= alpha)",
        MARGIN_INSIDE: "you put the margin t * sigma on the wrong side, which makes cuts "
        "easier; cut when a * v' + b - t * sigma >= beta or a * v' + b + t * sigma <= alpha",
        RAW_SHALLOW: "you compare the shallow value v' itself with the bounds; the deep "
        "value is predicted as a * v' + b (game.probcut_a, game.probcut_b)",
        EVERY_HEIGHT: "you try ProbCut at every node deeper than the shallow search; try it "
        "only at nodes with exactly game.probcut_depth plies to go",
        INFINITE_BOUND: "you make a ProbCut test against an infinite bound (at the root, "
        "or where the window is still open); no prediction can pass it: skip that test",
        FULL_WINDOW: "you run one shallow search with a full window and compare its "
        "prediction with both bounds; run a null-window search at each finite bound: "
        "(B - 1, B) with B = (beta - b + t * sigma) / a, then (B, B + 1) with B = (alpha - "
        "b - t * sigma) / a",
    },
)
"""ProbCut's variants, the simplest mistake first."""
