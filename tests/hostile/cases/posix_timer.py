"""Returns the right answer and arms a POSIX timer (``timer_create`` through ctypes) that
raises SIGALRM 0.1 s later, unhandled: the harness cannot see such a timer to cancel it,
so seccomp refuses it, and it never goes off in a later test (the second test, honest,
takes 0.3 s).

status: passed
then: passed
"""

import ctypes
import signal
import time

from _good import good

CLOCK_MONOTONIC, SIGEV_SIGNAL = 1, 0


class SigEvent(ctypes.Structure):
    _fields_ = [("value", ctypes.c_void_p), ("signo", ctypes.c_int),
                ("notify", ctypes.c_int), ("pad", ctypes.c_int * 12)]


class ITimerSpec(ctypes.Structure):
    _fields_ = [("interval", ctypes.c_long * 2), ("value", ctypes.c_long * 2)]


def alphabeta(game, state, depth):
    if depth == 2:
        libc = ctypes.CDLL(None, use_errno=True)
        event = SigEvent(None, signal.SIGALRM, SIGEV_SIGNAL)
        timer = ctypes.c_void_p()
        if libc.timer_create(CLOCK_MONOTONIC, ctypes.byref(event), ctypes.byref(timer)) == 0:
            spec = ITimerSpec((0, 0), (0, 100_000_000))
            libc.timer_settime(timer, 0, ctypes.byref(spec), None)
    else:
        time.sleep(0.3)
    return good(game, state, depth)
