"""Fails (an exception) and leaves a child process running, having first turned off the
harness's own look for leftovers: the grader counts the sandbox's threads after a failed
run too, and the next test starts in a fresh harness, not blamed for what this one left.

status: error
says: failed on purpose
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
    raise ValueError("failed on purpose")
