"""Connect Four: four in a row on a board of 6 rows and 7 columns, pieces dropped in.

A position is six rows from the top, e.g. ``......./......./......./......./......./...x...``
(x has played the middle column). A move names a column, ``1`` to ``7`` from the left,
listed left to right; a piece falls to the lowest empty square of its column, so no piece
may sit above an empty square. A win is worth 1000, a draw 0. The built-in evaluation
scores each of the 69 runs of four squares that only one player has pieces on: 1, 3 or 9
for one, two or three pieces (so it stays below a win).
"""

from __future__ import annotations

from typing import ClassVar

from grader.games.board import EMPTY, BoardGame
from grader.games.lines import Lines, square
from grader.games.rules import PositionError

ROWS, COLUMNS = 6, 7
_LINES = Lines(ROWS, COLUMNS, 4)
_SCORE = _LINES.scorer((0, 1, 3, 9, 0))
_COLUMNS = tuple(str(c) for c in range(1, COLUMNS + 1))
_DOWN = COLUMNS + 1  # from a square to the one below it, in a position's text
_ABOVE = tuple((r, c, square(r, c, COLUMNS)) for r in range(ROWS - 1) for c in range(COLUMNS))


class ConnectFour(BoardGame):
    """Connect Four, x first."""

    name: ClassVar[str] = "connect4"
    title: ClassVar[str] = "Connect Four"
    rows: ClassVar[int] = ROWS
    columns: ClassVar[int] = COLUMNS
    win: ClassVar[int] = 1000

    def moves(self, board: str) -> tuple[str, ...]:
        return tuple(name for c, name in enumerate(_COLUMNS) if board[c] == EMPTY)

    def play(self, board: str, move: str, piece: str) -> str:
        column = int(move) - 1
        for i in range(square(ROWS - 1, column, COLUMNS), -1, -_DOWN):  # from the bottom up
            if board[i] == EMPTY:
                return board[:i] + piece + board[i + 1 :]
        raise AssertionError(f"column {move} is full")  # moves() lists open columns only

    def winner(self, board: str) -> str | None:
        return _LINES.winner(board)

    def score(self, board: str) -> int:
        return _SCORE(board)

    def check_board(self, board: str) -> None:
        for row, column, i in _ABOVE:
            if board[i] != EMPTY and board[i + _DOWN] == EMPTY:
                raise PositionError(
                    f"row {row + 1} column {column + 1}", "this piece floats over an "
                    "empty square; pieces fall to the bottom of their column")

    def move_name(self, move: str) -> str:
        return f"column {move}"
