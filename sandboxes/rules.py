"""An agent's own copy of a real game's rules, and its clock, inside the sandbox.

Standard library only; it runs inside the sandbox, in the agent's process, so an agent
that plays a game (``choose(game, state, clock)``) searches without a round trip to the
grader. It is the agent's copy: the referee on the trusted side holds the true position
and checks every move against its own rules (``grader.games``), so an agent that alters
this copy only misleads itself. The positions are the same texts as the grader's: rows
from the top separated by ``/``, each square ``x``, ``o`` or ``.``; ``x`` moves first and
is player 0. A move is a text: Connect Four's a column ``"1"`` to ``"7"``, tic-tac-toe's a
square ``"a1"`` to ``"c3"`` (column letter, row from the top).
"""

from __future__ import annotations

import time
from itertools import product
from operator import itemgetter

TYPE_CHECKING = False  # typing is not imported at run time: the harness starts sooner
if TYPE_CHECKING:
    from typing import Any

_PIECES = ("x", "o")
WINNERS_KEPT = 1 << 16  # positions whose winner a game remembers before it starts again


def _runs(rows: int, columns: int, length: int) -> tuple[tuple[int, ...], ...]:
    """Every run of ``length`` squares in a row, a column or a diagonal, as indexes
    into a position's text (each row is ``columns`` squares and a ``/``)."""
    found = []
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        for r in range(rows):
            for c in range(columns):
                if 0 <= r + dr * (length - 1) < rows and 0 <= c + dc * (length - 1) < columns:
                    found.append(tuple((r + dr * k) * (columns + 1) + c + dc * k
                                       for k in range(length)))
    return tuple(found)


class BoardRules:
    """A two-player zero-sum game on a grid won by a run of pieces, over position texts."""

    name = ""
    rows = columns = length = 0
    win = 1
    weights: tuple[int, ...] = ()  # a run holding k pieces of one player only is worth this
    num_players = 2

    def __init__(self) -> None:
        self.runs = _runs(self.rows, self.columns, self.length)
        self._read = [itemgetter(*run) for run in self.runs]
        self._winners: dict[str, str | None] = {}
        self._worth: dict[tuple[str, ...], int] = {}
        for squares in product("xo.", repeat=self.length):
            xs, os_ = squares.count("x"), squares.count("o")
            self._worth[squares] = (self.weights[xs] if not os_ else
                                    -self.weights[os_] if not xs else 0)

    @property
    def initial_state(self) -> str:
        return "/".join(["." * self.columns] * self.rows)

    def moves(self, s: str) -> tuple[str, ...]:
        raise NotImplementedError

    def drop(self, s: str, a: str) -> int:
        """Where the mover's piece lands for move ``a``."""
        raise NotImplementedError

    def winner(self, s: str) -> str | None:
        found = self._winners.get(s, "")
        if found != "":
            return found
        if len(self._winners) > WINNERS_KEPT:
            self._winners.clear()
        for read in self._read:
            squares = read(s)
            first: str = squares[0]
            if first != "." and squares.count(first) == self.length:
                self._winners[s] = first
                return first
        self._winners[s] = None
        return None

    def to_move(self, s: str) -> int:
        return 0 if s.count("x") == s.count("o") else 1

    def is_terminal(self, s: str) -> bool:
        return self.winner(s) is not None or "." not in s

    def actions(self, s: str) -> list[str]:
        return [] if self.is_terminal(s) else list(self.moves(s))

    def result(self, s: str, a: Any) -> str:
        if a not in self.actions(s):
            raise ValueError(f"{a!r} is not a legal move in {s}")
        i = self.drop(s, a)
        return s[:i] + _PIECES[self.to_move(s)] + s[i + 1 :]

    def utilities(self, s: str) -> list[int]:
        won = self.winner(s)
        u = 0 if won is None else self.win if won == "x" else -self.win
        return [u, -u]

    def utility(self, s: str, p: int = 0) -> int:
        return self.utilities(s)[p]

    def evaluations(self, s: str) -> list[int]:
        """The built-in evaluation (the utility at the end): each run only one player
        has pieces on counts ``weights[pieces]`` for that player."""
        if self.is_terminal(s):
            return self.utilities(s)
        worth = self._worth
        score = sum([worth[read(s)] for read in self._read])
        return [score, -score]

    def evaluate(self, s: str, p: int = 0) -> int:
        return self.evaluations(s)[p]

    def is_quiet(self, s: str) -> bool:
        return True

    def noisy_actions(self, s: str) -> list[str]:
        return []

    def is_chance(self, s: str) -> bool:
        return False


class TicTacToe(BoardRules):
    name, rows, columns, length, win, weights = "tictactoe", 3, 3, 3, 100, (0, 1, 3, 0)

    def moves(self, s: str) -> tuple[str, ...]:
        return tuple(f"{'abc'[c]}{r + 1}" for r in range(3) for c in range(3)
                     if s[r * 4 + c] == ".")

    def drop(self, s: str, a: str) -> int:
        return (int(a[1]) - 1) * 4 + "abc".index(a[0])


class ConnectFour(BoardRules):
    name, rows, columns, length, win, weights = "connect4", 6, 7, 4, 1000, (0, 1, 3, 9, 0)

    def moves(self, s: str) -> tuple[str, ...]:
        return tuple(str(c + 1) for c in range(7) if s[c] == ".")

    def drop(self, s: str, a: str) -> int:
        column = int(a) - 1
        return max(r * 8 + column for r in range(6) if s[r * 8 + column] == ".")


RULES = {"tictactoe": TicTacToe, "connect4": ConnectFour}


class Clock:
    """The agent's clock for one move: ``time_left()`` is the seconds left now for this
    move (its limit, or what is left of the game's, whichever is less), as the grader
    gave them when the move began; the grader measures on its own side as well, so a
    move answered after either runs out loses."""

    def __init__(self, move_s: float, game_s: float) -> None:
        self.move_s = move_s  # the limit of one move
        self.game_s = game_s  # what was left of the game's time when this move began
        self._start = time.monotonic()

    def time_left(self) -> float:
        return max(0.0, min(self.move_s, self.game_s) - (time.monotonic() - self._start))

    def __repr__(self) -> str:
        return f"Clock(move_s={self.move_s:g}, game_s={self.game_s:g})"
