"""Returns the right answer but leaves a thread running, and first turns off the
harness's own look for leftovers (the harness is ``__main__``, in this process): the
grader counts the sandbox's threads itself.

status: error
says: left 1 thread(s) running
then: passed
"""

import threading
import time

from _good import blind_the_harness, good


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    blind_the_harness()

    def spin():
        while True:
            time.sleep(0.001)

    threading.Thread(target=spin, daemon=True).start()
    return good(game, state, depth)
