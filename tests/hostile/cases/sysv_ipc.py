"""Makes a System V shared memory segment, message queue and semaphore set with a key
the test knows, and leaves them: they must die with the sandbox.

status: passed
says:
then: passed
needs: isolation
"""

import ctypes

from _good import good, targets

IPC_CREAT = 0o1000


def alphabeta(game, state, depth):
    if depth == 2:
        libc = ctypes.CDLL(None, use_errno=True)
        key = targets()["ipc_key"]
        libc.shmget(key, 1 << 20, IPC_CREAT | 0o666)
        libc.msgget(key, IPC_CREAT | 0o666)
        libc.semget(key, 1, IPC_CREAT | 0o666)
    return good(game, state, depth)
