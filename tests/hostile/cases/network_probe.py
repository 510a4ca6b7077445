"""Lists the interfaces and connects to a listener the test opened on the host's
loopback; answers correctly only if it got through.

status: error
says: no way out
then: passed
needs: isolation
"""

import socket

from _good import good, targets


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    with open("/proc/net/dev") as f:
        interfaces = [line.split(":")[0].strip() for line in f.readlines()[2:]]
    if set(interfaces) - {"lo"}:
        return good(game, state, depth)
    try:
        socket.create_connection(("127.0.0.1", targets()["port"]), timeout=0.5).close()
    except OSError:
        raise ConnectionError("no way out: interfaces " + ", ".join(interfaces)) from None
    return good(game, state, depth)
