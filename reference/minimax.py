"""Depth-limited minimax (AIMA's MINIMAX-SEARCH with a cut-off)."""

from __future__ import annotations

from typing import Any

from reference.api import Action, DepthUnit, Game, Value, check_two_player, plies


def minimax(
    game: Game, state: Any, depth: int, *, depth_unit: DepthUnit = "ply"
) -> tuple[Value, Action | None]:
    """Minimax value of ``state`` for player 0 (MAX), and MAX's first best action.

    Several consecutive MIN players are allowed (any player other than 0 minimises).
    Ties go to the first best action in action order. ``action`` is None at a leaf.
    """
    check_two_player(game, "minimax")
    return _minimax(game, state, plies(game, depth, depth_unit))


def _minimax(game: Game, s: Any, depth: int) -> tuple[Value, Action | None]:
    if game.is_terminal(s):
        return game.utility(s, 0), None
    if depth == 0:
        return game.evaluate(s, 0), None
    maximizing = game.to_move(s) == 0
    best_value: Value | None = None
    best_action: Action | None = None
    for a in game.actions(s):
        value, _ = _minimax(game, game.result(s, a), depth - 1)
        if best_value is None or (value > best_value if maximizing else value < best_value):
            best_value, best_action = value, a
    assert best_value is not None, "a non-terminal node has at least one action"
    return best_value, best_action
