"""A wrong max^n: it ignores ``game.utility_bound`` and never prunes.

Its values and actions are right everywhere, since shallow pruning never changes them.
On the tests whose utility bound lets Korf's shallow pruning cut children off
(``shallow-pruning``, ``three-player-bound``, ``four-player-bound``) it searches them, so
the nodes it expands and evaluates, and its prune count, are wrong there; every other
test passes (``shallow-pruning-strict`` prunes nothing).
"""

from __future__ import annotations


def maxn(game, state, depth):
    """Return (a payoff vector for all players, the best action), searching every child."""
    if getattr(game, "depth_unit", "ply") == "round":
        depth *= game.num_players
    # the mistake: game.utility_bound is never read, so nothing is ever pruned
    return _search(game, state, depth)


def _search(game, state, depth):
    if game.is_terminal(state):
        return list(game.utilities(state)), None
    if depth == 0:
        return list(game.evaluations(state)), None
    player = game.to_move(state)
    best, best_action = None, None
    for action in game.actions(state):
        value, _ = _search(game, game.result(state, action), depth - 1)
        if best is None or value[player] > best[player]:
            best, best_action = value, action
    return best, best_action
