"""Draws from the game's random stream where the test sets no seed, and asks the grader
for draws directly: the game refuses them, whatever the request carries.

status: error
says: no random stream
then: passed
"""

from _good import good


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    channel = next(v for v in vars(game).values() if hasattr(v, "local"))
    try:
        channel.call({"op": "random", "seed": 7})
    except ValueError:  # the game's error: nothing was drawn
        pass
    game.random()
    return good(game, state, depth)
