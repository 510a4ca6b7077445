"""Answers right, and lowers its process's address-space limit to just above what it
uses and its thread limit to one: the harness shares that process, so every later test
would run out of memory or threads. The harness starts afresh after a run that lowered a
limit, and the next test (honest: it makes 16 MB and a thread) passes.

status: passed
then: passed
"""

import resource
import threading

from _good import good


def alphabeta(game, state, depth):
    if depth == 2:
        with open("/proc/self/statm") as f:
            mapped = int(f.read().split()[0]) * resource.getpagesize()
        for which, soft in ((resource.RLIMIT_AS, mapped + (4 << 20)),
                            (resource.RLIMIT_NPROC, 1)):
            try:
                resource.setrlimit(which, (soft, resource.getrlimit(which)[1]))
            except (ValueError, OSError):
                pass
    else:
        block = bytearray(16 << 20)
        worker = threading.Thread(target=len, args=(block,))
        worker.start()
        worker.join()
    return good(game, state, depth)
