"""Baseline evaluations, and the reference alpha-beta played with any evaluation.

An evaluations assignment plays the student's ``evaluate`` inside the reference
alpha-beta against the same search with a baseline evaluation, at the same depth. The
baselines, each a function of a board giving its value for x (player 0):

- ``builtin``: the game's built-in evaluation (the runs of squares only one player has
  pieces on, weighted by how many it has);
- ``centre``: each piece is worth the number of winning runs through its square (a
  square in the middle lies on most), x's counted for x and o's against;
- ``zero``: every position is worth 0; the search still sees the wins and losses
  within its depth, and plays the first move of the best.

:class:`Evaluated` is a game whose ``evaluate`` is such a function; :func:`search_move`
plays the reference alpha-beta on it (the first best move in the game's order).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache
from typing import Any, cast

from grader.errors import GraderError
from grader.games.board import BoardGame
from grader.games.lines import Lines
from grader.games.rules import GameRules

ForX = Callable[[str], float]  # a board's value for x (player 0)

BASELINES = ("builtin", "centre", "zero")
"""The baseline evaluations' names, as an opponent ``alphabeta:N:NAME`` gives them."""


def baseline(game: GameRules, name: str) -> ForX:
    """The baseline evaluation ``name`` of ``game`` (one of :data:`BASELINES`; ``centre``
    for a grid of x and o only: GraderError for another game)."""
    if name == "builtin":
        return lambda board: game.evaluate(board, 0)
    if name == "centre":
        if not isinstance(game, BoardGame):
            raise GraderError(f"the centre baseline counts runs on a grid of x and o; "
                              f"{game.title} has none: use builtin or zero")
        worth = _centre_worth(type(game))
        return lambda board: sum(worth[i] if q == "x" else -worth[i]
                                 for i, q in enumerate(board) if q in "xo")
    if name == "zero":
        return lambda board: 0
    raise KeyError(name)


@cache
def _centre_worth(kind: type[BoardGame]) -> dict[int, int]:
    """How many winning runs pass through each square (by its place in a board's text)."""
    length = 4 if kind.columns > 3 else 3
    worth: dict[int, int] = {}
    for line in Lines(kind.rows, kind.columns, length).lines:
        for i in line:
            worth[i] = worth.get(i, 0) + 1
    return worth


class Evaluated:
    """``game`` with its evaluation at the cut-off replaced by ``for_x`` (a board's value
    for x); every other question is the game's own (its rules, its payoffs)."""

    def __init__(self, game: GameRules, for_x: ForX) -> None:
        self.game, self.for_x = game, for_x
        self.num_players = game.num_players

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def utilities(self, s: str) -> list[float]:
        """A finished game's payoffs, a win worth more than any evaluation (infinite):
        whatever an evaluation's scale, the search takes a win it sees and avoids a loss."""
        return [math.copysign(math.inf, u) if u else 0.0 for u in self.game.utilities(s)]

    def utility(self, s: str, p: int = 0) -> float:
        return self.utilities(s)[p]

    def evaluations(self, s: str) -> list[float]:
        if self.game.is_terminal(s):
            return self.utilities(s)
        value = self.for_x(s)
        return [value, -value]

    def evaluate(self, s: str, p: int = 0) -> float:
        return self.evaluations(s)[p]


def search_move(game: GameRules, state: str, depth: int, for_x: ForX) -> str:
    """The reference alpha-beta's move at ``depth`` plies in ``state``, with ``for_x``
    as the evaluation at the cut-off (the first best move in the game's order)."""
    from reference.alphabeta import alphabeta
    from reference.api import Game

    action = alphabeta(cast(Game, Evaluated(game, for_x)), state, depth)[1]
    assert action is not None  # a position where the game goes on has a move
    return str(action)
