"""Ignores SIGTERM and SIGINT, then loops.

status: timeout
says: time limit
then: passed
"""

import signal

from _good import good


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        pass
