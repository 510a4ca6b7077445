"""A tournament's games on disk: one file per finished game, written atomically.

``OUT/games/<id>.json`` holds a :class:`PlayedGame`: which game of the schedule it is (its
players with the hashes of their files, opening, seed), how it ended, and the referee's
whole record of it (the replay). A file appears only complete (written beside, then
renamed), so a tournament stopped at any moment keeps every game that ended, and a rerun
plays only the games of its schedule that have no file yet: a game whose players' files
changed since (another hash), or that the grader failed to play (``fault``), is played
again.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue, ValidationError, model_validator

from grader.grading.sinks import encodable
from grader.tournaments.schedule import Game

GAMES = "games"  # the folder of OUT that holds the game files
GAME_FORMAT: Literal["tournament-game/1"] = "tournament-game/1"
Outcome = Literal["first", "second", "draw", "fault"]
FIRST_POINTS: dict[Outcome, float | None] = {"first": 1.0, "second": 0.0, "draw": 0.5,
                                             "fault": None}
"""Each outcome's points for the first player (a grader fault: not a result)."""


class PlayedGame(BaseModel):
    """One finished game of a tournament, as its file holds it."""

    model_config = ConfigDict(strict=True, frozen=True, extra="forbid")

    format: Literal["tournament-game/1"] = Field(description="This file's format")
    id: str = Field(description="The game's id in the schedule (round, pairing, a or b)")
    round: int = Field(ge=1, description="The round it belongs to, from 1")
    first: str = Field(description="The entrant that moved first (player 0)")
    second: str = Field(description="The entrant that moved second (player 1)")
    first_sha256: str = Field(description="SHA-256 of the first entrant's files")
    second_sha256: str = Field(description="SHA-256 of the second entrant's files")
    opening: list[str] = Field(description="The moves played before the agents took over")
    seed: int = Field(description="The game's seed")
    outcome: Outcome = Field(
        description="Who won (first or second), a draw, or fault: the grader failed to "
        "play it (never counted; played again by the next run)"
    )
    reason: str = Field(description="How the game ended, as the referee said it")
    plies: int = Field(ge=0, description="Moves played, the opening's included")
    record: JsonValue = Field(description="The referee's record of the game: the replay")

    @model_validator(mode="before")
    @classmethod
    def _encodable(cls, data: Any) -> Any:
        """An agent's text may hold lone surrogates, which no writer can encode."""
        return encodable(data)

    @property
    def first_points(self) -> float | None:
        return FIRST_POINTS[self.outcome]

    @property
    def players(self) -> tuple[str, str]:
        return self.first, self.second


def game_path(out: Path, game_id: str) -> Path:
    return out / GAMES / f"{game_id}.json"


def write_game(out: Path, played: PlayedGame) -> Path:
    """Write ``played`` to its file under ``out``, atomically; its path."""
    path = game_path(out, played.id)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{played.id}-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(played.model_dump_json(indent=1) + "\n")
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def read_game(path: Path) -> PlayedGame | None:
    """The game in ``path``; None if it is missing or not a whole game file (played again)."""
    try:
        return PlayedGame.model_validate_json(path.read_bytes())
    except (OSError, ValidationError):
        return None


def remove_partial(out: Path) -> None:
    """Remove what a tournament killed mid-write left beside the game files."""
    for stale in (out / GAMES).glob(".*.tmp"):
        stale.unlink(missing_ok=True)


def finished(out: Path, games: Iterable[Game], hashes: Mapping[str, str]) -> dict[str, PlayedGame]:
    """The games of ``games`` that already have a file in ``out`` matching them (the same
    players, files, opening and seed) and a result; by id."""
    done = {}
    for game in games:
        played = read_game(game_path(out, game.id))
        if played is not None and played.outcome != "fault" and _same(played, game, hashes):
            done[game.id] = played
    return done


def _same(played: PlayedGame, game: Game, hashes: Mapping[str, str]) -> bool:
    return (
        (played.round, played.first, played.second, tuple(played.opening), played.seed)
        == (game.round, game.first, game.second, game.opening, game.seed)
        and played.first_sha256 == hashes.get(game.first)
        and played.second_sha256 == hashes.get(game.second)
    )
