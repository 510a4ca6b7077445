"""Looks for secrets in its environment; answers correctly only if it found one.

status: error
says: no secrets
then: passed
"""

import os

from _good import good, targets


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    if targets()["secret_var"] in os.environ:
        return good(game, state, depth)
    raise LookupError("no secrets in " + ", ".join(sorted(os.environ)))
