"""Expectiminimax (AIMA): MAX maximises, MIN minimises, a chance node averages its outcomes."""

from __future__ import annotations

from typing import Any

from reference.api import Action, DepthUnit, Game, Value, check_two_player, plies


def expectimax(
    game: Game,
    state: Any,
    depth: int,
    *,
    depth_unit: DepthUnit = "ply",
    chance_counts_as_ply: bool = True,
) -> tuple[Value, Action | None]:
    """Expectiminimax value of ``state`` for player 0 (MAX), and MAX's first best action.

    A chance node's value is the probability-weighted sum of its outcomes' values, taken
    in the order ``chance_outcomes`` lists them; any player other than 0 minimises. Any
    non-terminal node with no depth left is evaluated, a chance node too. With
    ``chance_counts_as_ply`` (the default) a chance node is a ply like any other: its
    outcomes are searched one ply shallower. Without it only the players' moves use up
    depth: a chance node passes its depth to its outcomes unchanged. ``action`` is None at
    a leaf and at a chance root.
    """
    check_two_player(game, "expectimax")
    chance_cost = 1 if chance_counts_as_ply else 0
    return _expectimax(game, state, plies(game, depth, depth_unit), chance_cost)


def _expectimax(game: Game, s: Any, depth: int, chance_cost: int) -> tuple[Value, Action | None]:
    if game.is_terminal(s):
        return game.utility(s, 0), None
    if depth == 0:  # the cut-off: a chance node with no depth left is evaluated too
        return game.evaluate(s, 0), None
    if game.is_chance(s):
        expected: Value = 0
        for a, p in game.chance_outcomes(s):
            value, _ = _expectimax(game, game.result(s, a), depth - chance_cost, chance_cost)
            expected += p * value
        return expected, None
    maximizing = game.to_move(s) == 0
    best_value: Value | None = None
    best_action: Action | None = None
    for a in game.actions(s):
        value, _ = _expectimax(game, game.result(s, a), depth - 1, chance_cost)
        if best_value is None or (value > best_value if maximizing else value < best_value):
            best_value, best_action = value, a
    assert best_value is not None, "a non-terminal node has at least one action"
    return best_value, best_action
