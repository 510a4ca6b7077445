"""Sets up an io_uring, kernel surface a search never needs; answers only if it could.

status: error
says: no io_uring
then: passed
"""

import ctypes
import platform

from _good import good

IO_URING_SETUP = 425  # the same number on x86_64 and aarch64


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    params = ctypes.create_string_buffer(120)
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.syscall(IO_URING_SETUP, 4, params) >= 0:
        return good(game, state, depth)
    raise PermissionError(f"no io_uring on {platform.machine()}: errno {ctypes.get_errno()}")
