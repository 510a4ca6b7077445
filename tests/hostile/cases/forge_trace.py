"""Monkeypatches the game to report a trusted call (an evaluation) as a local one.

status: error
says: broke the protocol
then: passed
"""

from _good import good


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    channel = next(v for v in vars(game).values() if hasattr(v, "local"))
    channel.local.append(f'["utility","{state}"]')
    return good(game, state, depth)
