"""Typical mistake: plays the move it likes without asking which moves are legal. It
drops every piece in the centre column, the strongest square, until the column is full,
and then plays it once more: an illegal move, which loses the game."""


def choose(game, state, clock):
    return "4"
