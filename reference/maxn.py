"""Max^n (Luckhardt and Irani 1986) for n players, with Korf's (1991) shallow pruning."""

from __future__ import annotations

import math
from typing import Any

from reference.api import Action, DepthUnit, Game, TranspositionTable, Value, plies
from reference.exact_table import ExactTable

Found = tuple[list[Value], Action | None]


def maxn(
    game: Game,
    state: Any,
    depth: int,
    *,
    utility_bound: float | None = None,
    prune_on_equality: bool = True,
    transposition_table: TranspositionTable = "none",
    depth_unit: DepthUnit = "ply",
) -> Found:
    """Max^n value of ``state``: a payoff for every player, and the first best action of
    the player to move.

    Each player maximises its own component; ties go to the first child in action order.
    Leaves give ``utilities``, or ``evaluations`` at the cut-off. ``utility_bound`` turns
    on shallow pruning exactly as Korf (1991): every payoff must be >= 0 and the payoffs
    of one leaf must sum to at most the bound. ``prune_on_equality`` prunes when the
    player's best reaches its bound (Korf's ``>=``); False only when it passes it. Shallow
    pruning never changes the root value or action, only the nodes visited; it prunes
    only below a move of another player (the bound says nothing when a player moves twice).
    ``transposition_table``: what a table of exact values keeps
    (:mod:`reference.exact_table`); a node cut off by shallow pruning is not kept (its
    value is only a bound), every other node's value is exact.
    """
    if utility_bound is not None and not (math.isfinite(utility_bound) and utility_bound >= 0):
        raise ValueError(f"utility_bound must be a finite number >= 0, not {utility_bound!r}")
    total = math.inf if utility_bound is None else utility_bound  # inf: never prunes
    d = plies(game, depth, depth_unit)
    table: ExactTable[Found] = ExactTable(transposition_table)
    return _maxn(game, state, d, total, None, (total, prune_on_equality, table))


def _maxn(
    game: Game,
    s: Any,
    depth: int,
    bound: float,
    parent: int | None,
    rules: tuple[float, bool, ExactTable[Found]],
) -> Found:
    """Korf's Shallow(Node, Player, Bound): ``bound`` is ``total`` minus the best so far of
    ``parent``, the player at the parent node, so once the player here is sure of
    ``bound`` the parent cannot gain. Korf's bound holds only between two different
    players: where ``parent`` moves again here, nothing is pruned. ``rules``: the bound
    on the sum of payoffs, whether reaching the bound prunes, and the table."""
    total, eq, table = rules
    found = table.get(s, depth)
    if found is not None:
        return found  # reached again with as many plies to go: read, not searched again
    if game.is_terminal(s):
        return table.leaf(s, depth, (list(game.utilities(s)), None))
    if depth == 0:
        return table.leaf(s, depth, (list(game.evaluations(s)), None))
    p = game.to_move(s)
    if p == parent:
        bound = math.inf  # the same player maximises the same payoff: no bound applies
    best: list[Value] | None = None
    best_action: Action | None = None
    for a in game.actions(s):
        child_bound = total if best is None else total - best[p]  # Korf: Sum - Best[Player]
        value, _ = _maxn(game, game.result(s, a), depth - 1, child_bound, p, rules)
        if best is None or value[p] > best[p]:
            best, best_action = value, a
        if best[p] >= bound if eq else best[p] > bound:
            return best, best_action  # shallow cut-off: the parent's player gets at most
            # total - best[p] here; a bound, not this node's value, so the table keeps none
    assert best is not None, "a non-terminal node has at least one action"
    return table.node(s, depth, (best, best_action))
