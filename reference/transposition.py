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

    def narrow(self, alpha: Value, beta: Value) -> tuple[Value, Value]:
        """The window ``[alpha, beta]`` narrowed by this entry's bound."""
        if self.bound == "lower":
            return max(alpha, self.value), beta
        if self.bound == "upper":
            return alpha, min(beta, self.value)
        return alpha, beta


def transposition(
    game: Game,
    state: Any,
    depth: int,
    *,
    tt_bounds: bool = True,
    tt_leaves: bool = False,
    prune_on_equality: bool = True,
    fail_soft: bool = False,
    depth_unit: DepthUnit = "ply",
) -> tuple[Value, Action | None]:
    """Alpha-beta value of ``state`` for player 0 (MAX), and MAX's first best action, with a
    transposition table keyed by state.

    After searching a non-terminal state the table stores its value, the depth it was
    searched to, and whether the value is exact or only a bound (a value at or below
    the window's alpha is an upper bound, at or above beta a lower bound); with
    ``tt_bounds=False`` only exact values are stored. Reaching a stored state again
    with no more depth to go than stored, before anything else: an exact entry is the
    answer; a bound narrows the window, and if the window closes (``alpha >= beta``,
    or ``>`` with ``prune_on_equality=False``) the stored value is the answer without a
    search. Leaves (terminal or cut-off states) are read each time unless
    ``tt_leaves``, which stores their payoff as exact. A search in an empty window
    (``alpha == beta``, reachable with ``prune_on_equality=False``) bounds nothing and
    is not stored. The table lives for one call. Otherwise the conventions are those of
    :func:`reference.alphabeta.alphabeta`.
    """
    check_two_player(game, "transposition")
    table = Table(bounds=tt_bounds, leaves=tt_leaves)
    d = plies(game, depth, depth_unit)
    return _search(game, state, d, -math.inf, math.inf, table, prune_on_equality, fail_soft)


class Table:
    """The entries of one search, keyed by state, and what the conventions let it keep."""

    __slots__ = ("bounds", "entries", "leaves")

    def __init__(self, *, bounds: bool, leaves: bool) -> None:
        self.bounds = bounds
        self.leaves = leaves
        self.entries: dict[Any, Entry] = {}

    def usable(self, s: Any, depth: int) -> Entry | None:
        """The entry of ``s`` if it was searched at least ``depth`` plies deep."""
        entry = self.entries.get(s)
        return entry if entry is not None and entry.depth >= depth else None

    def probe(
        self, s: Any, depth: int, alpha: Value, beta: Value, eq: bool
    ) -> tuple[Entry | None, Value, Value]:
        """The entry that answers for ``s`` without a search (None: search it), and the
        window ``[alpha, beta]`` narrowed by a stored bound."""
        entry = self.usable(s, depth)
        if entry is None:
            return None, alpha, beta
        if entry.bound == "exact":
            return entry, alpha, beta
        alpha, beta = entry.narrow(alpha, beta)
        if alpha >= beta if eq else alpha > beta:
            return entry, alpha, beta  # cut-off: the stored bound alone settles it
        return None, alpha, beta

    def leaf(self, s: Any, depth: int, value: Value) -> Value:
        """A leaf's payoff, stored if this table keeps leaves."""
        if self.leaves:
            self.entries[s] = Entry(depth, value, "exact", None)
        return value

    def store(self, s: Any, depth: int, value: Value, action: Action | None,
              window: tuple[Value, Value]) -> None:
        """Keep what a search of ``s`` in ``window`` proved, as the conventions allow."""
        alpha, beta = window
        if alpha >= beta:
            return  # an empty window (possible when pruning only on >) proves nothing
        bound = bound_of(value, alpha, beta)
        if bound == "exact" or self.bounds:
            self.entries[s] = Entry(depth, value, bound, action)


def _search(
    game: Game,
    s: Any,
    depth: int,
    alpha: Value,
    beta: Value,
    table: Table,
    eq: bool,
    soft: bool,
) -> tuple[Value, Action | None]:
    answer, alpha, beta = table.probe(s, depth, alpha, beta, eq)
    if answer is not None:
        return answer.value, answer.action
    if game.is_terminal(s):
        return table.leaf(s, depth, game.utility(s, 0)), None
    if depth == 0:
        return table.leaf(s, depth, game.evaluate(s, 0)), None
    window = Window(game.to_move(s) == 0, alpha, beta, eq)
    for a in game.actions(s):
        value, _ = _search(
            game, game.result(s, a), depth - 1, window.alpha, window.beta, table, eq, soft
        )
        if window.offer(value, a):
            break  # cut-off, as in alpha-beta
    value, action = window.result(soft)
    table.store(s, depth, value, action, (alpha, beta))
    return value, action


def bound_of(value: Value, alpha: Value, beta: Value) -> Bound:
    """What a search in the window ``[alpha, beta]`` that returned ``value`` proved."""
    if value <= alpha:
        return "upper"  # failed low: every move was at most alpha
    if value >= beta:
        return "lower"  # failed high: a move reached beta, the rest were not searched
    return "exact"
