"""Known wrong versions of expectiminimax (:func:`reference.expectimax.expectimax`)."""

from __future__ import annotations

from typing import Any

from reference.api import Action, DepthUnit, Game, Value, check_two_player, plies
from reference.variants.faults import (
    SEARCH_FAULTS,
    Fault,
    evaluates_first,
    improves,
    in_order,
    maximizes,
    start_depth,
    variants,
)

UNIFORM_AVERAGE = Fault("uniform-average")
MIN_AT_CHANCE = Fault("min-at-chance")
CHANCE_COUNTED = Fault("chance-counted-as-ply")
CHANCE_NOT_COUNTED = Fault("chance-not-counted")

CHANCE_FAULTS = (Fault.MAX_AT_CHANCE, MIN_AT_CHANCE, UNIFORM_AVERAGE)
"""The mistakes of a chance node's value, the simplest first."""


def expectimax_variant(
    fault: Fault | None,
    game: Game,
    state: Any,
    depth: int,
    *,
    depth_unit: DepthUnit = "ply",
    chance_counts_as_ply: bool = True,
) -> tuple[Value, Action | None]:
    """Expectiminimax value of ``state`` for player 0 (MAX) and MAX's first best action, as
    the reference computes them but with ``fault`` (None: exactly the reference)."""
    check_two_player(game, "expectimax")
    d = start_depth(plies(game, depth, depth_unit), fault, game)
    return _expectimax(game, state, d, fault, _chance_cost(chance_counts_as_ply, fault))


def _chance_cost(counts: bool, fault: Fault | None) -> int:
    """The plies a chance node uses up: 1 when it counts as a ply, else 0."""
    if fault is CHANCE_COUNTED:
        return 1  # the mistake: the test counts only the players' moves
    if fault is CHANCE_NOT_COUNTED:
        return 0  # the mistake: the test counts a chance node as a ply
    return 1 if counts else 0


def _expectimax(
    game: Game, s: Any, depth: int, fault: Fault | None, chance_cost: int
) -> tuple[Value, Action | None]:
    if evaluates_first(fault, depth):
        return game.evaluate(s, 0), None  # the mistake: is_terminal is never asked here
    if game.is_terminal(s):
        return game.utility(s, 0), None
    if depth == 0:
        return game.evaluate(s, 0), None
    if game.is_chance(s):
        return _chance(game, s, depth - chance_cost, fault, chance_cost), None
    maximizing = maximizes(game, s, fault)
    best_value: Value | None = None
    best_action: Action | None = None
    for a in in_order(game.actions(s), fault):
        value, _ = _expectimax(game, game.result(s, a), depth - 1, fault, chance_cost)
        if improves(value, best_value, maximizing, fault):
            best_value, best_action = value, a
    assert best_value is not None, "a non-terminal node has at least one action"
    return best_value, best_action


def _chance(game: Game, s: Any, depth: int, fault: Fault | None, chance_cost: int) -> Value:
    """A chance node's value from its outcomes searched at ``depth``: their expectation
    (or, by mistake, their best, their worst or their plain average)."""
    outcomes = in_order(game.chance_outcomes(s), fault)
    values = [
        (p, _expectimax(game, game.result(s, a), depth, fault, chance_cost)[0]) for a, p in outcomes
    ]
    if fault is Fault.MAX_AT_CHANCE:
        return max(v for _, v in values)  # the mistake: chance is not a player
    if fault is MIN_AT_CHANCE:
        return min(v for _, v in values)  # the mistake: chance is not MIN either
    if fault is UNIFORM_AVERAGE:
        return sum(v for _, v in values) / len(values)  # the mistake: the odds are ignored
    expected: Value = 0
    for p, value in values:
        expected += p * value
    return expected


VARIANTS = variants(
    "expectimax",
    expectimax_variant,
    [
        *CHANCE_FAULTS,
        CHANCE_NOT_COUNTED,
        CHANCE_COUNTED,
        *SEARCH_FAULTS,
        Fault.PERSPECTIVE,
        Fault.DEPTH_PER_AGENT,
    ],
    {
        Fault.MAX_AT_CHANCE: "you take the largest outcome at a chance node; its value is "
        "the probability-weighted average of its outcomes",
        MIN_AT_CHANCE: "you take the smallest outcome at a chance node, as if chance were "
        "MIN; its value is the probability-weighted average of its outcomes",
        UNIFORM_AVERAGE: "you average a chance node's outcomes as if they were equally "
        "likely; weight each outcome's value by its probability from chance_outcomes()",
        CHANCE_NOT_COUNTED: "you pass a chance node's depth to its outcomes unchanged; "
        "this test counts a chance node as a ply (game.chance_counts_as_ply is not False): "
        "search its outcomes with depth - 1",
        CHANCE_COUNTED: "you count a chance node as a ply; this test counts only the "
        "players' moves (game.chance_counts_as_ply is False): search a chance node's "
        "outcomes with the same depth",
    },
)
"""Expectimax's variants, the simplest mistake first."""
