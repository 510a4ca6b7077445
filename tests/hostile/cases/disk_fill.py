"""Fills /tmp with 1 MB files until something stops it.

status: error
says: No space left
then: passed
needs: isolation
"""

import os

from _good import good


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    block = b"x" * (1 << 20)
    for i in range(100000):
        with open(f"/tmp/fill{i}", "wb") as f:
            f.write(block)
    return good(game, state, depth)
