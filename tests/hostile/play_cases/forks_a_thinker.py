"""Forks a helper that goes on thinking while the opponent moves.

reason: leftover
says: left 1 process(es) running
"""

import os

from _first import first


def choose(game, state, clock):
    if os.fork() == 0:  # the helper: searches for ever, off the agent's turn
        while True:
            pass
    return first(game, state)
