"""Returns the right answer and leaves a timer that raises SIGALRM 0.1 s later, and
another that raises SIGPROF every 10 ms of CPU time, neither handled: the harness cancels
a search's timers when it returns, so they never go off in a later test (the second
test, honest, takes 0.3 s).

status: passed
then: passed
"""

import signal
import time

from _good import good


def alphabeta(game, state, depth):
    if depth == 2:
        signal.setitimer(signal.ITIMER_REAL, 0.1)
        signal.setitimer(signal.ITIMER_PROF, 0.01, 0.01)
    else:
        time.sleep(0.3)
    return good(game, state, depth)
