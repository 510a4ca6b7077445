"""Asks the grader, through the game's own channel, to reseed or rewind the random stream.

status: error
says: broke the protocol
then: passed
"""

from _good import good


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    channel = next(v for v in vars(game).values() if hasattr(v, "local"))
    channel.call({"op": "reseed", "seed": 0})  # no such request: the grader refuses it
    return good(game, state, depth)
