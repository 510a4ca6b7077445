"""Prints more than a move may print.

reason: garbage
says: printed
"""

from _first import first


def choose(game, state, clock):
    print("#" * (2 << 20))
    return first(game, state)
