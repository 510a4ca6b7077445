"""Ends its own process in the middle of its third move.

reason: crash
says: exited with code 3
"""

import os

moves = []


def choose(game, state, clock):
    moves.append(state)
    if len(moves) == 3:
        os._exit(3)
    return game.actions(state)[0]
