"""Searches the root's children in forked worker processes that call the game, and waits
for their answers on a pipe (as a process pool would): the workers are never answered.

status: error
says: a process your search started (os.fork, multiprocessing) called the game
then: passed
"""

import os

from _good import good


def _in_a_worker(game, state, depth):
    read, write = os.pipe()
    if os.fork() == 0:
        os.write(write, repr(good(game, state, depth)[0]).encode())
        os._exit(0)
    os.close(write)
    return float(os.read(read, 64))  # the worker's value: never sent, the read waits


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    actions = game.actions(state)
    values = [_in_a_worker(game, game.result(state, a), depth - 1) for a in actions]
    best = max(range(len(actions)), key=values.__getitem__)
    return values[best], actions[best]
