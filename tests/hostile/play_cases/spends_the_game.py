"""Takes most of a move's time on every move, until the game's time runs out.

reason: flag
says: lost on time
"""

import time


def choose(game, state, clock):
    time.sleep(clock.move_s * 0.7)
    return game.actions(state)[len(game.actions(state)) // 2]
