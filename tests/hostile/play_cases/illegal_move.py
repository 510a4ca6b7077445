"""Plays a column that does not exist.

reason: illegal
says: which is not legal here
"""


def choose(game, state, clock):
    return "8"
