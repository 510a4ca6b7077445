"""Returns the right answer while a thread it started is still ending (it ends 50 ms
later, as a cancelled ``threading.Timer`` not joined does): the harness waits for it as
the grader's own count does, so the verdict does not depend on which looks first.

status: passed
then: passed
"""

import threading
import time

from _good import good


def alphabeta(game, state, depth):
    if depth == 2:
        threading.Thread(target=time.sleep, args=(0.05,)).start()
    return good(game, state, depth)
