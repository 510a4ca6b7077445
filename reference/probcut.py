"""ProbCut (Buro): at the nodes of one height, shallow null-window searches predict a cut-off.

A shallow search of ``d'`` plies gives ``v'``; the deep value of ``d`` plies is predicted as
``a * v' + b`` with a standard deviation ``sigma``. A node whose prediction lies at least
``t * sigma`` above beta (or below alpha) is cut off at once; any other node is searched
as alpha-beta searches it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal, cast, get_args

from reference.api import Action, DepthUnit, Game, Value, check_two_player, plies
from reference.window import Window

ProbCutOrder = Literal["beta", "alpha", "mover", "opponent"]
PROBCUT_ORDERS: tuple[str, ...] = get_args(ProbCutOrder)

PROBCUT_DEPTH = 2  # d: the plies to go of the nodes where ProbCut is tried
PROBCUT_SHALLOW = 1  # d': the depth of the shallow searches
PROBCUT_A = 1.0  # the slope of the prediction a * v' + b
PROBCUT_B = 0.0  # its offset
PROBCUT_SIGMA = 1.0  # the standard deviation of the prediction's error
PROBCUT_T = 1.0  # how many standard deviations the prediction must clear the bound by
NULL_WIDTH = 1  # the width of a shallow search's null window, as in Buro's (bound - 1, bound)


@dataclass(frozen=True)
class ProbCutRule:
    """Where ProbCut is tried and how it predicts: the ProbCut conventions of one run."""

    height: int  # d
    shallow: int  # d'
    a: float
    b: float
    margin: float  # t * sigma
    order: ProbCutOrder

    def high_bound(self, beta: Value) -> float:
        """The shallow value at or above which ``a * v' + b - t * sigma >= beta``."""
        return (beta - self.b + self.margin) / self.a

    def low_bound(self, alpha: Value) -> float:
        """The shallow value at or below which ``a * v' + b + t * sigma <= alpha``."""
        return (alpha - self.b - self.margin) / self.a

    def high_first(self, maximizing: bool) -> bool:
        """Whether the test against beta comes first: always (``beta``), never
        (``alpha``), at MAX only (``mover``: the bound of the player to move first, as
        negamax's code reads) or at MIN only (``opponent``)."""
        if self.order in ("beta", "alpha"):
            return self.order == "beta"
        return maximizing == (self.order == "mover")


@dataclass(frozen=True)
class _Conventions:
    rule: ProbCutRule
    eq: bool
    soft: bool


def probcut(
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
    """Value of ``state`` for player 0 (MAX) and MAX's first best action, by alpha-beta with
    ProbCut.

    ProbCut is tried at every node with exactly ``probcut_depth`` plies to go (not
    terminal), before its moves, and nowhere else (the shallow searches, being shallower,
    never try it). With the node's window ``[alpha, beta]``:

    - if beta is finite, a null-window alpha-beta search of the node to
      ``probcut_shallow`` plies with the window ``(B - 1, B)``, ``B = (beta - b + t *
      sigma) / a``; if its value is ``>= B``, the node returns beta (its action None);
    - if alpha is finite, one with the window ``(B, B + 1)``, ``B = (alpha - b - t *
      sigma) / a``; if its value is ``<= B``, the node returns alpha.

    ``probcut_order="beta"`` makes the test against beta first at every node, ``"alpha"``
    the test against alpha; ``"mover"`` makes the test against the bound of the player
    to move first (beta at MAX, alpha at MIN), ``"opponent"`` the other bound first. A
    test against an infinite bound is never made: no prediction can pass it (so ProbCut
    never cuts the root). A cut returns the bound itself,
    fail-hard or fail-soft. The shallow searches are this same search (so they follow
    ``prune_on_equality`` and ``fail_soft``); otherwise the node is searched as
    :func:`reference.alphabeta.alphabeta` searches it. ``probcut_a`` must be > 0,
    ``probcut_sigma`` and ``probcut_t`` >= 0, ``probcut_shallow < probcut_depth``.
    """
    check_two_player(game, "probcut")
    rule = probcut_rule(
        probcut_depth, probcut_shallow, probcut_a, probcut_b, probcut_sigma, probcut_t,
        probcut_order,
    )
    conv = _Conventions(rule, prune_on_equality, fail_soft)
    return _search(game, state, plies(game, depth, depth_unit), -math.inf, math.inf, conv)


def probcut_rule(
    height: int, shallow: int, a: float, b: float, sigma: float, t: float, order: str
) -> ProbCutRule:
    """The ProbCut conventions checked (ValueError naming the bad one) and put together."""
    for name, value in (("probcut_depth", height), ("probcut_shallow", shallow)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{name} must be a whole number >= 0, not {value!r}")
    if shallow >= height:
        raise ValueError(
            f"probcut_shallow ({shallow}) must be less than probcut_depth ({height})"
        )
    for name, number in (("probcut_a", a), ("probcut_b", b), ("probcut_sigma", sigma),
                         ("probcut_t", t)):
        if isinstance(number, bool) or not isinstance(number, int | float):
            raise ValueError(f"{name} must be a number, not {number!r}")
        if not math.isfinite(number):
            raise ValueError(f"{name} must be finite, not {number!r}")
    if a <= 0 or sigma < 0 or t < 0:
        raise ValueError(f"need probcut_a > 0, probcut_sigma >= 0, probcut_t >= 0: "
                         f"got {a!r}, {sigma!r}, {t!r}")
    if order not in PROBCUT_ORDERS:
        raise ValueError(f"probcut_order must be one of {', '.join(PROBCUT_ORDERS)}, "
                         f"not {order!r}")
    return ProbCutRule(height, shallow, a, b, t * sigma, cast(ProbCutOrder, order))


def _search(
    game: Game, s: Any, depth: int, alpha: Value, beta: Value, conv: _Conventions
) -> tuple[Value, Action | None]:
    if game.is_terminal(s):
        return game.utility(s, 0), None
    if depth == 0:
        return game.evaluate(s, 0), None
    maximizing = game.to_move(s) == 0
    if depth == conv.rule.height:
        cut = _probcut(game, s, alpha, beta, maximizing, conv)
        if cut is not None:
            return cut, None  # cut-off: the prediction is outside the window by t * sigma
    window = Window(maximizing, alpha, beta, conv.eq)
    for a in game.actions(s):
        value, _ = _search(game, game.result(s, a), depth - 1, window.alpha, window.beta, conv)
        if window.offer(value, a):
            break  # cut-off, as in alpha-beta
    return window.result(conv.soft)


def _probcut(
    game: Game, s: Any, alpha: Value, beta: Value, maximizing: bool, conv: _Conventions
) -> Value | None:
    """The bound ``s`` is cut off at by its shallow searches, or None: search it in full."""
    rule = conv.rule
    for high in (True, False) if rule.high_first(maximizing) else (False, True):
        if high and not math.isinf(beta):
            bound = rule.high_bound(beta)
            value, _ = _search(game, s, rule.shallow, bound - NULL_WIDTH, bound, conv)
            if value >= bound:
                return beta  # cut-off: a * v' + b - t * sigma >= beta
        if not high and not math.isinf(alpha):
            bound = rule.low_bound(alpha)
            value, _ = _search(game, s, rule.shallow, bound, bound + NULL_WIDTH, conv)
            if value <= bound:
                return alpha  # cut-off: a * v' + b + t * sigma <= alpha
    return None
