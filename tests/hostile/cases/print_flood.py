"""Prints 50 MB, then answers correctly.

status: error
says: remove debug prints
then: passed
"""

from _good import good


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    line = "x" * 1023
    for _ in range(50 * 1024):
        print(line)
    return good(game, state, depth)
