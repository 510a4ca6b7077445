"""The players at the board: an agent in its sandbox, or a built-in opponent.

A seat answers :meth:`Seat.move` with a :class:`Answer`: what the player said and how
long it took, measured here on the trusted side. An agent's sandbox lives for the whole
game (the agent keeps what it likes between moves) and is frozen while the opponent
moves (:meth:`~grader.hosts.base.Sandbox.freeze`): an agent never thinks off its turn.
A built-in opponent runs in the grader's process; its time is recorded, never charged.
"""

from __future__ import annotations

import random
import time
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from grader.games.rules import GameRules
from grader.grading.intake import SubmissionRefused, submission_folder
from grader.hosts import open_sandbox
from grader.hosts.base import MoveRequest, RunResult, Sandbox
from grader.hosts.local import LocalSandbox
from grader.play.models import ClockRule, PlayerSpec
from grader.play.opponents import opponent

MEMORY_MB = 256  # an agent's memory


@dataclass(frozen=True)
class Answer:
    """A player's answer to one move: the move (anything: checked by the referee) or
    how the player failed, and the seconds it took by the grader's clock."""

    action: Any
    time_s: float
    failed: RunResult | None = None  # the sandbox's word when the agent gave no move


class Seat:
    """A player at the board; a context manager that leaves nothing behind."""

    charged = True  # the clock runs against this player

    def move(self, state: str, move_s: float, game_s: float) -> Answer:
        raise NotImplementedError

    def close(self) -> None:
        """Release what the seat holds."""

    def __enter__(self) -> Seat:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


class BuiltinSeat(Seat):
    """A built-in opponent: its own stream of the game's seed."""

    charged = False

    def __init__(self, game: GameRules, name: str, seed: int) -> None:
        self.game, self.choose, self.rng = game, opponent(name), random.Random(seed)

    def move(self, state: str, move_s: float, game_s: float) -> Answer:
        started = time.perf_counter()
        action = self.choose(self.game, state, self.rng)
        return Answer(action, time.perf_counter() - started)


class AgentSeat(Seat):
    """A submission's agent in a sandbox of its own for the whole game."""

    def __init__(self, spec: PlayerSpec, game: str, clock: ClockRule, sandbox: str,
                 *, require_isolation: bool = False) -> None:
        self.spec, self.game = spec, game
        self._stack = ExitStack()
        self.box: Sandbox | None = None
        self.refused: str | None = None
        try:
            folder = self._stack.enter_context(submission_folder(Path(spec.name)))
        except SubmissionRefused as exc:
            self.refused = str(exc)
            return
        self.box = self._stack.enter_context(
            open_sandbox(sandbox, folder, memory_mb=MEMORY_MB, cpu_s=clock.game_s,
                         require_isolation=require_isolation))
        if isinstance(self.box, LocalSandbox):  # boots beside the other player's
            self.box.start()

    def move(self, state: str, move_s: float, game_s: float) -> Answer:
        if self.box is None:
            failed = RunResult(status="error", message=self.refused or "no agent", fault="entry")
            return Answer(None, 0.0, failed)
        request = MoveRequest(game=self.game, state=state, entry=self.spec.entry,
                              time_limit=min(move_s, game_s), move_s=move_s, game_s=game_s)
        try:
            self.box.thaw()
            result = self.box.run(request)
            self.box.freeze()
        except OSError as exc:  # the sandbox cannot be stopped between moves: fail closed
            result = RunResult(status="sandbox_error", message=f"sandbox failure: {exc}")
        if result.status == "ok":
            return Answer(result.action, result.time_s)
        return Answer(None, result.time_s, result)

    def close(self) -> None:
        self._stack.close()


def open_seat(spec: PlayerSpec, *, game: GameRules, clock: ClockRule, seed: int,
              sandbox: str, require_isolation: bool = False) -> Seat:
    """The seat of ``spec``: a sandboxed agent or a built-in opponent."""
    if spec.kind == "builtin":
        return BuiltinSeat(game, spec.name, seed)
    return AgentSeat(spec, game.name, clock, sandbox, require_isolation=require_isolation)
