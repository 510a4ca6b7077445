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


def expectimax_variant(
    fault: Fault | None, game: Game, state: Any, depth: int, *, depth_unit: DepthUnit = "ply"
) -> tuple[Value, Action | None]:
    """Expectiminimax value of ``state`` for player 0 (MAX) and MAX's first best action, as
    the reference computes them but with ``fault`` (None: exactly the reference)."""
    check_two_player(game, "expectimax")
    d = start_depth(plies(game, depth, depth_unit), fault)
    return _expectimax(game, state, d, fault)


def _expectimax(
    game: Game, s: Any, depth: int, fault: Fault | None
) -> tuple[Value, Action | None]:
    if evaluates_first(fault, depth):
        return game.evaluate(s, 0), None  # the mistake: is_terminal is never asked here
    if game.is_terminal(s):
        return game.utility(s, 0), None
    if depth == 0:
        return game.evaluate(s, 0), None
    if game.is_chance(s):
        return _chance(game, s, depth, fault), None
    maximizing = maximizes(game, s, fault)
    best_value: Value | None = None
    best_action: Action | None = None
    for a in in_order(game.actions(s), fault):
        value, _ = _expectimax(game, game.result(s, a), depth - 1, fault)
        if improves(value, best_value, maximizing, fault):
            best_value, best_action = value, a
    assert best_value is not None, "a non-terminal node has at least one action"
    return best_value, best_action


def _chance(game: Game, s: Any, depth: int, fault: Fault | None) -> Value:
    """A chance node's value: the expectation of its outcomes (or, by mistake, the best)."""
    outcomes = in_order(game.chance_outcomes(s), fault)
    values = [(p, _expectimax(game, game.result(s, a), depth - 1, fault)[0]) for a, p in outcomes]
    if fault is Fault.MAX_AT_CHANCE:
        return max(v for _, v in values)  # the mistake: chance is not a player
    expected: Value = 0
    for p, value in values:
        expected += p * value
    return expected


VARIANTS = variants(
    "expectimax",
    expectimax_variant,
    [
        Fault.MAX_AT_CHANCE,
        *SEARCH_FAULTS,
        Fault.PERSPECTIVE,
    ],
    {
        Fault.MAX_AT_CHANCE: "you take the largest outcome at a chance node; its value is "
        "the probability-weighted average of its outcomes",
    },
)
"""Expectimax's variants, the simplest mistake first."""
