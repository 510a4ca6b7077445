"""A typical mistake: an evaluation far too slow for the search that calls it at every
leaf (it waits 0.4 s a call, past the 0.25 s a call may take), so it loses on time.

Otherwise the decent Connect Four evaluation: wins and losses first; then threats a search at
the cut-off cannot see, the squares that would complete a run of four (whoever moves
and can play one wins next move; a player with two such squares playable wins unless
the other wins first); then the runs of four squares each player can still fill (more
for more pieces) and the pieces in the centre column, which lies on the most runs.

"""

import time

ROWS, COLUMNS = 6, 7
WIN = 100_000
WEIGHTS = (0, 1, 5, 50)  # a run holding 0, 1, 2 or 3 of one player's pieces, none of the other's


def runs():
    """Every run of four squares, as indexes into a position's text (7 squares and a
    '/' a row)."""
    found = []
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        for r in range(ROWS):
            for c in range(COLUMNS):
                if 0 <= r + 3 * dr < ROWS and 0 <= c + 3 * dc < COLUMNS:
                    found.append([(r + k * dr) * 8 + c + k * dc for k in range(4)])
    return found


RUNS = runs()
CENTRE = [r * 8 + 3 for r in range(ROWS)]


def playable(state, i):
    """Whether a piece dropped in square ``i``'s column lands on it."""
    return state[i] == "." and (i >= (ROWS - 1) * 8 or state[i + 8] != ".")


def for_x(state):
    score, wins = 0, {"x": set(), "o": set()}
    for run in RUNS:
        squares = [state[i] for i in run]
        xs, os = squares.count("x"), squares.count("o")
        if xs == 4:
            return WIN
        if os == 4:
            return -WIN
        if not os:
            score += WEIGHTS[xs]
        elif not xs:
            score -= WEIGHTS[os]
        if xs + os == 3 and not (xs and os):
            gap = run[squares.index(".")]
            if playable(state, gap):
                wins["x" if xs else "o"].add(gap)
    mover = "x" if state.count("x") == state.count("o") else "o"
    other = "o" if mover == "x" else "x"
    sign = 1 if mover == "x" else -1
    if wins[mover]:
        return sign * WIN // 2  # the mover wins next move
    if len(wins[other]) > 1:
        return -sign * WIN // 2  # the mover can block one square only
    return score + 3 * sum(1 if state[i] == "x" else -1 for i in CENTRE if state[i] != ".")


def evaluate(game, state, player):
    time.sleep(0.4)  # the mistake: a call takes longer than the clock allows
    value = for_x(state)
    return value if player == 0 else -value
