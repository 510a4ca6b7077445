"""Answers right, and keeps all but 30 MB of the memory its process has left in a mapping
of its own, made through ctypes where Python does not see it (touched, so that a
container's memory cgroup counts it too): a later test that makes a table of 50 MB would
run out of memory. The harness starts afresh after a run that left more than half the
memory it had in use, and the next test passes.

status: passed
then: passed
"""

import ctypes
import resource

from _good import good

PROT_READ_WRITE, MAP_PRIVATE_ANONYMOUS = 3, 0x22


def room():
    """What the process has left: its address space's limit, else its cgroup's."""
    with open("/proc/self/statm") as f:
        size, resident = (int(n) * resource.getpagesize() for n in f.read().split()[:2])
    limit = resource.getrlimit(resource.RLIMIT_AS)[0]
    if limit != resource.RLIM_INFINITY:
        return limit - size
    for path in ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"):
        try:
            with open(path) as f:
                return int(f.read()) - resident
        except (OSError, ValueError):
            continue
    return 0


def alphabeta(game, state, depth):
    left = room()
    if depth == 2 and left > 80 << 20:
        libc = ctypes.CDLL(None)
        libc.mmap.restype = ctypes.c_void_p
        libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int,
                              ctypes.c_int, ctypes.c_long]
        size = left - (30 << 20)
        address = libc.mmap(None, size, PROT_READ_WRITE, MAP_PRIVATE_ANONYMOUS, -1, 0)
        if address not in (None, ctypes.c_void_p(-1).value):
            ctypes.memset(address, 1, size)
    else:
        table = bytearray(50 << 20)
        del table
    return good(game, state, depth)
