"""Raises an exception whose message is 50 MB long: an error, not a time-out.

status: error
says: ValueError
then: passed
"""

from _good import good


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    raise ValueError("x" * 50_000_000)
