"""Alpha-beta pruning, fail-hard or fail-soft, pruning on ``>=`` or only on ``>``."""

from __future__ import annotations

import math
from typing import Any

from reference.api import Action, DepthUnit, Game, Value, check_two_player, plies


def alphabeta(
    game: Game,
    state: Any,
    depth: int,
    *,
    prune_on_equality: bool = True,
    fail_soft: bool = False,
    depth_unit: DepthUnit = "ply",
    alpha: Value = -math.inf,
    beta: Value = math.inf,
) -> tuple[Value, Action | None]:
    """Alpha-beta value of ``state`` for player 0 (MAX), and MAX's first best action.

    ``prune_on_equality`` prunes when ``alpha >= beta`` (AIMA); False prunes only when
    ``alpha > beta`` (CS188). Fail-hard clamps a node's value into ``[alpha, beta]``;
    fail-soft returns the best value seen, which may lie outside the window. At the root
    (an infinite window) both give the minimax value.
    """
    check_two_player(game, "alphabeta")
    return _alphabeta(
        game, state, plies(game, depth, depth_unit), alpha, beta, prune_on_equality, fail_soft
    )


def _alphabeta(
    game: Game, s: Any, depth: int, alpha: Value, beta: Value, eq: bool, soft: bool
) -> tuple[Value, Action | None]:
    if game.is_terminal(s):
        return game.utility(s, 0), None
    if depth == 0:
        return game.evaluate(s, 0), None
    side = _max_value if game.to_move(s) == 0 else _min_value
    best_value, best_action = side(game, s, depth, alpha, beta, eq, soft)
    # fail-hard: the value clamped into the window the node was given (the loop's narrower
    # window gives the same clamp: it only ever moves up to the best value seen)
    return (best_value if soft else _clamp(best_value, alpha, beta)), best_action


def _max_value(
    game: Game, s: Any, depth: int, alpha: Value, beta: Value, eq: bool, soft: bool
) -> tuple[Value, Action | None]:
    best_value: Value = -math.inf
    best_action: Action | None = None
    result = game.result
    for a in game.actions(s):
        value = _alphabeta(game, result(s, a), depth - 1, alpha, beta, eq, soft)[0]
        if value > best_value or best_action is None:
            best_value, best_action = value, a
        if best_value >= beta if eq else best_value > beta:
            break  # cut-off: MIN above already has a move no better than this for MAX
        if best_value > alpha:  # alpha = max(alpha, best), without the call: a hot loop
            alpha = best_value
    return best_value, best_action


def _min_value(
    game: Game, s: Any, depth: int, alpha: Value, beta: Value, eq: bool, soft: bool
) -> tuple[Value, Action | None]:
    best_value: Value = math.inf
    best_action: Action | None = None
    result = game.result
    for a in game.actions(s):
        value = _alphabeta(game, result(s, a), depth - 1, alpha, beta, eq, soft)[0]
        if value < best_value or best_action is None:
            best_value, best_action = value, a
        if best_value <= alpha if eq else best_value < alpha:
            break  # cut-off: MAX above already has a move at least this good
        if best_value < beta:  # beta = min(beta, best)
            beta = best_value
    return best_value, best_action


def _clamp(value: Value, alpha: Value, beta: Value) -> Value:
    """Fail-hard: a node's value clamped into its window ``[alpha, beta]``."""
    return alpha if value < alpha else beta if value > beta else value
