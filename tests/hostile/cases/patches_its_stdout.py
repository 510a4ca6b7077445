"""Prints, answers right, then sets a ``write`` of its own on the capture that is its
``sys.stdout`` (the harness's object, kept for every test), one that fails: every later
test that prints would fail for it (or, with a subtler one, show words it never
printed). The harness starts afresh after a run that set a method on one of its
objects, and the next test, which prints, passes.

status: passed
then: passed
"""

import sys

from _good import good


def alphabeta(game, state, depth):
    print("searching to depth", depth)
    answer = good(game, state, depth)
    if depth == 2:
        sys.stdout.write = lambda text: 1 / 0
    return answer
