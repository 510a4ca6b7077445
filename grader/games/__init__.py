"""Real games on the trusted side: rules, a built-in evaluation, positions as text, boards.

:data:`GAMES` is the one registry of the games a positions test may name; each game is a
module holding one :class:`~grader.games.rules.GameRules` subclass, named by its
``"module:class"`` path so that reading the names imports no rules (nor the libraries
they need: chess's is python-chess, an extra).
:mod:`grader.games.unfold` turns a game from a position into the in-memory tree that
grading, explanations and drawings read, as they read a tree file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from grader.games.rules import GameRules

GAMES: dict[str, str] = {
    "tictactoe": "grader.games.tictactoe:TicTacToe",
    "connect4": "grader.games.connect4:ConnectFour",
    "chess": "grader.games.chess:Chess",
}
"""Each game's name (as a test's ``game`` field gives it) and the class of its rules."""


def load_game(name: str) -> GameRules:
    """The rules of the game called ``name`` (one of :data:`GAMES`)."""
    from importlib import import_module

    try:
        module, cls = GAMES[name].split(":")
    except KeyError:
        raise KeyError(f"no game {name!r}; the games are {', '.join(GAMES)}") from None
    game: GameRules = getattr(import_module(module), cls)()
    return game
