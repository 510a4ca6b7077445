"""Allocates memory without end.

status: memory
says: memory
then: passed
"""

from _good import good


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    hoard = []
    while True:
        hoard.append(bytearray(8 << 20))
