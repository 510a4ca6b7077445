"""Alpha-beta with killer moves: moves that caused a cut-off at a ply are tried first there."""

from __future__ import annotations

import math
from typing import Any

from reference.api import Action, DepthUnit, Game, Value, check_two_player, plies
from reference.ordering import promote
from reference.window import Window

KILLERS_PER_PLY = 2
"""Killers a ply keeps when a test does not set ``killers_per_ply``."""


def killers(
    game: Game,
    state: Any,
    depth: int,
    *,
    killers_per_ply: int = KILLERS_PER_PLY,
    prune_on_equality: bool = True,
    fail_soft: bool = False,
    depth_unit: DepthUnit = "ply",
) -> tuple[Value, Action | None]:
    """Alpha-beta value of ``state`` for player 0 (MAX), and MAX's first best action, with
    killer-move ordering.

    For each ply (distance from the root) the search remembers the last
    ``killers_per_ply`` moves that caused a cut-off there, most recent first; a move that
    is the best of its node without cutting it off is not a killer. At a node it tries
    those of them that are legal first, most recent first, then the other moves in
    action order, each move once. A cut-off by a move not already the newest killer
    makes it the newest and keeps the others in their order (the oldest drops out when
    the ply is full). Actions are compared by equality (their names), so a killer
    applies at another node only where a move of the same name is legal. The table
    starts empty at every call. Otherwise the conventions are those of
    :func:`reference.alphabeta.alphabeta`, and the value is alpha-beta's.
    """
    check_two_player(game, "killers")
    if (
        isinstance(killers_per_ply, bool)
        or not isinstance(killers_per_ply, int)
        or killers_per_ply < 1
    ):
        raise ValueError(f"killers_per_ply must be a whole number >= 1, not {killers_per_ply!r}")
    table = _Table(killers_per_ply)
    d = plies(game, depth, depth_unit)
    return _search(game, state, d, 0, -math.inf, math.inf, table, prune_on_equality, fail_soft)


class _Table:
    """The killer moves of each ply, most recent first."""

    __slots__ = ("plies", "size")

    def __init__(self, size: int) -> None:
        self.size = size
        self.plies: list[list[Action]] = []

    def at(self, ply: int) -> list[Action]:
        while len(self.plies) <= ply:
            self.plies.append([])
        return self.plies[ply]

    def remember(self, ply: int, a: Action) -> None:
        slot = self.at(ply)
        if slot and slot[0] == a:
            return
        slot[:] = [a, *(k for k in slot if k != a)][: self.size]


def _search(
    game: Game,
    s: Any,
    depth: int,
    ply: int,
    alpha: Value,
    beta: Value,
    table: _Table,
    eq: bool,
    soft: bool,
) -> tuple[Value, Action | None]:
    if game.is_terminal(s):
        return game.utility(s, 0), None
    if depth == 0:
        return game.evaluate(s, 0), None
    window = Window(game.to_move(s) == 0, alpha, beta, eq)
    for a in promote(game.actions(s), table.at(ply)):  # legal killers first, newest first
        child = game.result(s, a)
        value, _ = _search(
            game, child, depth - 1, ply + 1, window.alpha, window.beta, table, eq, soft
        )
        if window.offer(value, a):
            table.remember(ply, a)
            break  # cut-off, as in alpha-beta; ``a`` is now the newest killer of this ply
    return window.result(soft)
