"""Alpha-beta with killer moves: moves that caused a cut-off at a ply are tried first there."""

from __future__ import annotations

import math
from typing import Any

from reference.api import Action, DepthUnit, Game, Value, check_two_player, plies
from reference.ordering import promote
from reference.window import Window

KILLERS_PER_PLY = 2


def killers(
    game: Game,
    state: Any,
    depth: int,
    *,
    prune_on_equality: bool = True,
    fail_soft: bool = False,
    depth_unit: DepthUnit = "ply",
) -> tuple[Value, Action | None]:
    """Alpha-beta value of ``state`` for player 0 (MAX), and MAX's first best action, with
    killer-move ordering.

    For each ply (distance from the root) the search remembers the last two moves that
    caused a cut-off there, most recent first. At a node it tries those of them that are
    legal first, most recent first, then the other moves in action order. A cut-off by a
    move not already the newest killer makes it the newest and keeps the previous
    newest as the second. Actions are compared by equality, so a killer applies at
    another node only where a move of the same name is legal. Otherwise the conventions
    are those of :func:`reference.alphabeta.alphabeta`.
    """
    check_two_player(game, "killers")
    table: list[list[Action]] = []
    d = plies(game, depth, depth_unit)
    return _search(game, state, d, 0, -math.inf, math.inf, table, prune_on_equality, fail_soft)


def _search(
    game: Game,
    s: Any,
    depth: int,
    ply: int,
    alpha: Value,
    beta: Value,
    table: list[list[Action]],
    eq: bool,
    soft: bool,
) -> tuple[Value, Action | None]:
    if game.is_terminal(s):
        return game.utility(s, 0), None
    if depth == 0:
        return game.evaluate(s, 0), None
    while len(table) <= ply:
        table.append([])
    window = Window(game.to_move(s) == 0, alpha, beta, eq)
    for a in promote(game.actions(s), table[ply]):
        child = game.result(s, a)
        value, _ = _search(
            game, child, depth - 1, ply + 1, window.alpha, window.beta, table, eq, soft
        )
        if window.offer(value, a):
            _remember(table[ply], a)
            break  # cut-off, as in alpha-beta; ``a`` is now a killer of this ply
    return window.result(soft)


def _remember(slot: list[Action], a: Action) -> None:
    if slot and slot[0] == a:
        return
    slot[:] = [a, *(k for k in slot if k != a)][:KILLERS_PER_PLY]
