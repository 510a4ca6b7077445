"""Writes a 3 MB line to every pipe and socket it has, the grader's among them.

status: error
says: broke the protocol
then: passed
"""

from _good import good, grader_fds, write_all


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    chunk = b"x" * (1 << 20)
    for fd in grader_fds():
        for _ in range(3):  # 3 MB: past the 1 MB a line may hold, quick on a busy machine
            if not write_all(fd, chunk):
                break
    return good(game, state, depth)
