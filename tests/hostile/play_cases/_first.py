"""A legal move: the first column (or square) the agent's copy of the rules lists."""


def first(game, state):
    return game.actions(state)[0]
