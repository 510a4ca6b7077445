"""Forks a helper that goes on thinking while the opponent moves, and first turns off
the harness's own look for leftovers (the harness is ``__main__``, in this process): the
grader counts the sandbox's threads itself.

reason: leftover
says: left 1 thread(s) running
"""

import os
import sys

from _first import first


def choose(game, state, clock):
    harness = sys.modules["__main__"]
    harness._threads_left = lambda *args, **kwargs: 0
    harness.kill_leftovers = lambda *args, **kwargs: 0
    if os.fork() == 0:  # the helper: searches for ever, off the agent's turn
        while True:
            pass
    return first(game, state)
