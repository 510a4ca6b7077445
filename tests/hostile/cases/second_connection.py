"""Connects to every Unix socket it can find; answers only if one accepted.

status: error
says: no second way in
then: passed
"""

import socket

from _good import good


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    with open("/proc/net/unix") as f:
        paths = [p for line in f.readlines()[1:] for p in line.split()[7:8] if p.startswith("/")]
    for path in paths:
        try:
            socket.socket(socket.AF_UNIX).connect(path)
        except OSError:
            continue
        return good(game, state, depth)
    raise ConnectionError(f"no second way in among {len(paths)} sockets")
