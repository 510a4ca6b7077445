"""Returns the right answer but leaves a child process running, and first turns off the
harness's own look for leftovers (the harness is ``__main__``, in this process): the
grader counts the sandbox's threads itself, those of its other processes too.

status: error
says: left 1 thread(s) running
then: passed
"""

import os
import time

from _good import blind_the_harness, good


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    blind_the_harness()
    if os.fork() == 0:
        time.sleep(60)
        os._exit(0)
    return good(game, state, depth)
