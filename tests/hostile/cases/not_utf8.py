"""Writes bytes that are not UTF-8 to every pipe and socket it has, the grader's among them.

status: error
says: not UTF-8
then: passed
"""

from _good import good, grader_fds, write_all


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    for fd in grader_fds():
        write_all(fd, b"\xff\xfe\xfd\n")
    return good(game, state, depth)
