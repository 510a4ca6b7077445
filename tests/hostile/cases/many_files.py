"""Opens thousands of files.

status: error
says: Too many open files
then: passed
"""

from _good import good


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    kept = [open("/dev/null") for _ in range(5000)]
    return good(game, state, depth) if kept else None
