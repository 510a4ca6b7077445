"""Clears the harness's parent-death signal, which would let it outlive a grader killed
outright: the filter refuses.

status: passed
says:
then: passed
"""

import ctypes

from _good import good

PR_SET_PDEATHSIG = 1


def alphabeta(game, state, depth):
    if depth == 2:
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, 0, 0, 0, 0) == 0:
            raise RuntimeError("the parent-death signal was cleared")
    return good(game, state, depth)
