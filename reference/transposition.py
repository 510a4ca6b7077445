"""Alpha-beta with a transposition table: a state searched once is not searched again."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal

from reference.api import Action, DepthUnit, Game, Value, check_two_player, plies
from reference.window import Window

Bound = Literal["exact", "lower", "upper"]


@dataclass(frozen=True, slots=True)
class Entry:
    """What the table knows of a state: its value searched ``depth`` plies deep is
    ``value`` (exact), at least ``value`` (lower) or at most ``value`` (upper)."""

    depth: int
    value: Value
    bound: Bound
    action: Action | None


def transposition(
    game: Game,
    state: Any,
    depth: int,
    *,
    prune_on_equality: bool = True,
    fail_soft: bool = False,
    depth_unit: DepthUnit = "ply",
) -> tuple[Value, Action | None]:
    """Alpha-beta value of ``state`` for player 0 (MAX), and MAX's first best action, with a
    transposition table keyed by state.

    After searching a non-terminal state the table stores its value, the depth it was
    searched to, and whether the value is exact or only a bound (a value at or below
    the window's alpha is an upper bound, at or above beta a lower bound). Reaching a
    stored state again with no more depth to go than stored: an exact entry is the
    answer; a bound narrows the window, and if the window closes (``alpha >= beta``, or
    ``>`` with ``prune_on_equality=False``) the stored value is the answer without a
    search. Leaves are not stored: a terminal or cut-off state is read each time; nor is
    a search in an empty window (``alpha == beta``, reachable with
    ``prune_on_equality=False``), whose value bounds nothing. The table lives for one
    call. Otherwise the conventions are those of :func:`reference.alphabeta.alphabeta`.
    """
    check_two_player(game, "transposition")
    table: dict[Any, Entry] = {}
    d = plies(game, depth, depth_unit)
    return _search(game, state, d, -math.inf, math.inf, table, prune_on_equality, fail_soft)


def _search(
    game: Game,
    s: Any,
    depth: int,
    alpha: Value,
    beta: Value,
    table: dict[Any, Entry],
    eq: bool,
    soft: bool,
) -> tuple[Value, Action | None]:
    if game.is_terminal(s):
        return game.utility(s, 0), None
    if depth == 0:
        return game.evaluate(s, 0), None
    entry = table.get(s)
    if entry is not None and entry.depth >= depth:
        if entry.bound == "exact":
            return entry.value, entry.action
        if entry.bound == "lower":
            alpha = max(alpha, entry.value)
        else:
            beta = min(beta, entry.value)
        if alpha >= beta if eq else alpha > beta:
            return entry.value, entry.action  # cut-off: the stored bound alone settles it
    window = Window(game.to_move(s) == 0, alpha, beta, eq)
    for a in game.actions(s):
        value, _ = _search(
            game, game.result(s, a), depth - 1, window.alpha, window.beta, table, eq, soft
        )
        if window.offer(value, a):
            break  # cut-off, as in alpha-beta
    value, action = window.result(soft)
    if alpha < beta:  # an empty window (possible when pruning only on >) proves nothing
        table[s] = Entry(depth, value, _bound(value, alpha, beta), action)
    return value, action


def _bound(value: Value, alpha: Value, beta: Value) -> Bound:
    """What a search in the window ``[alpha, beta]`` that returned ``value`` proved."""
    if value <= alpha:
        return "upper"  # failed low: every move was at most alpha
    if value >= beta:
        return "lower"  # failed high: a move reached beta, the rest were not searched
    return "exact"
