"""Known wrong versions of minimax (:func:`reference.minimax.minimax`), one fault each."""

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


def minimax_variant(
    fault: Fault | None, game: Game, state: Any, depth: int, *, depth_unit: DepthUnit = "ply"
) -> tuple[Value, Action | None]:
    """Minimax value of ``state`` for player 0 (MAX) and MAX's first best action, as the
    reference computes them but with ``fault`` (None: exactly the reference)."""
    check_two_player(game, "minimax")
    return _minimax(game, state, start_depth(plies(game, depth, depth_unit), fault), fault)


def _minimax(game: Game, s: Any, depth: int, fault: Fault | None) -> tuple[Value, Action | None]:
    if evaluates_first(fault, depth):
        return game.evaluate(s, 0), None  # the mistake: is_terminal is never asked here
    if game.is_terminal(s):
        return game.utility(s, 0), None
    if depth == 0:
        return game.evaluate(s, 0), None
    maximizing = maximizes(game, s, fault)
    best_value: Value | None = None
    best_action: Action | None = None
    for a in in_order(game.actions(s), fault):
        value, _ = _minimax(game, game.result(s, a), depth - 1, fault)
        if improves(value, best_value, maximizing, fault):
            best_value, best_action = value, a
    assert best_value is not None, "a non-terminal node has at least one action"
    return best_value, best_action


VARIANTS = variants(
    "minimax",
    minimax_variant,
    [
        *SEARCH_FAULTS,
        Fault.PERSPECTIVE,
    ],
)
"""Minimax's variants, the simplest mistake first."""
