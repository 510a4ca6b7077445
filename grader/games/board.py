"""Grid games of x and o (tic-tac-toe, Connect Four) on the rules of :mod:`grader.games.rules`.

A state is the position's text, as an assignment writes it: the board's rows from top to
bottom, separated by ``/``, each square ``x``, ``o`` or ``.`` (``x..//.o.`` is not one:
every row is written out). ``x`` moves first and is player 0 (MAX); who moves next
follows from the counts.

A game subclass gives its board's size and its rules (:meth:`BoardGame.moves`,
:meth:`BoardGame.play`, :meth:`BoardGame.winner`, :meth:`BoardGame.score`); this class
checks positions and works out their facts from them. No move captures: every position
is quiet.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, ClassVar

from grader.games.rules import Facts, GameRules, PositionError

PIECES = ("x", "o")  # player 0's and player 1's
EMPTY = "."
_SQUARES = frozenset((*PIECES, EMPTY))


class BoardGame(GameRules):
    """A two-player zero-sum game on a grid of x and o; subclasses give the board and the
    rules."""

    rows: ClassVar[int]
    columns: ClassVar[int]

    # -- the rules, per game ---------------------------------------------------------
    @abstractmethod
    def moves(self, board: str) -> tuple[str, ...]:
        """The legal moves on a board where the game goes on, in the order searched."""

    @abstractmethod
    def play(self, board: str, move: str, piece: str) -> str:
        """The board after ``piece`` makes ``move`` (a legal one)."""

    @abstractmethod
    def winner(self, board: str) -> str | None:
        """The piece with a winning line, if one has."""

    @abstractmethod
    def score(self, board: str) -> int:
        """The built-in evaluation for x of a board where the game goes on; below ``win``."""

    @abstractmethod
    def check_board(self, board: str) -> None:
        """Refuse, with a :class:`PositionError`, a board the game's rules cannot reach
        (the counts of pieces and the lines are checked for every game)."""

    def move_name(self, move: str) -> str:
        """A move as a person reads it in a sentence."""
        return move

    # -- positions as text -----------------------------------------------------------
    @property
    def initial_state(self) -> str:
        return "/".join([EMPTY * self.columns] * self.rows)

    def parse(self, text: Any) -> str:
        """The state of a position text, checked; :class:`PositionError` says what is wrong."""
        if not isinstance(text, str):
            raise PositionError("", f"a position is a text, not {type(text).__name__}")
        rows = text.strip().split("/")
        if len(rows) != self.rows:
            raise PositionError("", f"has {len(rows)} row(s) separated by '/'; a {self.title} "
                                f"board has {self.rows} (e.g. {self.initial_state!r})")
        for r, row in enumerate(rows, start=1):
            if len(row) != self.columns:
                raise PositionError(f"row {r}", f"{row!r} has {len(row)} square(s); a row "
                                    f"has {self.columns}")
            if not _SQUARES.issuperset(row):
                c, square = next((c, q) for c, q in enumerate(row, 1) if q not in _SQUARES)
                raise PositionError(f"row {r} column {c}", f"{square!r} is not "
                                    "'x', 'o' or '.' (an empty square)")
        board = "/".join(rows)
        self.check_board(board)
        self._check_counts(board)
        return board

    def _check_counts(self, board: str) -> None:
        xs, os = board.count("x"), board.count("o")
        if not 0 <= xs - os <= 1:
            raise PositionError("", f"{xs} x and {os} o: x moves first and the players "
                                "alternate, so x has as many pieces as o or one more")
        won = self.winner(board)
        if won == "x" and xs == os:
            raise PositionError("", "o has moved after x won: x has a line and as many "
                                "pieces as o")
        if won == "o" and xs > os:
            raise PositionError("", "x has moved after o won: o has a line and x one "
                                "piece more")

    def work_out(self, state: str) -> Facts:
        mover = 0 if state.count("x") == state.count("o") else 1
        won = self.winner(state)
        if won is not None:
            utility = self.win if won == "x" else -self.win
            return Facts(mover, (), utility, utility)
        if EMPTY not in state:
            return Facts(mover, (), 0, 0)
        return Facts(mover, self.moves(state), None, self.score(state))

    def after(self, state: str, move: str, facts: Facts) -> str:
        return self.play(state, move, PIECES[facts.mover])

    def say_move(self, state: str, move: str) -> str:
        return f"{PIECES[self.facts(state).mover]} {self.move_name(move)}"

    # -- drawings --------------------------------------------------------------------
    def text(self, state: str) -> str:
        """The board as lines of text, one a row."""
        return "\n".join(" ".join(row) for row in state.split("/"))

    def svg(self, state: str, *, size: int = 24) -> str:
        """The board as a small SVG picture: a grid, x as a cross, o as a ring."""
        rows = state.split("/")
        width, height = self.columns * size, self.rows * size
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
                 f'height="{height}" viewBox="0 0 {width} {height}" role="img">',
                 f"<title>{self.title}: {state}</title>",
                 f'<rect width="{width}" height="{height}" fill="#fff" stroke="#333"/>']
        for r, row in enumerate(rows):
            for c, square in enumerate(row):
                x, y = c * size, r * size
                parts.append(f'<rect x="{x}" y="{y}" width="{size}" height="{size}" '
                             'fill="none" stroke="#999"/>')
                parts.extend(_piece(square, x + size / 2, y + size / 2, size * 0.35))
        parts.append("</svg>")
        return "\n".join(parts) + "\n"


def _piece(square: str, cx: float, cy: float, r: float) -> list[str]:
    if square == "x":
        return [f'<path d="M{cx - r:g},{cy - r:g}L{cx + r:g},{cy + r:g}M{cx + r:g},{cy - r:g}'
                f'L{cx - r:g},{cy + r:g}" stroke="#b22" stroke-width="3"/>']
    if square == "o":
        return [f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="none" stroke="#23b" '
                'stroke-width="3"/>']
    return []
