"""Writes bytes that are not UTF-8 to the grader's socket.

status: error
says: not UTF-8
then: passed
"""

import os

from _good import good, socket_fds


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    for fd in socket_fds():
        os.write(fd, b"\xff\xfe\xfd\n")
    return good(game, state, depth)
