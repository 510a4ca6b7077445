"""Writes a file into the grader's own package folder.

status: error
says: Error
then: passed
"""

import os

from _good import good, targets


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    with open(os.path.join(targets()["package"], "planted.py"), "w") as f:
        f.write("print('planted')")
    return good(game, state, depth)
