"""Max^n with Korf's shallow pruning, as the max^n assignment expects it.

Every node's value is a vector with one payoff per player. The player to move,
``game.to_move(s)``, picks the child whose vector is largest in its own component;
ties keep the first child in action order. A terminal gives ``game.utilities(s)``, a
node at the depth limit ``game.evaluations(s)``.

The test's conventions are attributes of ``game``, present only when a test sets them:

* ``game.depth_unit == "round"``: ``depth`` counts rounds (one move of every player),
  so the search goes ``depth * game.num_players`` plies deep.
* ``game.utility_bound``: every payoff is >= 0 and a leaf's payoffs sum to at most the
  bound. Then a node stops searching its children as soon as its player's best payoff
  reaches the bound minus what the parent's player is already sure of (shallow pruning).
* ``game.prune_on_equality is False``: prune only when that best passes the bound.
"""

from __future__ import annotations

import math


def maxn(game, state, depth):
    """Return (a payoff vector for all players, the best action of the player to move)."""
    if getattr(game, "depth_unit", "ply") == "round":
        depth *= game.num_players
    bound = getattr(game, "utility_bound", None)
    total = math.inf if bound is None else bound
    strict = getattr(game, "prune_on_equality", True) is False
    return _search(game, state, depth, total, total, strict)


def _search(game, state, depth, bound, total, strict):
    """Search ``state``; stop early once its player is sure of ``bound``."""
    if game.is_terminal(state):
        return list(game.utilities(state)), None
    if depth == 0:
        return list(game.evaluations(state)), None
    player = game.to_move(state)
    best, best_action = None, None
    for action in game.actions(state):
        # what the child's player may still gain here without the parent losing interest
        child_bound = total if best is None else total - best[player]
        value, _ = _search(game, game.result(state, action), depth - 1, child_bound, total,
                           strict)
        if best is None or value[player] > best[player]:
            best, best_action = value, action
        if best[player] > bound if strict else best[player] >= bound:
            break  # the parent's player cannot gain more here: prune the rest
    return best, best_action
