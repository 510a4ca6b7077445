"""Answers right, and keeps most of the descriptors its process may open: a later test
that opens a few files would fail with "Too many open files". The harness starts afresh
after a run that left more than half of them open, and the next test (which opens 20)
passes.

status: passed
then: passed
"""

import os
import resource

from _good import good

KEPT = []


def alphabeta(game, state, depth):
    if depth == 2:
        limit = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        try:
            while len(os.listdir("/proc/self/fd")) < limit - 8:
                KEPT.append(os.open("/dev/null", os.O_RDONLY))
        except OSError:
            pass
    else:
        opened = [os.open("/dev/null", os.O_RDONLY) for _ in range(20)]
        for fd in opened:
            os.close(fd)
    return good(game, state, depth)
