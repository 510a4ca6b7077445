"""Reaches for the grader through /proc (its environment, its standard output) and
ptrace; answers correctly only if one worked.

status: error
says: cannot reach the grader
then: passed
"""

import ctypes
import os

from _good import good

PTRACE_ATTACH, PTRACE_DETACH = 16, 17


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    grader = os.getppid()
    reached = []
    if grader > 0:
        try:
            with open(f"/proc/{grader}/environ", "rb") as f:
                reached.append(f.read(1))
        except OSError:
            pass
        try:
            with open(f"/proc/{grader}/fd/1", "w") as f:
                f.write("Points 42/42\n")
            reached.append("stdout")
        except OSError:
            pass
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.ptrace(PTRACE_ATTACH, grader, None, None) == 0:
            libc.ptrace(PTRACE_DETACH, grader, None, None)
            reached.append("ptrace")
    if reached:
        return good(game, state, depth)
    raise PermissionError(f"cannot reach the grader (parent {grader})")
