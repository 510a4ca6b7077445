"""Holds memory in a memfd, which the address-space limit does not count.

status: error
says: no memfd
then: passed
needs: isolation
"""

import mmap
import os

from _good import good


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    try:
        fd = os.memfd_create("hoard")
    except OSError as exc:
        raise PermissionError(f"no memfd: {exc}") from None
    os.ftruncate(fd, 300 << 20)
    with mmap.mmap(fd, 300 << 20) as m:
        for i in range(0, 300 << 20, 4096):
            m[i] = 1
    return good(game, state, depth)
