"""Tic-tac-toe: three in a row on a 3x3 board.

A position is three rows from the top, e.g. ``x.o/.x./..o``. A move names a square by
its column (``a`` to ``c``, left to right) and its row (``1`` to ``3``, top to bottom, as
the position is written): ``b2`` is the centre. Moves are listed in reading order.
A win is worth 100, a draw 0. The built-in evaluation counts the lines still open: a
line holding one x and no o is worth 1 to x, two x and no o 3; o's likewise.
"""

from __future__ import annotations

from typing import ClassVar

from grader.games.board import EMPTY, BoardGame
from grader.games.lines import Lines, square

_INDEX = {f"{column}{row + 1}": square(row, c, 3)
          for row in range(3) for c, column in enumerate("abc")}
_LINES = Lines(3, 3, 3)
_SCORE = _LINES.scorer((0, 1, 3, 0))


class TicTacToe(BoardGame):
    """Tic-tac-toe, x first."""

    name: ClassVar[str] = "tictactoe"
    title: ClassVar[str] = "tic-tac-toe"
    rows: ClassVar[int] = 3
    columns: ClassVar[int] = 3
    win: ClassVar[int] = 100

    def moves(self, board: str) -> tuple[str, ...]:
        return tuple(name for name, i in _INDEX.items() if board[i] == EMPTY)

    def play(self, board: str, move: str, piece: str) -> str:
        i = _INDEX[move]
        return board[:i] + piece + board[i + 1 :]

    def winner(self, board: str) -> str | None:
        return _LINES.winner(board)

    def score(self, board: str) -> int:
        return _SCORE(board)

    def check_board(self, board: str) -> None:
        """Any placement of the pieces can be reached, given the counts and the lines."""

    def move_name(self, move: str) -> str:
        return f"square {move}"
