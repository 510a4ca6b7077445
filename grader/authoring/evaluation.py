"""An evaluations assignment in ``assignment.yaml``: the search its evaluation is played
in (``evaluation``), and the tests on positions (``properties``), beside the play rules
and matches of an agents assignment.

The student writes ``evaluate(game, state, player)``; the grader plays it inside its
reference alpha-beta at ``evaluation.depth`` plies against the same search with baseline
evaluations (the matches' opponents, ``alphabeta:N:EVAL``), and asks it about positions
drawn by ``grader build`` (``golden/positions.json``) for each property test.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Property = Literal["wins", "zero-sum", "mirror", "bounds"]
POSITIONS_FILE = "positions.json"  # in golden/: the positions the property tests ask about


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, frozen=True, extra="forbid")


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
    visibility: Literal["visible", "hidden"] = Field(default="visible",
                                                     description="hidden: instructors only")
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
