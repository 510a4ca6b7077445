"""Holds memory in System V shared memory segments, detached, where the address-space
limit no longer counts it: the segments must never be made (the filter refuses shmget),
whatever the sandbox's isolation.

status: passed
says:
then: passed
"""

import ctypes

from _good import good

IPC_PRIVATE, IPC_CREAT = 0, 0o1000


def alphabeta(game, state, depth):
    if depth == 2:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.shmat.restype = ctypes.c_void_p
        for _ in range(4):
            segment = libc.shmget(IPC_PRIVATE, 200 << 20, IPC_CREAT | 0o600)
            if segment >= 0:
                address = libc.shmat(segment, None, 0)
                ctypes.memset(address, 1, 200 << 20)
                libc.shmdt(ctypes.c_void_p(address))
                raise RuntimeError("shmget was allowed: 200 MB held outside the limit")
    return good(game, state, depth)
