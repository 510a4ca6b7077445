"""What every board game here shares: the student API of DESIGN.md over position texts.

A state is the position's text, as an assignment writes it: the board's rows from top to
bottom, separated by ``/``, each square ``x``, ``o`` or ``.`` (``x..//.o.`` is not one:
every row is written out). ``x`` moves first and is player 0 (MAX); who moves next
follows from the counts. States are therefore plain strings: hashable, comparable, and
the same position reached by two move orders is the same state (a transposition).

A game subclass gives its board's size and its rules (:meth:`BoardGame.moves`,
:meth:`BoardGame.play`, :meth:`BoardGame.winner`, :meth:`BoardGame.score`); this class
checks positions and answers ``to_move``, ``actions``, ``result``, ``is_terminal``,
``utility``, ``evaluate``, ``is_quiet``, ``noisy_actions`` and ``is_chance`` from them,
each position's facts worked out once.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar

from grader.errors import GameError

PIECES = ("x", "o")  # player 0's and player 1's
EMPTY = "."
_SQUARES = frozenset((*PIECES, EMPTY))
_FACTS_KEPT = 1 << 18  # positions whose facts a game keeps before it starts again


class PositionError(ValueError):
    """A position text a game refuses: where on the board (or in the text), and why."""

    def __init__(self, place: str, reason: str) -> None:
        super().__init__(f"{place}: {reason}" if place else reason)
        self.place = place
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Facts:
    """What a position is: who moves, its moves, and its payoff or evaluation for x."""

    mover: int
    actions: tuple[str, ...]  # () at the end of the game
    utility: int | None  # for x (player 0); None while the game goes on
    score: int  # the built-in evaluation for x; the utility at the end


class BoardGame(ABC):
    """A two-player zero-sum board game; subclasses give the board and the rules."""

    name: ClassVar[str]
    title: ClassVar[str]  # as a person names it
    rows: ClassVar[int]
    columns: ClassVar[int]
    win: ClassVar[int]  # the payoff of a win; a loss is its opposite, a draw 0
    num_players = 2

    def __init__(self) -> None:
        self._facts: dict[str, Facts] = {}
        self._played: set[str] = set()  # boards this game's own rules made: valid as they are

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

    def facts(self, state: Any) -> Facts:
        """The facts of ``state``, worked out once (a state is checked the first time)."""
        found = self._facts.get(state) if isinstance(state, str) else None
        if found is None:
            if state in self._played:  # made by play() from a checked board: no check
                canonical = state
            else:
                try:
                    canonical = self.parse(state)
                except PositionError as exc:
                    raise GameError(f"{str(state)[:80]!r} is not a {self.title} position: "
                                    f"{exc}") from None
            if len(self._facts) >= _FACTS_KEPT:
                self._facts.clear()
                self._played.clear()
            found = self._facts[state] = self._work_out(canonical)
        return found

    def _work_out(self, board: str) -> Facts:
        mover = 0 if board.count("x") == board.count("o") else 1
        won = self.winner(board)
        if won is not None:
            utility = self.win if won == "x" else -self.win
            return Facts(mover, (), utility, utility)
        if EMPTY not in board:
            return Facts(mover, (), 0, 0)
        return Facts(mover, self.moves(board), None, self.score(board))

    # -- the student API -------------------------------------------------------------
    def to_move(self, s: str) -> int:
        return self.facts(s).mover

    def actions(self, s: str) -> tuple[str, ...]:
        return self.facts(s).actions

    def result(self, s: str, a: Any) -> str:
        facts = self.facts(s)
        if not isinstance(a, str) or a not in facts.actions:
            legal = ", ".join(facts.actions) or "none: the game is over"
            raise GameError(f"{str(a)[:40]!r} is not a legal move in {s} (legal: {legal})")
        board = self.play(s.strip(), a, PIECES[facts.mover])
        self._played.add(board)
        return board

    def is_terminal(self, s: str) -> bool:
        return self.facts(s).utility is not None

    def utilities(self, s: str) -> list[int]:
        utility = self.facts(s).utility
        if utility is None:
            raise GameError(f"utility of {s}, where the game goes on")
        return [utility, -utility]

    def utility(self, s: str, p: int = 0) -> int:
        return self.utilities(s)[self._player(p)]

    def evaluations(self, s: str) -> list[int]:
        score = self.facts(s).score
        return [score, -score]

    def evaluate(self, s: str, p: int = 0) -> int:
        return self.evaluations(s)[self._player(p)]

    def is_quiet(self, s: str) -> bool:
        self.facts(s)
        return True  # no captures: every position is quiet

    def noisy_actions(self, s: str) -> list[str]:
        self.facts(s)
        return []

    def is_chance(self, s: str) -> bool:
        self.facts(s)
        return False

    def _player(self, p: Any) -> int:
        if isinstance(p, bool) or p not in (0, 1):
            raise GameError(f"player {p!r} does not exist; players are 0 and 1")
        return int(p)

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
