"""Max^n with shallow pruning, memoised: the table is read first, for leaves too.

The table maps ``(state, depth to go)`` to a node's payoff vector and best action, so
a leaf reached again with as much depth to go is not evaluated again either. A node
cut off by shallow pruning returns a bound, not its value, so it is not kept.
"""

import math


def maxn(game, state, depth):
    if getattr(game, "depth_unit", "ply") == "round":
        depth *= game.num_players
    bound = getattr(game, "utility_bound", None)
    total = math.inf if bound is None else bound
    strict = getattr(game, "prune_on_equality", True) is False
    return _search(game, state, depth, total, (total, strict, {}))


def _search(game, state, depth, bound, rules):
    total, strict, table = rules
    key = state, depth
    if key in table:
        return table[key]
    if game.is_terminal(state):
        table[key] = list(game.utilities(state)), None
        return table[key]
    if depth == 0:
        table[key] = list(game.evaluations(state)), None
        return table[key]
    player = game.to_move(state)
    best, best_action = None, None
    for action in game.actions(state):
        child_bound = total if best is None else total - best[player]
        value, _ = _search(game, game.result(state, action), depth - 1, child_bound, rules)
        if best is None or value[player] > best[player]:
            best, best_action = value, action
        if best[player] > bound if strict else best[player] >= bound:
            return best, best_action  # pruned: the parent's player cannot gain here
    table[key] = best, best_action
    return best, best_action
