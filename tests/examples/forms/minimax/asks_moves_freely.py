"""Minimax as students write it in CS188's style: it asks for a node's moves freely.

It uses an empty move list as the terminal test (so it lists the moves of terminals),
lists a node's moves once to count them and again to loop over them, lists them at the
depth limit before evaluating there, and lists the root's moves once more at the end to
pick the action by index. None of this changes which nodes it searches.
"""


def minimax(game, state, depth):
    values = [_value(game, game.result(state, a), depth - 1) for a in game.actions(state)] \
        if depth > 0 and game.actions(state) else []
    if not values:
        return _value(game, state, depth), None
    best = max(values) if game.to_move(state) == 0 else min(values)
    return best, game.actions(state)[values.index(best)]


def _value(game, state, depth):
    moves = game.actions(state)
    if len(moves) == 0:
        return game.utility(state, 0)
    if depth == 0:
        return game.evaluate(state, 0)
    count = len(game.actions(state))
    values = [_value(game, game.result(state, game.actions(state)[i]), depth - 1)
              for i in range(count)]
    return max(values) if game.to_move(state) == 0 else min(values)
