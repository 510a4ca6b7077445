"""Returns the right answer but leaves a child process running, and first turns off the
harness's own look for leftovers (the harness is ``__main__``, in this process): the
grader counts the sandbox's threads itself, those of its other processes too.

status: error
says: left 1 thread(s) running
then: passed
"""

import os
import sys
import time

from _good import good


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    harness = sys.modules["__main__"]
    harness._threads_left = lambda *args, **kwargs: 0
    harness.kill_leftovers = lambda *args, **kwargs: 0
    if os.fork() == 0:
        time.sleep(60)
        os._exit(0)
    return good(game, state, depth)
