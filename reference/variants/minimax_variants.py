"""Known wrong versions of minimax (:func:`reference.minimax.minimax`), one fault each."""

from __future__ import annotations

from typing import Any

from reference.api import Action, DepthUnit, Game, Value, check_two_player, plies
from reference.variants.faults import (
    AGENT_FAULTS,
    SEARCH_FAULTS,
    TURN_FAULTS,
    Fault,
    Turn,
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
    d = start_depth(plies(game, depth, depth_unit), fault, game)
    return _minimax(game, state, d, fault, Turn.at_root(game, state, fault))


def _minimax(
    game: Game, s: Any, depth: int, fault: Fault | None, turn: Turn
) -> tuple[Value, Action | None]:
    if evaluates_first(fault, depth):
        return game.evaluate(s, turn.me), None  # the mistake: is_terminal is never asked here
    if game.is_terminal(s):
        return game.utility(s, turn.me), None
    if turn.cut_off(fault, depth):
        return game.evaluate(s, turn.me), None
    maximizing = maximizes(game, s, fault, turn)
    best_value: Value | None = None
    best_action: Action | None = None
    for a in in_order(game.actions(s), fault):
        child_depth, child_turn = turn.child(fault, depth)
        value, _ = _minimax(game, game.result(s, a), child_depth, fault, child_turn)
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
        *TURN_FAULTS,
        *AGENT_FAULTS,
    ],
)
"""Minimax's variants, the simplest mistake first."""
