"""Answers an object that is no value at all.

reason: garbage
says: returned
"""


def choose(game, state, clock):
    return object()
