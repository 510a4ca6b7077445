"""Answers right, then lowers Python's recursion limit to 60 and moves to another
folder: a later test that recurses a little deeper, or reads a file of its own by a
relative path, would fail for it. The harness starts afresh after a run that lowered
the recursion limit or left its working folder, and the next test (which recurses 200
deep and reads its own agent.py) passes.

status: passed
then: passed
"""

import os
import sys

from _good import good


def deep(n):
    return 0 if n == 0 else 1 + deep(n - 1)


def alphabeta(game, state, depth):
    answer = good(game, state, depth)
    if depth == 2:
        sys.setrecursionlimit(60)
        os.chdir("/")
    else:
        deep(200)
        with open("agent.py") as own:
            own.read()
    return answer
