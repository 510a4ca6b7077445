"""Answers a number where a move is a text.

reason: garbage
says: which is not a move
"""


def choose(game, state, clock):
    return 4
