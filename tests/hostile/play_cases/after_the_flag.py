"""Thinks past its move's time and answers after the flag.

reason: flag
says: lost on time
"""

import time


def choose(game, state, clock):
    time.sleep(clock.move_s + 0.5)
    return game.actions(state)[0]
