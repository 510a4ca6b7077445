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
    from collections.abc import Iterable

    from grader.games.rules import GameRules

GAMES: dict[str, str] = {
    "tictactoe": "grader.games.tictactoe:TicTacToe",
    "connect4": "grader.games.connect4:ConnectFour",
    "chess": "grader.games.chess:Chess",
}
"""Each game's name (as a test's ``game`` field gives it) and the class of its rules."""

AGENT_GAMES: tuple[str, ...] = ("tictactoe", "connect4")
"""The games an agent may play (play mode): those whose rules an agent has its own copy
of inside the sandbox (``sandboxes/rules.py``, ``RULES``; a test checks both lists)."""

GAME_EXTRAS: tuple[str, ...] = ("chess",)
"""The extras of ``pyproject.toml`` that install a library a game's rules import, each
named after its game: a student kit and a Gradescope autograder install them too."""


def game_requirements(declared: Iterable[str]) -> list[str]:
    """The requirements among ``declared`` (as a package's metadata lists them) that a
    game's rules need, without their extra's marker, so that they are always installed."""
    return [r.split(";")[0].strip() for r in declared
            if any(f'extra == "{extra}"' in r for extra in GAME_EXTRAS)]


def load_game(name: str) -> GameRules:
    """The rules of the game called ``name`` (one of :data:`GAMES`); a
    :class:`~grader.errors.GraderError` if the library its rules need is not installed."""
    from importlib import import_module

    try:
        module, cls = GAMES[name].split(":")
    except KeyError:
        raise KeyError(f"no game {name!r}; the games are {', '.join(GAMES)}") from None
    try:
        rules = import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name is None or exc.name.split(".")[0] in ("grader", "reference"):
            raise
        from grader.errors import GraderError

        raise GraderError(
            f"the {name} game needs the {exc.name} package, which is not installed here: "
            f"pip install 'search-grader[{name}]'") from None  # see GAME_EXTRAS
    game: GameRules = getattr(rules, cls)()
    return game
