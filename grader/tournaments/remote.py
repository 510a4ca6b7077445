"""A tournament's games played on a Dask cluster, as :mod:`grader.grading.cluster` grades.

Each game is one task: the worker that takes it runs both agents' sandboxes, each agent
sent as data (its zip and SHA-256, once per worker that needs it: a task result the
scheduler keeps, and can make again), and returns the game's :class:`PlayedGame`; the
client writes the file. The connection, the version check of every worker, the parcels,
task order and cancellation are the cluster module's; a cancelled game ends at its next
move, its sandboxes closed. A game that killed its workers again and again is a grader
fault, played again by the next run.
"""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Iterator
from concurrent.futures import CancelledError
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from distributed.scheduler import KilledWorker

from grader.grading.cluster import (
    Parcel,
    Tasks,
    code_version,
    connect_cluster,
    job_cancelled,
    pack_submission,
    unpack,
    worker_job,
)
from grader.hosts.isolation import owned_folder
from grader.tournaments.match import MatchRules, play_scheduled, played_game
from grader.tournaments.records import PlayedGame
from grader.tournaments.schedule import Game


@dataclass(frozen=True)
class GameJob:
    """One game for a worker to play."""

    game: Game
    rules: MatchRules
    hashes: tuple[str, str]  # the first's and the second's files
    sandbox: Literal["local", "docker"]
    strict: bool  # refuse a local sandbox that can only limit the agents
    version: str  # the client's code_version()


def play_job(job: GameJob, first: Parcel, second: Parcel) -> PlayedGame | None:
    """On a worker: play ``job`` between the agents ``first`` and ``second``."""
    with worker_job(job.version) as key:
        folder = owned_folder("parcel")
        try:
            agents = (unpack(first, folder / "first"), unpack(second, folder / "second"))
            return play_scheduled(job.game, rules=job.rules, agents=agents,
                                  hashes=job.hashes, sandbox=job.sandbox,
                                  stopped=lambda: job_cancelled(key), strict=job.strict)
        finally:
            shutil.rmtree(folder, ignore_errors=True)


class ClusterPlay:
    """The client of a cluster, as a tournament sees it (its
    :class:`~grader.tournaments.run.Player`)."""

    def __init__(self, tasks: Tasks, rules: MatchRules, paths: dict[str, Path],
                 hashes: dict[str, str], sandbox: Literal["local", "docker"],
                 strict: bool) -> None:
        self.tasks, self.rules, self.hashes, self.sandbox = tasks, rules, hashes, sandbox
        self.strict = strict
        self.slots = tasks.slots
        self.version = code_version()
        self.agents = {
            name: tasks.keep(pack_submission(path), f"agent-{name}-{hashes[name][:16]}")
            for name, path in sorted(paths.items())
        }

    def play(self, game: Game) -> PlayedGame | None:
        hashes = (self.hashes[game.first], self.hashes[game.second])
        job = GameJob(game, self.rules, hashes, self.sandbox, self.strict, self.version)
        try:
            played: PlayedGame | None = self.tasks.run(
                play_job, job, self.agents[game.first], self.agents[game.second],
                key=f"play-{game.id}")
            return played
        except CancelledError:
            if self.tasks.stopping:
                return None
            why = "the cluster dropped it (lost its scheduler, or an agent's files)"
        except KilledWorker:
            why = ("the cluster workers playing it died again and again (out of memory, "
                   "or worker hosts lost), until the scheduler's allowed-failures")
        return played_game(game, hashes, "fault", why, None)

    def kill(self) -> None:
        self.tasks.kill()


@contextlib.contextmanager
def open_remote(spec: str, *, rules: MatchRules, paths: dict[str, Path],
                hashes: dict[str, str], sandbox: Literal["local", "docker"],
                strict: bool) -> Iterator[ClusterPlay]:
    """The cluster ``spec`` ready to play the agents at ``paths`` (by name)."""
    with connect_cluster(spec) as client:
        yield ClusterPlay(Tasks(client), rules, paths, hashes, sandbox, strict)
