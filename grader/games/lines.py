"""Lines on a grid: the runs of squares a game is won on, and what they are worth.

Boards are read as a position's text: rows from the top separated by ``/``, so the
square in row ``r`` and column ``c`` (from 0) is at ``r * (columns + 1) + c``, and a run
of squares down a column or a diagonal is a fixed step apart in the text. The ``/`` at
the end of each row keeps a diagonal from wrapping round to the next row.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from itertools import product
from operator import itemgetter
from typing import cast

Read = Callable[[str], tuple[str, ...]]  # the squares of one line, read from a board

_STEPS = ((0, 1), (1, 0), (1, 1), (1, -1))  # along a row, down a column, two diagonals


def square(row: int, column: int, columns: int) -> int:
    """Where the square of ``row`` and ``column`` (from 0) is in a position's text."""
    return row * (columns + 1) + column


class Lines:
    """Every run of ``length`` squares in a row, a column or a diagonal of a grid."""

    def __init__(self, rows: int, columns: int, length: int) -> None:
        found: list[tuple[int, ...]] = []
        for dr, dc in _STEPS:
            for r in range(rows):
                for c in range(columns):
                    end_r, end_c = r + dr * (length - 1), c + dc * (length - 1)
                    if 0 <= end_r < rows and 0 <= end_c < columns:
                        found.append(tuple(square(r + dr * k, c + dc * k, columns)
                                           for k in range(length)))
        self.lines = tuple(found)
        self._read = tuple(cast(Read, itemgetter(*line)) for line in found)
        gaps = sorted({square(dr, dc, columns) - 1 for dr, dc in _STEPS})
        runs = "|".join(f"(?:.{{{gap}}}\\1){{{length - 1}}}" for gap in gaps)
        self._run = re.compile(f"([xo])(?:{runs})", re.DOTALL)

    def winner(self, board: str) -> str | None:
        """The piece that fills a line, if one does."""
        found = self._run.search(board)
        return found.group(1) if found else None

    def scorer(self, weights: Sequence[int]) -> Scorer:
        """The evaluation for x that counts, on each line only x has pieces on,
        ``weights[pieces]``, and on each line only o has pieces on as much for o."""
        length = len(self.lines[0])
        worth: dict[tuple[str, ...], int] = {}
        for squares in product("xo.", repeat=length):
            xs, os = squares.count("x"), squares.count("o")
            worth[squares] = weights[xs] if not os else -weights[os] if not xs else 0
        return Scorer(self._read, worth)


class Scorer:
    """An evaluation that adds up what each line is worth (see :meth:`Lines.scorer`)."""

    def __init__(self, read: Sequence[Read], worth: dict[tuple[str, ...], int]) -> None:
        self._read = read
        self._worth = worth

    def __call__(self, board: str) -> int:
        worth = self._worth
        return sum([worth[read(board)] for read in self._read])
