"""Answers right, and replaces the builtin ``max`` with one that, from the next test on,
answers one less (and ``threading``'s trace hook with one that raises): the harness's
own counts, and the next test's threads, would go wrong. The harness starts afresh after
a run that replaced a builtin or left a hook, and the next test (which searches in a
thread) passes.

status: passed
then: passed
"""

import builtins
import threading

from _good import good

RUNS = []
MAX = builtins.max


def off_by_one(*args, **kwargs):
    found = MAX(*args, **kwargs)
    return found - 1 if len(RUNS) > 1 and isinstance(found, int) else found


def tracer(frame, event, arg):
    raise RuntimeError("a trace hook left by the first test")


def alphabeta(game, state, depth):
    RUNS.append(depth)
    if depth == 2:
        builtins.max = off_by_one
        threading.settrace(tracer)
        return good(game, state, depth)
    answer = []
    worker = threading.Thread(target=lambda: answer.append(good(game, state, depth)))
    worker.start()
    worker.join()
    return answer[0]
