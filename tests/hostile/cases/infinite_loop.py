"""Loops forever.

status: timeout
says: time limit
then: passed
"""

from _good import good


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    while True:
        pass
