"""Negamax as the lecture notes write it: one maximising rule for both players, each node
valued for its player to move, a child's value negated on the way up."""

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
from reference.conventions import ValueFor
from reference.exact_table import ExactTable
from reference.value_for import check_value_for

Found = tuple[Value, Action | None]


def negamax(
    game: Game,
    state: Any,
    depth: int,
    *,
    value_for: ValueFor = "mover",
    transposition_table: TranspositionTable = "none",
    depth_unit: DepthUnit = "ply",
) -> tuple[Value, Action | None]:
    """Negamax value of ``state`` and the first best action of the player to move there.

    The value is for the player to move at the root, as the notes'
    ``negamax(root, depth, color)`` returns it; with ``value_for`` ``"player0"`` it is
    player 0's (MAX's), as the other references report theirs. The two differ only in
    sign, and only where MIN moves at the root (a terminal root is valued for player 0).

    Inside, as in the notes, a node is valued for the player its ``color`` names (+1 MAX,
    -1 MIN): a leaf is ``color`` times player 0's payoff, and a node takes the largest of
    its children's values negated. The player to move comes from ``game.to_move``, so a
    player who moves twice in a row is searched right too (the notes' ``-color`` assumes
    the players alternate). ``action`` is None at a leaf. ``transposition_table``: what a
    table of exact values keeps (:mod:`reference.exact_table`); it holds values for MAX,
    which do not depend on who moved into a node.
    """
    check_two_player(game, "negamax")
    check_value_for(value_for)
    color = 1 if game.is_terminal(state) or game.to_move(state) == 0 else -1
    table: ExactTable[Found] = ExactTable(transposition_table)
    value, action = _negamax(game, state, plies(game, depth, depth_unit), color, table)
    return (color * value if value_for == "player0" else value), action


def _negamax(game: Game, s: Any, depth: int, color: int, table: ExactTable[Found]) -> Found:
    """Value of ``s`` for the player of ``color`` (+1 MAX, -1 MIN), and its best action."""
    found = table.get(s, depth)  # for MAX
    if found is not None:
        return color * found[0], found[1]  # reached again with as many plies to go: read
    if game.is_terminal(s):
        return color * table.leaf(s, depth, (game.utility(s, 0), None))[0], None
    if depth == 0:  # the cut-off: the heuristic value, for the player of color
        return color * table.leaf(s, depth, (game.evaluate(s, 0), None))[0], None
    mover = 1 if game.to_move(s) == 0 else -1
    best_value: Value | None = None
    best_action: Action | None = None
    for a in game.actions(s):
        child_value, _ = _negamax(game, game.result(s, a), depth - 1, -mover, table)
        value = -child_value  # the child is valued for the mover's opponent
        if best_value is None or value > best_value:
            best_value, best_action = value, a
    assert best_value is not None, "a non-terminal node has at least one action"
    table.node(s, depth, (mover * best_value, best_action))  # for MAX
    # color is the mover's but where the mover moved just before too (then it is -mover)
    return (best_value if mover == color else -best_value), best_action
