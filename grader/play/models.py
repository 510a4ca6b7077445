"""What a game of play mode is made of: its players, its clock, and its record.

A :class:`GameRecord` is the replay of one game as JSON (``grader play -o``, the report of
an agents assignment): who played which colour, the opening, every move with the time it
took and the clock left after it, the result and why the game ended, the final position.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

PlayerKind = Literal["agent", "builtin", "evaluation"]
Outcome = Literal["x", "o", "draw"]  # x (player 0) won, o won, or neither
Reason = Literal[
    "win", "draw", "illegal", "crash", "garbage", "flag", "leftover", "sandbox_error",
]
"""Why a game ended: a line of four (or three) was made (``win``), the board filled
(``draw``), or the player to move lost it: an ``illegal`` move, a ``crash`` (an exception,
the memory limit, the process died), ``garbage`` (an answer that is not a move, a broken
protocol), a ``flag`` fall (the move's or the game's time ran out), a ``leftover`` (a
process or thread left running after the move, to think while the opponent moves); or
``sandbox_error``: the grader could not run the game (never charged; the result is a draw
and the game is to be played again)."""


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, frozen=True, extra="forbid")


class PlayerSpec(_Strict):
    """A player: a student's agent (a submission, run in a sandbox), a student's
    evaluation (the grader's reference alpha-beta, each leaf evaluated in the submission's
    sandbox) or a built-in opponent (``random``, ``greedy``, ``alphabeta:N``, run by the
    grader)."""

    kind: PlayerKind = Field(description="agent: a submission's choose(); evaluation: the "
                             "reference alpha-beta with a submission's evaluate(); builtin: "
                             "the grader's")
    name: str = Field(description="The submission's path (agent, evaluation), or the "
                      "opponent's name (builtin: random, greedy, alphabeta:N[:EVAL])")
    entry: str = Field(default="choose", description="An agent's or evaluation's entry point")
    depth: int | None = Field(default=None, ge=1, le=8, description="An evaluation's search "
                              "depth, in plies")
    bound: float | None = Field(default=None, gt=0, description="An evaluation's bound: a "
                                "value of larger magnitude in a game loses it (None: any "
                                "finite value)")

    @classmethod
    def evaluation(cls, path: str | Path, *, depth: int, entry: str = "evaluate",
                   bound: float | None = None) -> PlayerSpec:
        """A submission's evaluation, played inside the reference alpha-beta at ``depth``
        (each value within ``bound``, if given)."""
        return cls(kind="evaluation", name=str(path), entry=entry, depth=depth, bound=bound)

    @classmethod
    def agent(cls, path: str | Path, *, entry: str = "choose") -> PlayerSpec:
        """A submission's agent: a ``.py`` file or a folder (the rule of ``grader check``)."""
        return cls(kind="agent", name=str(path), entry=entry)

    @classmethod
    def builtin(cls, name: str) -> PlayerSpec:
        """A built-in opponent by name (checked when the game starts)."""
        return cls(kind="builtin", name=name)

    @classmethod
    def parse(cls, text: str) -> PlayerSpec:
        """A player as a person names one on the command line: a built-in opponent's
        name (``random``, ``greedy``, ``alphabeta:3``) unless a file or folder of that
        name exists, else the path of an agent."""
        builtin = text in ("random", "greedy") or text.startswith("alphabeta:")
        return cls.builtin(text) if builtin and not Path(text).exists() else cls.agent(text)

    @property
    def label(self) -> str:
        if self.kind == "evaluation":
            return f"{Path(self.name).name} (alphabeta:{self.depth} with its {self.entry})"
        return self.name if self.kind == "builtin" else Path(self.name).name


class ClockRule(_Strict):
    """A chess clock for each player: a limit per move, and a budget for the whole game
    (for an evaluation: its calls' time, each call limited as well)."""

    move_s: float = Field(gt=0, description="Seconds one move may take at most")
    game_s: float = Field(gt=0, description="Seconds all of a player's moves may take together")
    call_s: float | None = Field(default=None, gt=0, description="Seconds one call of an "
                                 "evaluation may take at most (evaluation players)")


class MoveRecord(_Strict):
    """One move of the game as the referee saw it."""

    ply: int = Field(ge=1, description="The move's number, 1 for the first (openings included)")
    player: int = Field(ge=0, le=1, description="Who made it: 0 (x, first) or 1 (o)")
    move: str = Field(description="The move, as the game names it (Connect Four: a column)")
    opening: bool = Field(default=False, description="Part of the opening, not chosen by a player")
    time_s: float = Field(ge=0, description="Seconds the move took, measured by the grader")
    clock_left_s: float = Field(description="The mover's game time left after the move")


class GameRecord(_Strict):
    """One game, from its opening to its end: a replay."""

    format: Literal["game/1"] = Field(default="game/1", description="Format tag")
    game: str = Field(description="The game's name (connect4, tictactoe)")
    players: list[PlayerSpec] = Field(min_length=2, max_length=2,
                                      description="x (moves first), then o")
    clock: ClockRule = Field(description="The clock both players played under")
    seed: int = Field(description="The seed of the built-in opponents' random choices")
    opening: list[str] = Field(description="The moves played for both before the players took over")
    start: str = Field(description="The position after the opening")
    moves: list[MoveRecord] = Field(description="Every move, the opening's included")
    outcome: Outcome = Field(description="Who won: x, o, or draw")
    reason: Reason = Field(description="Why the game ended")
    loser_move: str | None = Field(
        default=None, description="What the losing player answered when it lost by a fault "
        "(an illegal move, garbage), shortened")
    message: str = Field(description="The end of the game in one sentence")
    detail: str | None = Field(default=None, description="The agent's traceback, if it crashed")
    final: str = Field(description="The final position's text")

    def winner(self) -> int | None:
        """0 or 1 for the player who won, None for a draw."""
        return None if self.outcome == "draw" else 0 if self.outcome == "x" else 1

    def agent_side(self) -> int:
        """Which player the (first) submission was, an agent or an evaluation: 0 (x) or 1
        (o)."""
        return 0 if self.players[0].kind != "builtin" else 1

    def agent_result(self) -> Literal["won", "drew", "lost"]:
        """How the game ended for the agent."""
        winner = self.winner()
        return "drew" if winner is None else "won" if winner == self.agent_side() else "lost"


def tally(games: list[GameRecord]) -> dict[str, int]:
    """The agent's wins, draws and losses over ``games``, the grader's faults left out."""
    played = [g.agent_result() for g in games if g.reason != "sandbox_error"]
    return {kind: played.count(kind) for kind in ("won", "drew", "lost")}
