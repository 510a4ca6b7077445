"""Depth-limited minimax (AIMA's MINIMAX-SEARCH with a cut-off)."""

from __future__ import annotations

from typing import Any

from reference.api import (
    Action,
    DepthUnit,
    Game,
    TranspositionTable,
    Value,
    check_two_player,
    plies,
)
from reference.exact_table import ExactTable

Found = tuple[Value, Action | None]


def minimax(
    game: Game,
    state: Any,
    depth: int,
    *,
    transposition_table: TranspositionTable = "none",
    depth_unit: DepthUnit = "ply",
) -> tuple[Value, Action | None]:
    """Minimax value of ``state`` for player 0 (MAX), and MAX's first best action.

    Several consecutive MIN players are allowed (any player other than 0 minimises).
    Ties go to the first best action in action order. ``action`` is None at a leaf.
    ``transposition_table``: what a table of exact values keeps
    (:mod:`reference.exact_table`).
    """
    check_two_player(game, "minimax")
    table: ExactTable[Found] = ExactTable(transposition_table)
    return _minimax(game, state, plies(game, depth, depth_unit), table)


def _minimax(game: Game, s: Any, depth: int, table: ExactTable[Found]) -> Found:
    found = table.get(s, depth)
    if found is not None:
        return found  # reached again with as many plies to go: read, not searched again
    if game.is_terminal(s):
        return table.leaf(s, depth, (game.utility(s, 0), None))
    if depth == 0:
        return table.leaf(s, depth, (game.evaluate(s, 0), None))
    maximizing = game.to_move(s) == 0
    best_value: Value | None = None
    best_action: Action | None = None
    for a in game.actions(s):
        value, _ = _minimax(game, game.result(s, a), depth - 1, table)
        if best_value is None or (value > best_value if maximizing else value < best_value):
            best_value, best_action = value, a
    assert best_value is not None, "a non-terminal node has at least one action"
    return table.node(s, depth, (best_value, best_action))
