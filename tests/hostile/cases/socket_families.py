"""Opens sockets of every family a search does not need: vsock, netlink, packet, raw
IP; answers correctly only if one opened.

status: error
says: no socket family
then: passed
"""

import socket

from _good import good

FAMILIES = [(40, socket.SOCK_STREAM, 0),  # AF_VSOCK
            (16, socket.SOCK_RAW, 0),  # AF_NETLINK (route)
            (17, socket.SOCK_RAW, 0),  # AF_PACKET
            (socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP),
            (socket.AF_INET6, socket.SOCK_DGRAM, 0),
            (socket.AF_INET, socket.SOCK_STREAM, 0)]


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    opened = []
    for family, kind, proto in FAMILIES:
        try:
            socket.socket(family, kind, proto).close()
            opened.append(family)
        except OSError:
            pass
    if opened:
        return good(game, state, depth)
    raise PermissionError("no socket family but Unix")
