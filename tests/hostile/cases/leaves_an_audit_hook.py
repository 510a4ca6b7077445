"""Answers right, and leaves an audit hook (which cannot be taken back) that, from the
next test on, raises at every file opened or folder listed: the harness's own look after
the next test would then crash, and that test be charged. The harness starts afresh
after a run that added an audit hook, and the next test passes.

status: passed
then: passed
"""

import sys

from _good import good

RUNS = []


def hook(event, args):
    if len(RUNS) > 1 and event in ("open", "os.listdir", "os.scandir"):
        raise RuntimeError(f"an audit hook left by the first test: {event}")


def alphabeta(game, state, depth):
    RUNS.append(depth)
    if depth == 2:
        sys.addaudithook(hook)
    return good(game, state, depth)
