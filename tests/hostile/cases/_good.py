"""Shared by the hostile cases: a correct search for the tests they do not attack, and
the file descriptors an attacker would aim at."""

import json
import os
import select
import sys


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


def grader_fds():
    """Every open file descriptor that may lead to the grader: its pipes and sockets."""
    found = []
    for name in os.listdir("/proc/self/fd"):
        try:
            if os.readlink(f"/proc/self/fd/{name}").startswith(("socket:", "pipe:")):
                found.append(int(name))
        except OSError:
            pass
    return found


def write_all(fd, data):
    """All of ``data`` to ``fd``, waiting while it is full, as a determined attacker
    would; False if ``fd`` cannot be written to at all (a pipe's reading end)."""
    while data:
        try:
            data = data[os.write(fd, data):]
        except BlockingIOError:
            select.select([], [fd], [], 5)
        except OSError:
            return False
    return True


def targets():
    """What the test wants attacked: paths of the grader's files, a port on loopback."""
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "targets.json")) as f:
        return json.load(f)


def blind_the_harness():
    """Turn off the harness's own look for threads and processes left running: the
    harness is ``__main__``, in the submission's process, and its names can be rebound."""
    harness = sys.modules["__main__"]
    harness._threads_left = lambda *args, **kwargs: 0
    harness.kill_leftovers = lambda *args, **kwargs: 0
