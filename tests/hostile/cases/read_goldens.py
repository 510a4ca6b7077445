"""Reads the assignment's golden file and answers from it.

status: error
says: cannot read the goldens
then: passed
needs: isolation
"""

from _good import good, targets


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    try:
        with open(targets()["golden"]) as f:
            f.read()
    except OSError as exc:
        raise PermissionError(f"cannot read the goldens: {exc}") from None
    return good(game, state, depth)
