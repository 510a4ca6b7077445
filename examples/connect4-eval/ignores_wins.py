"""A typical mistake: the evaluation never checks whether the game is won. It counts the
runs of four squares holding pieces of one player only (1, 3 or 9 for one, two or three
pieces) and a full run of four counts nothing, so a position that x has won can score
below one that x has lost. The search itself sees wins within its depth, so it plays
about as well as without the mistake; the property test on wins names it.
"""

ROWS, COLUMNS = 6, 7
WEIGHTS = {1: 1, 2: 3, 3: 9}  # the mistake: no entry for a run of four


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


def evaluate(game, state, player):
    score = 0
    for run in RUNS:
        squares = [state[i] for i in run]
        xs, os = squares.count("x"), squares.count("o")
        if not os:
            score += WEIGHTS.get(xs, 0)
        elif not xs:
            score -= WEIGHTS.get(os, 0)
    return score if player == 0 else -score
