"""Alpha-beta with late-move reductions: late moves get a shallow test search first."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from reference.api import Action, DepthUnit, Game, Value, check_two_player, plies
from reference.window import Window

REDUCTION = 1  # extra plies taken off a late move's test search
NULL_WIDTH = 1  # width of the test window: one unit of whole-number payoffs


@dataclass(frozen=True)
class _Conventions:
    full: int
    eq: bool
    soft: bool


def lmr(
    game: Game,
    state: Any,
    depth: int,
    *,
    lmr_full: int = 2,
    prune_on_equality: bool = True,
    fail_soft: bool = False,
    depth_unit: DepthUnit = "ply",
) -> tuple[Value, Action | None]:
    """Value of ``state`` for player 0 (MAX) and MAX's first best action, by alpha-beta with
    late-move reductions.

    At a node with ``d >= 2`` plies to go, the first ``lmr_full`` moves are searched as in
    alpha-beta. Each later move is first searched to ``d - 2`` plies (one less than
    usual) with a null window that only asks whether it beats the bound of the player
    to move: ``[alpha, alpha + 1]`` at MAX, ``[beta - 1, beta]`` at MIN. If it does not
    (the value is at most alpha, or at least beta), that value stands for the move;
    if it does, the move is searched again at full depth with the node's window. The
    test is exact for any payoffs; the width 1 suits whole numbers. Reductions can miss
    a move that only looks good deeper, so the value may differ from minimax's; with a
    perfect evaluation it does not. ``lmr_full`` must be at least 1 (the first move
    sets the bound the others are tested against); other conventions are those of
    :func:`reference.alphabeta.alphabeta`.
    """
    check_two_player(game, "lmr")
    if isinstance(lmr_full, bool) or not isinstance(lmr_full, int) or lmr_full < 1:
        raise ValueError(f"lmr_full must be a whole number >= 1, not {lmr_full!r}")
    conv = _Conventions(lmr_full, prune_on_equality, fail_soft)
    return _search(game, state, plies(game, depth, depth_unit), -math.inf, math.inf, conv)


def _search(
    game: Game, s: Any, depth: int, alpha: Value, beta: Value, conv: _Conventions
) -> tuple[Value, Action | None]:
    if game.is_terminal(s):
        return game.utility(s, 0), None
    if depth == 0:
        return game.evaluate(s, 0), None
    window = Window(game.to_move(s) == 0, alpha, beta, conv.eq)
    for i, a in enumerate(game.actions(s)):
        child = game.result(s, a)
        value = None
        if i >= conv.full and depth - 1 - REDUCTION >= 0:
            value = _reduced(game, child, depth - 1 - REDUCTION, window, conv)
        if value is None:  # an early move, or a late one that beat the bound: full search
            value, _ = _search(game, child, depth - 1, window.alpha, window.beta, conv)
        if window.offer(value, a):
            break  # cut-off, as in alpha-beta
    return window.result(conv.soft)


def _reduced(
    game: Game, child: Any, depth: int, window: Window, conv: _Conventions
) -> Value | None:
    """The reduced null-window value of a late move, or None when it beats the bound."""
    if window.maximizing:
        value, _ = _search(game, child, depth, window.alpha, window.alpha + NULL_WIDTH, conv)
        return value if value <= window.alpha else None
    value, _ = _search(game, child, depth, window.beta - NULL_WIDTH, window.beta, conv)
    return value if value >= window.beta else None
