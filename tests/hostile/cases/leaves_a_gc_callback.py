"""Answers right, and leaves the garbage collector a callback that, from the next test
on, lowers the recursion limit to 15 when a collection starts: the later test that
collects would fail for it. The harness starts afresh after a run that left a callback,
and the next test (which collects, then searches) passes.

status: passed
then: passed
"""

import gc
import sys

from _good import good

RUNS = []


def lower(phase, info):
    if len(RUNS) > 1 and phase == "start":
        sys.setrecursionlimit(15)


def alphabeta(game, state, depth):
    RUNS.append(depth)
    if depth == 2:
        gc.callbacks.append(lower)
    else:
        gc.collect()
    return good(game, state, depth)
