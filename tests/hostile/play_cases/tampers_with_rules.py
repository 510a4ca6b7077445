"""Rewrites its copy of the rules so that an eighth column exists, and plays it.

reason: illegal
says: which is not legal here
"""


def choose(game, state, clock):
    cls = type(game)
    cls.moves = lambda self, s: ("8",)
    cls.result = lambda self, s, a: s
    assert game.actions(state) == ["8"]
    return game.actions(state)[0]
