"""Play mode: agents graded by playing real games, on the trusted side.

:func:`~grader.play.referee.play_game` plays one game between two players (a student's
agent in a sandbox, or a built-in opponent of :mod:`grader.play.opponents`) under a chess
clock, and returns its :class:`~grader.play.models.GameRecord`; the referee holds the
true position and checks every move. :mod:`grader.play.seats` holds the players;
:mod:`grader.play.grading` grades an agents assignment's matches. The names below are
loaded when first used, so that the report model can read the records' model alone.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_WHERE = {
    "ClockRule": "grader.play.models",
    "GameRecord": "grader.play.models",
    "MoveRecord": "grader.play.models",
    "PlayerSpec": "grader.play.models",
    "play_game": "grader.play.referee",
    "random_opening": "grader.play.referee",
}
__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module 'grader.play' has no attribute {name!r}")
    return getattr(import_module(_WHERE[name]), name)
