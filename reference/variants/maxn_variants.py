"""Known wrong versions of max^n with shallow pruning (:func:`reference.maxn.maxn`)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from reference.api import Action, DepthUnit, Game, Value, plies
from reference.variants.faults import (
    PRUNING_FAULTS,
    SEARCH_FAULTS,
    Fault,
    improves,
    in_order,
    prunes_on_equality,
    start_depth,
    variants,
)


@dataclass(frozen=True)
class _Rules:
    total: float  # the bound on a leaf's payoffs (inf: never prunes)
    eq: bool  # prune when the bound is reached, not only passed
    fault: Fault | None


def maxn_variant(
    fault: Fault | None,
    game: Game,
    state: Any,
    depth: int,
    *,
    utility_bound: float | None = None,
    prune_on_equality: bool = True,
    depth_unit: DepthUnit = "ply",
) -> tuple[list[Value], Action | None]:
    """Max^n value of ``state`` (a payoff for every player) and the first best action of
    the player to move, as the reference computes them but with ``fault`` (None: exactly
    the reference)."""
    if utility_bound is not None and not (math.isfinite(utility_bound) and utility_bound >= 0):
        raise ValueError(f"utility_bound must be a finite number >= 0, not {utility_bound!r}")
    total = math.inf if utility_bound is None else utility_bound
    if fault is Fault.NO_PRUNING:
        total = math.inf  # the mistake: the bound is never read
    rules = _Rules(total, prunes_on_equality(prune_on_equality, fault), fault)
    d = start_depth(plies(game, depth, depth_unit), fault)
    return _maxn(game, state, d, total, None, rules)


def _maxn(
    game: Game, s: Any, depth: int, bound: float, parent: int | None, rules: _Rules
) -> tuple[list[Value], Action | None]:
    fault = rules.fault
    if fault is Fault.EVALUATE_FIRST and depth == 0:
        return list(game.evaluations(s)), None  # the mistake: is_terminal is never asked here
    if game.is_terminal(s):
        return list(game.utilities(s)), None
    if depth == 0:
        return list(game.evaluations(s)), None
    p, mover = _component(game, s, fault), game.to_move(s)
    if mover == parent:
        bound = math.inf  # a player moving twice: no bound applies
    best: list[Value] | None = None
    best_action: Action | None = None
    for a in in_order(game.actions(s), fault):
        child_bound = rules.total if best is None else rules.total - best[p]
        value, _ = _maxn(game, game.result(s, a), depth - 1, child_bound, mover, rules)
        if improves(value[p], None if best is None else best[p], True, fault):
            best, best_action = value, a
        assert best is not None
        if best[p] >= bound if rules.eq else best[p] > bound:
            break  # shallow cut-off, as this variant tests it
    assert best is not None, "a non-terminal node has at least one action"
    return best, best_action


def _component(game: Game, s: Any, fault: Fault | None) -> int:
    """The payoff the player to move at ``s`` maximises."""
    p = game.to_move(s)
    if fault is Fault.PLAYER_ZERO:
        return 0  # the mistake: player 0's payoff, whoever moves
    if fault is Fault.NEXT_PLAYER:
        return (p + 1) % game.num_players  # the mistake: the next player's payoff
    return p


VARIANTS = variants(
    "maxn",
    maxn_variant,
    [
        *PRUNING_FAULTS,
        *SEARCH_FAULTS,
        Fault.PLAYER_ZERO,
        Fault.NEXT_PLAYER,
    ],
    {
        Fault.NO_PRUNING: "you never prune, but this test gives a utility bound: stop "
        "searching a node's children once its player's best reaches the bound minus the "
        "parent player's best",
        Fault.PRUNE_STRICT: "you prune only when the player's best passes its bound; this "
        "test prunes when it reaches it (>=)",
        Fault.PRUNE_ON_EQUALITY: "you prune when the player's best reaches its bound; this "
        "test prunes only when it passes it (>)",
        Fault.EVALUATE_FIRST: "at the depth limit you call evaluations() before asking "
        "is_terminal(); a terminal node's payoffs come from utilities()",
        Fault.PLAYER_ZERO: "every player in your search maximises player 0's payoff; each "
        "player maximises its own, value[game.to_move(s)]",
        Fault.NEXT_PLAYER: "every player in your search maximises the next player's payoff; "
        "each player maximises its own, value[game.to_move(s)]",
    },
)
"""Max^n's variants, the simplest mistake first."""
