"""Sends the grader a message nested 5,000 deep, past what its JSON decoder can recurse.

status: error
says: broke the protocol
then: passed
"""

from _good import good, grader_fds, write_all


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    deep = b'{"op": "actions", "run": 1, "s": ' + b"[" * 5000 + b"]" * 5000 + b"}\n"
    for fd in grader_fds():
        write_all(fd, deep)
    return good(game, state, depth)
