"""Alpha-beta with late-move reductions: the later moves of a node are searched shallower."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal

from reference.api import Action, DepthUnit, Game, Value, check_two_player, plies
from reference.window import Window

LMR_FULL = 2
"""Moves of a node searched at full depth when a test does not set ``lmr_full``."""
LMR_REDUCTION = 1
"""Plies taken off a late move besides the usual one when a test does not set
``lmr_reduction``: the notes' depth - 2."""
NULL_WIDTH = 1  # width of the test window: one unit of whole-number payoffs
TestWindow = Literal["null", "full"]


@dataclass(frozen=True)
class Reductions:
    """How one run reduces late moves, and its alpha-beta conventions."""

    full: int
    reduction: int
    research: bool
    window: TestWindow
    eq: bool
    soft: bool

    def reduced_depth(self, index: int, depth: int) -> int | None:
        """The depth the ``index``-th move (from 0) of a node ``depth`` plies from the
        cut-off is searched to first, or None when it is searched at full depth."""
        shallow = depth - 1 - self.reduction
        if index < self.full or self.reduction == 0 or shallow < 0:
            return None
        return shallow


def check_reductions(lmr_full: int, lmr_reduction: int, lmr_window: str) -> None:
    """Refuse conventions late-move reductions cannot use."""
    for name, value, least in (("lmr_full", lmr_full, 1), ("lmr_reduction", lmr_reduction, 0)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise ValueError(f"{name} must be a whole number >= {least}, not {value!r}")
    if lmr_window not in ("null", "full"):
        raise ValueError(f"lmr_window must be 'null' or 'full', not {lmr_window!r}")


def lmr(
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
    """Value of ``state`` for player 0 (MAX) and MAX's first best action, by alpha-beta with
    late-move reductions.

    At a node ``d`` plies from the cut-off, the first ``lmr_full`` moves are searched as
    in alpha-beta, to ``d - 1`` plies. Each later move is searched first to ``d - 1 -
    lmr_reduction`` plies (the notes' depth - 2 with the default reduction of 1), where
    that is at least 0 (else at full depth). With ``lmr_research=False`` that reduced
    value, searched with the node's window, stands. Otherwise the reduced search is a
    test of whether the move beats the bound of the player to move (it is above alpha
    at MAX, below beta at MIN): in a null window (``[alpha, alpha + 1]`` at MAX, ``[beta
    - 1, beta]`` at MIN, exact for whole-number payoffs) or with ``lmr_window="full"``
    in the node's window; a move that does not beat it keeps the reduced value, one that
    does is searched again to ``d - 1`` plies with the node's window. Reductions can
    miss a move that only looks good deeper, so the value may differ from minimax's.
    ``lmr_full`` must be at least 1 (the first move sets the bound the others are
    tested against); ``lmr_reduction=0`` reduces nothing (alpha-beta). Other
    conventions are those of :func:`reference.alphabeta.alphabeta`.
    """
    check_two_player(game, "lmr")
    check_reductions(lmr_full, lmr_reduction, lmr_window)
    conv = Reductions(
        lmr_full, lmr_reduction, lmr_research, lmr_window, prune_on_equality, fail_soft
    )
    return _search(game, state, plies(game, depth, depth_unit), -math.inf, math.inf, conv)


def _search(
    game: Game, s: Any, depth: int, alpha: Value, beta: Value, conv: Reductions
) -> tuple[Value, Action | None]:
    if game.is_terminal(s):
        return game.utility(s, 0), None
    if depth == 0:
        return game.evaluate(s, 0), None
    window = Window(game.to_move(s) == 0, alpha, beta, conv.eq)
    for i, a in enumerate(game.actions(s)):
        child = game.result(s, a)
        shallow = conv.reduced_depth(i, depth)
        value = None if shallow is None else _reduced(game, child, shallow, window, conv)
        if value is None:  # an early move, or a late one that beat the bound: full depth
            value, _ = _search(game, child, depth - 1, window.alpha, window.beta, conv)
        if window.offer(value, a):
            break  # cut-off, as in alpha-beta
    return window.result(conv.soft)


def _reduced(
    game: Game, child: Any, depth: int, window: Window, conv: Reductions
) -> Value | None:
    """The reduced value of a late move, or None when it must be searched again."""
    lo, hi = test_window(window.maximizing, window.alpha, window.beta, conv)
    value, _ = _search(game, child, depth, lo, hi, conv)
    if not conv.research:
        return value
    beats = value > window.alpha if window.maximizing else value < window.beta
    return None if beats else value


def test_window(
    maximizing: bool, alpha: Value, beta: Value, conv: Reductions
) -> tuple[Value, Value]:
    """The window of a late move's reduced search at a node with window ``[alpha, beta]``."""
    if not conv.research or conv.window == "full":
        return alpha, beta
    return (alpha, alpha + NULL_WIDTH) if maximizing else (beta - NULL_WIDTH, beta)
