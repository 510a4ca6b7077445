"""The entry point takes one argument.

status: error
says: TypeError
then: error
"""

def alphabeta(game):
    return 0, None
