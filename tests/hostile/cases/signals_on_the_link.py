"""Answers right, and sets O_ASYNC on the descriptors the grader's messages come in by,
with this process as their owner: the next message the grader writes, the next test's
first, would raise SIGIO, which ends a process by default, and that test would be
charged. The harness gives the descriptors back their flags before it answers, starts
afresh after a run that changed them, and the next test passes.

(Set on a pipe's writing end instead, O_ASYNC raises SIGIO each time the grader looks
for a message there, and ends the run that set it: the right test.)

status: passed
then: passed
"""

import fcntl
import os

from _good import good, grader_fds


def alphabeta(game, state, depth):
    answer = good(game, state, depth)
    if depth == 2:
        for fd in grader_fds():
            flags = fcntl.fcntl(fd, fcntl.F_GETFL)
            if flags & os.O_ACCMODE != os.O_WRONLY:
                fcntl.fcntl(fd, fcntl.F_SETOWN, os.getpid())
                fcntl.fcntl(fd, fcntl.F_SETFL, flags | os.O_ASYNC)
    return answer
