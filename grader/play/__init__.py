"""Play mode: agents graded by playing real games, on the trusted side.

:func:`~grader.play.referee.play_game` plays one game between two players (a student's
agent in a sandbox, or a built-in opponent of :mod:`grader.play.opponents`) under a chess
clock, and returns its :class:`~grader.play.models.GameRecord`; the referee holds the
true position and checks every move. :mod:`grader.play.seats` holds the players.
"""

from grader.play.models import ClockRule, GameRecord, MoveRecord, PlayerSpec
from grader.play.referee import play_game, random_opening

__all__ = ["ClockRule", "GameRecord", "MoveRecord", "PlayerSpec", "play_game", "random_opening"]
