"""Does not compile.

status: error
says: does not compile
then: error
"""

def alphabeta(game, state, depth)
    return 0, None
