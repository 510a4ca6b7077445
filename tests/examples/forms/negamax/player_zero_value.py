"""Negamax that returns player 0's value, as every other assignment asks: correct too.

It reads who moves at every node from ``game.to_move`` (so a player may move twice in a
row) and turns the root's value for its player to move into player 0's at the end.
"""

import math


def negamax(game, state, depth):
    if game.is_terminal(state) or depth == 0:
        return value(game, state, depth, 1), None
    color = 1 if game.to_move(state) == 0 else -1
    best_value, best_action = -math.inf, None
    for action in game.actions(state):
        v = -value(game, game.result(state, action), depth - 1, -color)
        if v > best_value:
            best_value, best_action = v, action
    return color * best_value, best_action


def value(game, node, depth, color):
    if game.is_terminal(node):
        return color * game.utility(node, 0)
    if depth == 0:
        return color * game.evaluate(node, 0)
    mover = 1 if game.to_move(node) == 0 else -1
    best = max(-value(game, game.result(node, a), depth - 1, -mover) for a in game.actions(node))
    return best if mover == color else -best
