"""Writes a 100 MB line to the grader's socket.

status: error
says: broke the protocol
then: passed
"""

import os

from _good import good, socket_fds


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    chunk = b"x" * (1 << 20)
    for fd in socket_fds():
        for _ in range(100):
            os.write(fd, chunk)
    return good(game, state, depth)
