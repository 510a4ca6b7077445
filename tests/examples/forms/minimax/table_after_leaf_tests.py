"""Minimax with a transposition table, read once a node is known not to be a leaf.

The table maps ``(state, depth to go)`` to the node's value and best action, so a
position reached again by another path with as much depth to go is not searched
again. Leaves are read from the game each time: the table is consulted after the
terminal and cut-off tests and written only after searching a node's children.
"""


def minimax(game, state, depth):
    return _search(game, state, depth, {})


def _search(game, state, depth, table):
    if game.is_terminal(state):
        return game.utility(state, 0), None
    if depth == 0:
        return game.evaluate(state, 0), None
    if (state, depth) in table:
        return table[state, depth]
    maximizing = game.to_move(state) == 0
    best_value, best_action = None, None
    for action in game.actions(state):
        value, _ = _search(game, game.result(state, action), depth - 1, table)
        if best_value is None or (value > best_value if maximizing else value < best_value):
            best_value, best_action = value, action
    table[state, depth] = best_value, best_action
    return best_value, best_action
