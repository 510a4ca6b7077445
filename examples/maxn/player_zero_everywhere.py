"""A wrong max^n: every player maximises player 0's payoff.

At each node it picks the child best in component 0, whoever is to move there, instead
of the mover's own component ``value[game.to_move(s)]``. The search visits the same
nodes as max^n when nothing is pruned, but backs up the wrong vectors: the root value
and action are wrong wherever another player's choice matters (``aima-fig5.4``,
``first-best-tie``), and with a utility bound it prunes in the wrong places too.
"""

from __future__ import annotations

import math


def maxn(game, state, depth):
    """Return (a payoff vector, an action), every player maximising player 0's payoff."""
    if getattr(game, "depth_unit", "ply") == "round":
        depth *= game.num_players
    bound = getattr(game, "utility_bound", None)
    total = math.inf if bound is None else bound
    strict = getattr(game, "prune_on_equality", True) is False
    return _search(game, state, depth, total, total, strict)


def _search(game, state, depth, bound, total, strict):
    if game.is_terminal(state):
        return list(game.utilities(state)), None
    if depth == 0:
        return list(game.evaluations(state)), None
    player = 0  # the mistake: should be game.to_move(state)
    best, best_action = None, None
    for action in game.actions(state):
        child_bound = total if best is None else total - best[player]
        value, _ = _search(game, game.result(state, action), depth - 1, child_bound, total,
                           strict)
        if best is None or value[player] > best[player]:
            best, best_action = value, action
        if best[player] > bound if strict else best[player] >= bound:
            break
    return best, best_action
