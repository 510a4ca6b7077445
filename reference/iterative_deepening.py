"""Iterative deepening: alpha-beta at depths 1, 2, ..., d, the last best move searched first,
cut off by the depth or by the game's virtual clock (the notes' "depth > limit or time is
up")."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from reference.alphabeta import alphabeta
from reference.api import Action, DepthUnit, Game, Value, check_two_player, plies
from reference.ordering import promote
from reference.window import Window


class TimeUp(Exception):
    """The clock ran out during an iteration: the iteration is abandoned."""


@dataclass(frozen=True)
class _Rules:
    """What every node of one iteration shares."""

    eq: bool  # prune_on_equality
    soft: bool  # fail-soft
    clock: bool  # whether this iteration reads the clock


def iterative_deepening(
    game: Game,
    state: Any,
    depth: int,
    *,
    prune_on_equality: bool = True,
    fail_soft: bool = False,
    depth_unit: DepthUnit = "ply",
    time_budget: int | None = None,
) -> tuple[Value, Action | None]:
    """Value of ``state`` for player 0 (MAX) and MAX's best action, from the deepest
    iteration completed.

    Runs alpha-beta (the conventions of :func:`reference.alphabeta.alphabeta`) to depth
    1, then 2, ..., up to ``depth``; each iteration tries the previous iteration's best
    root move first, the other moves in action order. Below the root, moves keep their
    order. Ties go to the first best action in the searched order, so the action may
    differ from alpha-beta's when two moves are equally good. Depth 0 evaluates the
    root; a terminal root is read once.

    With a ``time_budget`` (the game's clock: ``game.time_left()``), every iteration after
    the first asks the clock on entering each node, before anything else; when no time is
    left (``<= 0``) the iteration is abandoned and the answer of the one before stands.
    The first iteration always runs to its end, so there is a move to return.
    """
    check_two_player(game, "iterative_deepening")
    d = plies(game, depth, depth_unit)
    if d == 0:
        return alphabeta(game, state, 0)
    result: tuple[Value, Action | None] = (0, None)
    for k in range(1, d + 1):
        rules = _Rules(prune_on_equality, fail_soft, time_budget is not None and k > 1)
        try:
            result = _search(game, state, k, -math.inf, math.inf, rules, result[1])
        except TimeUp:
            break  # the deepest completed iteration's answer stands
        if result[1] is None:
            break  # a terminal root: deeper iterations would read it again
    return result


def _search(
    game: Game,
    s: Any,
    depth: int,
    alpha: Value,
    beta: Value,
    rules: _Rules,
    first: Action | None = None,
) -> tuple[Value, Action | None]:
    """Alpha-beta from ``s`` with ``first`` tried first (the root's previous best move)."""
    if rules.clock and game.time_left() <= 0:
        raise TimeUp  # cut-off by time: no node is searched once the clock reads 0
    if game.is_terminal(s):
        return game.utility(s, 0), None
    if depth == 0:
        return game.evaluate(s, 0), None  # cut-off by depth
    window = Window(game.to_move(s) == 0, alpha, beta, rules.eq)
    for a in promote(game.actions(s), [first]):
        value, _ = _search(game, game.result(s, a), depth - 1, window.alpha, window.beta, rules)
        if window.offer(value, a):
            break  # alpha-beta cut-off
    return window.result(rules.soft)
