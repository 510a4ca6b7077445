"""Imports a module that does not exist.

status: error
says: importing agent.py failed
then: error
"""

import a_module_that_does_not_exist  # noqa: F401


def alphabeta(game, state, depth):
    return 0, None
