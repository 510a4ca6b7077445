"""A wrong max^n: ties go to the last best child, not the first.

It replaces the best child whenever a later one is *at least* as good for the player to
move (``>=`` where the assignment wants ``>``). When two children tie on the mover's
payoff but differ for the other players, it backs up the wrong vector, so the value (and
at the root the action) is wrong: ``aima-fig5.4`` (the root's two moves both give
player 0 a 1) and ``first-best-tie``. Where nothing ties (``four-player``) it is right.
With a utility bound a tie can also move a cut-off.
"""

from __future__ import annotations

import math


def maxn(game, state, depth):
    """Return (a payoff vector, an action), keeping the last of equally good children."""
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
    player = game.to_move(state)
    best, best_action = None, None
    for action in game.actions(state):
        child_bound = total if best is None else total - best[player]
        value, _ = _search(game, game.result(state, action), depth - 1, child_bound, total,
                           strict)
        if best is None or value[player] >= best[player]:  # the mistake: should be >
            best, best_action = value, action
        if best[player] > bound if strict else best[player] >= bound:
            break
    return best, best_action
