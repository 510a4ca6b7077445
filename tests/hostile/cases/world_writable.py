"""Leaves files in every world-writable place of a Linux machine: they must not outlive
the sandbox.

status: passed
says:
then: passed
needs: isolation
"""

import os

from _good import good, targets

PLACES = ("/tmp", "/var/tmp", "/dev/shm", "/run/lock", "/dev/mqueue", "/var/lock")


def alphabeta(game, state, depth):
    if depth == 2:
        for place in PLACES:
            try:
                with open(os.path.join(place, targets()["marker"]), "w") as f:
                    f.write("left behind")
            except OSError:
                pass
    return good(game, state, depth)
