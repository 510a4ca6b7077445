"""Expectiminimax (AIMA): MAX maximises, MIN minimises, a chance node averages its outcomes."""

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


def expectimax(
    game: Game,
    state: Any,
    depth: int,
    *,
    depth_unit: DepthUnit = "ply",
    chance_counts_as_ply: bool = True,
    transposition_table: TranspositionTable = "none",
) -> tuple[Value, Action | None]:
    """Expectiminimax value of ``state`` for player 0 (MAX), and MAX's first best action.

    A chance node's value is the probability-weighted sum of its outcomes' values, taken
    in the order ``chance_outcomes`` lists them; any player other than 0 minimises. Any
    non-terminal node with no depth left is evaluated, a chance node too. With
    ``chance_counts_as_ply`` (the default) a chance node is a ply like any other: its
    outcomes are searched one ply shallower. Without it only the players' moves use up
    depth: a chance node passes its depth to its outcomes unchanged. ``action`` is None at
    a leaf and at a chance root. ``transposition_table``: what a table of exact values
    keeps (:mod:`reference.exact_table`).
    """
    check_two_player(game, "expectimax")
    chance_cost = 1 if chance_counts_as_ply else 0
    table: ExactTable[Found] = ExactTable(transposition_table)
    return _expectimax(game, state, plies(game, depth, depth_unit), (chance_cost, table))


def _expectimax(game: Game, s: Any, depth: int, rules: tuple[int, ExactTable[Found]]) -> Found:
    """``rules``: the plies a chance node uses up, and the table."""
    chance_cost, table = rules
    found = table.get(s, depth)
    if found is not None:
        return found  # reached again with as many plies to go: read, not searched again
    if game.is_terminal(s):
        return table.leaf(s, depth, (game.utility(s, 0), None))
    if depth == 0:  # the cut-off: a chance node with no depth left is evaluated too
        return table.leaf(s, depth, (game.evaluate(s, 0), None))
    if game.is_chance(s):
        expected: Value = 0
        for a, p in game.chance_outcomes(s):
            value, _ = _expectimax(game, game.result(s, a), depth - chance_cost, rules)
            expected += p * value
        return table.node(s, depth, (expected, None))
    maximizing = game.to_move(s) == 0
    best_value: Value | None = None
    best_action: Action | None = None
    for a in game.actions(s):
        value, _ = _expectimax(game, game.result(s, a), depth - 1, rules)
        if best_value is None or (value > best_value if maximizing else value < best_value):
            best_value, best_action = value, a
    assert best_value is not None, "a non-terminal node has at least one action"
    return table.node(s, depth, (best_value, best_action))
