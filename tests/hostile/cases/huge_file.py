"""Writes one file of 100 MB.

status: error
says: File too large
then: passed
"""

import os

from _good import good


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    with open("/tmp/huge", "wb") as f:
        for _ in range(100):
            f.write(b"x" * (1 << 20))
    os.remove("/tmp/huge")
    return good(game, state, depth)
