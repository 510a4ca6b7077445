"""The play sections of ``assignment.yaml``: an agents assignment's game and clock
(``play``) and matches; an evaluations assignment's search its evaluation is played in
(``evaluation``) and its tests on positions (``properties``), beside them.

The student writes ``evaluate(game, state, player)``; the grader plays it inside its
reference alpha-beta at ``evaluation.depth`` plies against the same search with baseline
evaluations (the matches' opponents, ``alphabeta:N:EVAL``), and asks it about positions
drawn by ``grader build`` (``golden/positions.json``) for each property test.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field

from grader.games import AGENT_GAMES
from grader.play.opponents import PATTERN as OPPONENTS

if TYPE_CHECKING:
    AgentGameName = str
else:
    AgentGameName = Literal.__getitem__(AGENT_GAMES)  # the games an agent may play
Visibility = Literal["visible", "hidden"]
Property = Literal["wins", "zero-sum", "mirror", "bounds"]
POSITIONS_FILE = "positions.json"  # in golden/: the positions the property tests ask about


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, frozen=True, extra="forbid")


class Threshold(_Strict):
    """Points earned once a match's score reaches a share of its games."""

    score: float = Field(ge=0, le=1, description="The share of the match's score reached "
                         "(a win counts 1, a draw 1/2, over the games played)")
    points: float = Field(ge=0, description="The points earned from this share up")


class MatchSpec(_Strict):
    """An agents assignment's match: N seeded games against one built-in opponent."""

    name: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$", description="Unique match name")
    opponent: str = Field(pattern=OPPONENTS, description="The built-in opponent: random, "
                          "greedy, alphabeta:N (the reference alpha-beta at N plies with the "
                          "built-in evaluation) or alphabeta:N:EVAL (with a baseline "
                          "evaluation: builtin, centre or zero)")
    games: int = Field(ge=1, le=200, description="Games played, the agent x in the first of "
                       "each pair and o in the second, from the same seeded opening")
    thresholds: list[Threshold] = Field(
        min_length=1, description="The points by the share of the score reached: the "
        "highest threshold reached counts; the last is the match's full points")
    visibility: Visibility = Field(default="visible", description="hidden: instructors only")
    description: str | None = Field(default=None, description="What the match is about")

    @property
    def points(self) -> float:
        return max(t.points for t in self.thresholds)


class PlayRules(_Strict):
    """The game and clock of an agents assignment (``entry(game, state, clock)``)."""

    game: AgentGameName = Field(description="The game the agent plays (one of those with "
                                "an agent's copy of the rules)")
    move_s: float = Field(gt=0, description="Seconds one move may take at most")
    game_s: float = Field(gt=0, description="Seconds all of a game's moves may take together")
    opening_plies: int = Field(default=2, ge=0, description="Random moves played for both "
                               "players before the game starts, drawn from the seed")
    seed: int = Field(default=0, description="The seed of the openings and of the opponents")


class EvaluationRules(_Strict):
    """How a submission's evaluation is played and asked: the search's depth, the time of
    one call, the range of its values, the positions drawn for the property tests."""

    depth: int = Field(ge=1, le=4, description="Plies of the reference alpha-beta that plays "
                       "the evaluation; the baselines (alphabeta:N:EVAL) search as deep")
    call_s: float = Field(gt=0, description="Seconds one call of the evaluation may take; a "
                          "move's calls together are limited by play.move_s, a game's by "
                          "play.game_s")
    bound: float = Field(gt=0, description="The largest magnitude a value may have (the "
                         "bounds property): wins and losses included")
    positions: int = Field(default=24, ge=2, le=200, description="Positions where the game "
                           "goes on that grader build draws for the property tests (and "
                           "half as many where it has ended)")


class PropertySpec(_Strict):
    """A test on positions that every sound evaluation passes."""

    name: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$", description="Unique test name")
    property: Property = Field(
        description="wins: for each player, a position it has won scores above one it has "
        "lost, and no position where the game goes on above a win or below a loss; "
        "zero-sum: a position's value for o is its value for x negated; mirror: a board "
        "and its mirror image (left and right swapped) score the same; bounds: every value "
        "is a finite number within evaluation.bound")
    points: float = Field(ge=0, description="Points the test is worth")
    visibility: Visibility = Field(default="visible", description="hidden: instructors only")
    description: str | None = Field(default=None, description="What the test is about")


def evaluation_problem(depth: int, opponents: list[str]) -> tuple[int, str] | None:
    """The first match (its index, and why) whose opponent searches at another depth than
    the evaluation: the baselines play at the same depth, or the match measures depth."""
    for i, opponent in enumerate(opponents):
        parts = opponent.split(":")
        if parts[0] == "alphabeta" and int(parts[1]) != depth:
            evaluation = parts[2] if len(parts) > 2 else "builtin"
            return i, (f"{opponent!r} searches {parts[1]} plies, the evaluation {depth}: a "
                       f"baseline plays at the same depth (alphabeta:{depth}:{evaluation})")
    return None
