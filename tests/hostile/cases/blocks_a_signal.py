"""Answers right, and leaves SIGALRM blocked in the harness's thread: a later test that
sets an alarm for its own deadline (as the README allows) would never see it go off. The
harness starts afresh after a run that changed the signal mask, and the next test (which
sleeps until its alarm after 50 ms) passes.

status: passed
then: passed
"""

import signal
import time

from _good import good


class Deadline(Exception):
    pass


def ring(signum, frame):
    raise Deadline


def alphabeta(game, state, depth):
    if depth == 2:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
    else:
        signal.signal(signal.SIGALRM, ring)
        signal.setitimer(signal.ITIMER_REAL, 0.05)
        try:
            time.sleep(5)
        except Deadline:
            pass
    return good(game, state, depth)
