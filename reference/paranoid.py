"""The paranoid search (Sturtevant and Korf 2000): one player against a coalition of all others."""

from __future__ import annotations

import math
from typing import Any

from reference.api import Action, DepthUnit, Game, Value, plies
from reference.window import Window


def paranoid(
    game: Game,
    state: Any,
    depth: int,
    *,
    prune_on_equality: bool = True,
    fail_soft: bool = False,
    depth_unit: DepthUnit = "ply",
) -> tuple[Value, Action | None]:
    """Paranoid value of ``state`` for the player to move there (the root player), and that
    player's first best action.

    The root player maximises its own payoff; every other player, as one coalition,
    minimises it. The game becomes two-player zero-sum and is searched by alpha-beta with
    the conventions of :func:`reference.alphabeta.alphabeta`. At a terminal root the
    value is player 0's payoff.
    """
    d = plies(game, depth, depth_unit)
    me = 0 if game.is_terminal(state) else game.to_move(state)
    return _paranoid(game, state, d, me, -math.inf, math.inf, prune_on_equality, fail_soft)


def _paranoid(
    game: Game, s: Any, depth: int, me: int, alpha: Value, beta: Value, eq: bool, soft: bool
) -> tuple[Value, Action | None]:
    if game.is_terminal(s):
        return game.utility(s, me), None
    if depth == 0:
        return game.evaluate(s, me), None
    window = Window(game.to_move(s) == me, alpha, beta, eq)
    for a in game.actions(s):
        value, _ = _paranoid(
            game, game.result(s, a), depth - 1, me, window.alpha, window.beta, eq, soft
        )
        if window.offer(value, a):
            break  # cut-off: the root player or the coalition above will not allow this node
    return window.result(soft)
