"""Iterative deepening: alpha-beta at depths 1, 2, ..., d, the last best move searched first."""

from __future__ import annotations

import math
from typing import Any

from reference.alphabeta import alphabeta
from reference.api import Action, DepthUnit, Game, Value, check_two_player, plies
from reference.ordering import promote
from reference.window import Window


def iterative_deepening(
    game: Game,
    state: Any,
    depth: int,
    *,
    prune_on_equality: bool = True,
    fail_soft: bool = False,
    depth_unit: DepthUnit = "ply",
) -> tuple[Value, Action | None]:
    """Value of ``state`` for player 0 (MAX) and MAX's best action, from the last iteration.

    Runs alpha-beta (the conventions of :func:`reference.alphabeta.alphabeta`) to depth
    1, then 2, ..., up to ``depth``; each iteration tries the previous iteration's best
    root move first, the other moves in action order. Below the root, moves keep their
    order. Ties go to the first best action in the searched order, so the action may
    differ from alpha-beta's when two moves are equally good. Depth 0 evaluates the
    root; a terminal root is read once.
    """
    check_two_player(game, "iterative_deepening")
    d = plies(game, depth, depth_unit)
    if d == 0:
        return alphabeta(game, state, 0)
    result: tuple[Value, Action | None] = (0, None)
    for k in range(1, d + 1):
        result = _root(game, state, k, result[1], prune_on_equality, fail_soft)
        if result[1] is None:
            break  # a terminal root: deeper iterations would read it again
    return result


def _root(
    game: Game, s: Any, depth: int, first: Action | None, eq: bool, soft: bool
) -> tuple[Value, Action | None]:
    """One iteration: alpha-beta from the root with ``first`` tried first."""
    if game.is_terminal(s):
        return game.utility(s, 0), None
    window = Window(game.to_move(s) == 0, -math.inf, math.inf, eq)
    for a in promote(game.actions(s), [first]):
        value, _ = alphabeta(
            game,
            game.result(s, a),
            depth - 1,
            prune_on_equality=eq,
            fail_soft=soft,
            alpha=window.alpha,
            beta=window.beta,
        )
        if window.offer(value, a):
            break  # cut-off: only with an infinite value, the root's window is unbounded
    return window.result(soft)
