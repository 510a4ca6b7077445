"""Alpha-beta with a quiescence search at the horizon: stand pat, or play on noisy moves only."""

from __future__ import annotations

import math
from typing import Any

from reference.api import Action, DepthUnit, Game, Value, check_two_player, plies
from reference.conventions import ValueFor
from reference.value_for import check_value_for, for_whom
from reference.window import Window


def quiescence(
    game: Game,
    state: Any,
    depth: int,
    *,
    quiescence_depth: int | None = None,
    prune_on_equality: bool = True,
    fail_soft: bool = False,
    depth_unit: DepthUnit = "ply",
    value_for: ValueFor = "player0",
) -> tuple[Value, Action | None]:
    """Value of ``state`` for player 0 (MAX), and the first best action of its mover.

    Alpha-beta (the conventions of :func:`reference.alphabeta.alphabeta`) down to
    ``depth``. A non-terminal node at the horizon is not simply evaluated: its evaluation
    is the *stand-pat* value (the player to move may decline to capture), and unless the
    node is quiet, or ``quiescence_depth`` noisy plies have been played past the horizon,
    each of its ``noisy_actions`` is searched the same way. Stand-pat takes part in the
    node's window as its first move, so it may cut the node off before any expansion.
    ``quiescence_depth=None`` searches noisy moves until quiet; 0 makes this alpha-beta.
    ``action`` is None at a leaf and at a horizon root. ``value_for="mover"``: the root's
    value for its player to move instead, as the notes' quiescence (a negamax) returns it;
    a terminal root is valued for player 0, as negamax does.
    """
    check_two_player(game, "quiescence")
    if quiescence_depth is not None and quiescence_depth < 0:
        raise ValueError(f"quiescence_depth must be >= 0 or None, not {quiescence_depth}")
    check_value_for(value_for)
    extra = math.inf if quiescence_depth is None else quiescence_depth
    d = plies(game, depth, depth_unit)
    value, action = _search(game, state, d, -math.inf, math.inf, extra, prune_on_equality,
                            fail_soft)
    return for_whom(game, state, value, value_for), action


def _search(
    game: Game, s: Any, depth: int, alpha: Value, beta: Value, extra: float, eq: bool, soft: bool
) -> tuple[Value, Action | None]:
    if game.is_terminal(s):
        return game.utility(s, 0), None
    if depth == 0:
        return _quiesce(game, s, alpha, beta, extra, eq, soft), None
    window = Window(game.to_move(s) == 0, alpha, beta, eq)
    for a in game.actions(s):
        child = game.result(s, a)
        value, _ = _search(game, child, depth - 1, window.alpha, window.beta, extra, eq, soft)
        if window.offer(value, a):
            break  # cut-off, as in alpha-beta
    return window.result(soft)


def _quiesce(
    game: Game, s: Any, alpha: Value, beta: Value, left: float, eq: bool, soft: bool
) -> Value:
    """Value of the non-terminal node ``s`` past the horizon, ``left`` noisy plies to go."""
    stand_pat = game.evaluate(s, 0)
    if left == 0 or game.is_quiet(s):
        return stand_pat  # the quiescence limit, or nothing left to capture: a leaf
    window = Window(game.to_move(s) == 0, alpha, beta, eq)
    if window.offer(stand_pat, None):
        return window.result(soft)[0]  # cut-off: standing pat is already too good
    for a in game.noisy_actions(s):
        child = game.result(s, a)
        if game.is_terminal(child):
            value = game.utility(child, 0)
        else:
            value = _quiesce(game, child, window.alpha, window.beta, left - 1, eq, soft)
        if window.offer(value, a):
            break  # cut-off, as in alpha-beta
    return window.result(soft)[0]
