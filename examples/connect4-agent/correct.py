"""A Connect Four agent: alpha-beta (negamax form) at a fixed depth, within the clock.

It searches DEPTH plies, centre columns first, with the game's evaluation and a little
more for the centre column, a sooner win scoring higher than a later one. A search at a
fixed depth plays the same game whatever the machine's load; the clock is watched all
the same: with little time left it searches shallower, and a search that runs short of
time stops and plays the best move found so far.
"""

import contextlib
import math
import time

DEPTH = 4
SHALLOW = 2  # the depth when less than LOW_S seconds are left
LOW_S = 0.3
CENTRE_FIRST = {"4": 0, "3": 1, "5": 1, "2": 2, "6": 2, "1": 3, "7": 3}


class OutOfTime(Exception):
    pass


def choose(game, state, clock):
    left = clock.time_left()
    deadline = time.monotonic() + left * 0.6
    me = game.to_move(state)
    moves = sorted(game.actions(state), key=CENTRE_FIRST.get)
    best = [moves[0]]
    with contextlib.suppress(OutOfTime):  # the best move of the search so far
        _root(game, state, DEPTH if left > LOW_S else SHALLOW, me, moves, deadline, best)
    return best[0]


def _root(game, state, depth, me, moves, deadline, best):
    alpha = -math.inf
    for a in moves:
        value = -_negamax(game, game.result(state, a), depth - 1, -math.inf, -alpha,
                          1 - me, deadline)
        if value > alpha:
            best[0], alpha = a, value


def _negamax(game, s, depth, alpha, beta, player, deadline):
    if time.monotonic() > deadline:
        raise OutOfTime
    if game.is_terminal(s):
        return game.utility(s, player) * (1 + depth)  # a sooner win is a better one
    if depth == 0:
        return _evaluate(game, s, player)
    value = -math.inf
    for a in sorted(game.actions(s), key=CENTRE_FIRST.get):
        value = max(value, -_negamax(game, game.result(s, a), depth - 1, -beta, -alpha,
                                     1 - player, deadline))
        alpha = max(alpha, value)
        if alpha >= beta:
            break  # the opponent above has a better choice already
    return value


def _evaluate(game, s, player):
    """The game's evaluation, and a little more for pieces in the centre column."""
    piece, other = "xo"[player], "xo"[1 - player]
    centre = s[3::8]  # the middle column, one square a row
    return game.evaluate(s, player) + 2 * (centre.count(piece) - centre.count(other))
