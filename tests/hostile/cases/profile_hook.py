"""Answers right, and leaves a profile hook, which runs in the harness's own code between
tests: when the harness has read the next test's first message, the hook writes a line of
junk onto the grader's link, which would pass for that test's. The harness starts afresh
after a run that left a profile or trace hook, and the next test passes.

status: passed
then: passed
"""

import os
import sys

from _good import good, grader_fds, write_all

JUNK = b'{"junk": 1}\n'


def hook(frame, event, arg):
    caller = frame.f_back
    if (event == "return" and frame.f_code.co_name == "receive" and caller is not None
            and caller.f_code.co_name == "serve"):  # the harness has the next run's message
        sys.setprofile(None)
        for fd in grader_fds():
            write_all(fd, JUNK)


def alphabeta(game, state, depth):
    if depth == 2:
        sys.setprofile(hook)
    return good(game, state, depth)
