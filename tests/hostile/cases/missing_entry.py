"""Defines the wrong function.

status: error
says: no function alphabeta
then: error
"""

def minimax(game, state, depth):
    return 0, None
