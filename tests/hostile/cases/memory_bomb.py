"""Allocates memory without end (quickly: a verdict must not depend on the machine's
speed).

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
        hoard.append(bytes(8 << 20))  # calloc'd: address space at once, pages untouched
