"""Returns the right answer, having first turned off the harness's own look for
leftovers, and leaves a thread that ends the whole process 50 ms later: the grader's
own count sees the thread, then the sandbox's own processes fall below what they were
when it was ready, so the test is a leftover, and the next starts in a fresh harness
(it used to pass, and the next test ended as the process that exited).

status: error
says: left 1 thread(s) running
then: passed
"""

import os
import threading
import time

from _good import blind_the_harness, good


def _exit_soon():
    time.sleep(0.05)
    os._exit(7)


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    blind_the_harness()
    threading.Thread(target=_exit_soon, daemon=True).start()
    return good(game, state, depth)
