"""Shared by the hostile cases: a correct search for the tests they do not attack, and
the file descriptors an attacker would aim at."""

import json
import os


def good(game, state, depth):
    """Plain minimax: the value and action the tests expect."""
    if game.is_terminal(state):
        return game.utility(state, 0), None
    if depth == 0:
        return game.evaluate(state, 0), None
    best = None
    for action in game.actions(state):
        value, _ = good(game, game.result(state, action), depth - 1)
        better = best is None or (value > best[0] if game.to_move(state) == 0 else value < best[0])
        if better:
            best = (value, action)
    return best


def socket_fds():
    """Every open file descriptor that is a socket: the way to the grader among them."""
    found = []
    for name in os.listdir("/proc/self/fd"):
        try:
            if os.readlink(f"/proc/self/fd/{name}").startswith("socket:"):
                found.append(int(name))
        except OSError:
            pass
    return found


def targets():
    """What the test wants attacked: paths of the grader's files, a port on loopback."""
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "targets.json")) as f:
        return json.load(f)
