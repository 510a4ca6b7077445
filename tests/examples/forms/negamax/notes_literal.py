"""Negamax word for word as the notes write it: ``if depth == 0 or node is a terminal
node: return color * the heuristic value of node``, so a terminal is evaluated too (its
heuristic value is its payoff). The root is searched like the notes' ``getAction``, with
the color of the player to move there, and its value is returned for that player."""

import math


def negamax(game, state, depth):
    color = 1 if game.is_terminal(state) or game.to_move(state) == 0 else -1
    if depth == 0 or game.is_terminal(state):
        return color * game.evaluate(state, 0), None
    best_value, best_action = -math.inf, None
    for action in game.actions(state):
        value = -search(game.result(state, action), depth - 1, -color, game)
        if value > best_value:
            best_value, best_action = value, action
    return best_value, best_action


def search(node, depth, color, game):
    if depth == 0 or game.is_terminal(node):
        return color * game.evaluate(node, 0)
    best_value = -math.inf
    for action in game.actions(node):
        value = -search(game.result(node, action), depth - 1, -color, game)
        best_value = max(best_value, value)
    return best_value
