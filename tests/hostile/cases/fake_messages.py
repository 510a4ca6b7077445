"""Writes a fake answer to every open file descriptor, the grader's pipe or socket included.

status: error
says: broke the protocol
then: passed
"""

import os

from _good import good


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    fake = b'{"op": "done", "value": 3, "action": "a1"}\n'
    for fd in range(64):
        try:
            os.write(fd, fake)
        except OSError:
            pass
    return good(game, state, depth)
