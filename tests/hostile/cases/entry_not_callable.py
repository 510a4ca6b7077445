"""The entry point is a number, not a function.

status: error
says: no function alphabeta
then: error
"""

alphabeta = 42
