"""Typical mistake: always evaluates for player 0 (x). Moving second (as o), it picks
the move that is best for its opponent."""


def choose(game, state, clock):
    return max(game.actions(state), key=lambda a: game.evaluate(game.result(state, a), 0))
