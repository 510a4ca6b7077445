"""Imports the grader and the reference, with and without help from sys.path.

status: error
says: ModuleNotFoundError
then: passed
needs: isolation
"""

import sys

from _good import good, targets


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    sys.path.insert(0, targets()["project"])
    import reference.alphabeta  # noqa: F401
    return good(game, state, depth)
