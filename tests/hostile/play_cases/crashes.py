"""Raises in its second move.

reason: crash
says: ZeroDivisionError
"""

moves = []


def choose(game, state, clock):
    moves.append(state)
    if len(moves) == 2:
        return 1 / 0
    return game.actions(state)[0]
