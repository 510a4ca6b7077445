"""Negamax: minimax with one rule for both players, each node valued for its player to move."""

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


def negamax(
    game: Game,
    state: Any,
    depth: int,
    *,
    transposition_table: TranspositionTable = "none",
    depth_unit: DepthUnit = "ply",
) -> tuple[Value, Action | None]:
    """Negamax value of ``state`` reported for player 0 (MAX), like every reference, and the
    first best action of the player to move.

    Inside the search a node's value is for the player to move there: the largest of its
    children's values seen by that player. A leaf is valued for the player who moved into
    it: player 0's payoff, negated when that player is MIN. The root is valued for MAX,
    so the result equals minimax's even when the root player is MIN or one player moves
    twice in a row. ``action`` is None at a leaf. ``transposition_table``: what a table
    of exact values keeps (:mod:`reference.exact_table`); it holds values for MAX, which
    do not depend on who moved into a node.
    """
    check_two_player(game, "negamax")
    table: ExactTable[Found] = ExactTable(transposition_table)
    return _negamax(game, state, plies(game, depth, depth_unit), 1, table)


def _negamax(game: Game, s: Any, depth: int, sign: int, table: ExactTable[Found]) -> Found:
    """Value of ``s`` for the player of ``sign`` (+1 MAX, -1 MIN), and the best action."""
    found = table.get(s, depth)  # for MAX
    if found is not None:
        return sign * found[0], found[1]  # reached again with as many plies to go: read
    if game.is_terminal(s):
        return sign * table.leaf(s, depth, (game.utility(s, 0), None))[0], None
    if depth == 0:
        return sign * table.leaf(s, depth, (game.evaluate(s, 0), None))[0], None
    mover = 1 if game.to_move(s) == 0 else -1
    best_value: Value | None = None
    best_action: Action | None = None
    for a in game.actions(s):
        value, _ = _negamax(game, game.result(s, a), depth - 1, mover, table)  # for the mover
        if best_value is None or value > best_value:
            best_value, best_action = value, a
    assert best_value is not None, "a non-terminal node has at least one action"
    table.node(s, depth, (mover * best_value, best_action))  # for MAX
    return sign * mover * best_value, best_action  # negated when the viewer is the opponent
