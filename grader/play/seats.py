"""The players at the board: an agent in its sandbox, or a built-in opponent.

A seat answers :meth:`Seat.move` with a :class:`Answer`: what the player said and how
long it took, measured here on the trusted side. An agent's sandbox lives for the whole
game (the agent keeps what it likes between moves) and is frozen while the opponent
moves (:meth:`~grader.hosts.base.Sandbox.freeze`): an agent never thinks off its turn.
A built-in opponent runs in the grader's process; its time is recorded, never charged.
"""

from __future__ import annotations

import math
import random
import time
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from grader.games.rules import GameRules
from grader.grading.intake import SubmissionRefused, submission_folder
from grader.hosts import open_sandbox
from grader.hosts.base import MoveRequest, RunResult, Sandbox, UnpausableSubmission
from grader.hosts.local import LocalSandbox
from grader.play.baselines import search_move
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
            result = unpaused(exc)
        if result.status == "ok":
            return Answer(result.action, result.time_s)
        return Answer(None, result.time_s, result)

    def close(self) -> None:
        self._stack.close()


class EvaluationFailed(Exception):
    """An evaluation call that gave no value: how it failed, as the referee reads it."""

    def __init__(self, result: RunResult, answer: Any = None) -> None:
        super().__init__(result.message)
        self.result, self.answer = result, answer


class EvaluationSeat(AgentSeat):
    """A submission's evaluation, played by the grader's reference alpha-beta at the
    player's depth: each leaf's value is one call of ``evaluate(game, state, player)`` in
    the submission's sandbox (``player``: this seat's), the search itself is trusted.
    The clock counts the calls' time alone: each call within the clock's ``call_s``, a
    move's calls within the move's limit, a game's within the game's."""

    def __init__(self, spec: PlayerSpec, game: GameRules, clock: ClockRule, sandbox: str,
                 *, require_isolation: bool = False) -> None:
        super().__init__(spec, game.name, clock, sandbox, require_isolation=require_isolation)
        self.rules, self.call_s = game, clock.call_s or clock.move_s
        self.used, self.budget = 0.0, clock.move_s  # this move's seconds of calls, and limit
        self.calls = 0  # calls made in this sandbox: its first imports the submission

    def move(self, state: str, move_s: float, game_s: float) -> Answer:
        if self.box is None:
            return super().move(state, move_s, game_s)  # a submission refused: no calls
        self.used, self.budget, box = 0.0, min(move_s, game_s), self.box
        player = self.rules.to_move(state)
        sign = 1 if player == 0 else -1  # the search's values are x's

        def for_x(board: str) -> float:
            return sign * self.value(board, player)

        try:
            box.thaw()
            try:
                action: Any = search_move(self.rules, state, self.spec.depth or 1, for_x)
            finally:
                box.freeze()
        except EvaluationFailed as failed:
            return Answer(failed.answer, self.used, failed.result)
        except OSError as exc:  # the sandbox cannot be stopped between moves: fail closed
            return Answer(None, self.used, unpaused(exc))
        return Answer(action, self.used)

    def value(self, board: str, player: int) -> float:
        """``board``'s value for ``player`` by one call of the submission's evaluation,
        charged to this move; EvaluationFailed for a call that gave no finite number
        in time (or a submission that cannot run)."""
        if self.box is None:
            raise EvaluationFailed(RunResult(status="error", fault="entry",
                                             message=self.refused or "no evaluation"))
        left = self.budget - self.used
        first = self.calls == 0  # it imports the submission too: the move's time, not a call's
        self.calls += 1
        request = MoveRequest(game=self.game, state=board, entry=self.spec.entry,
                              time_limit=max(0.0, left if first else min(self.call_s, left)),
                              move_s=self.budget, game_s=self.budget, player=player)
        result = self.box.run(request)
        self.used += result.time_s
        if result.status == "timeout" and not first and self.call_s < left:
            raise EvaluationFailed(RunResult(
                status="timeout", fault="call", time_s=result.time_s,
                message=f"took more than the {self.call_s:g} s an evaluation call may "
                f"take, evaluating {board}"))
        if result.status != "ok":
            result.message = f"{result.message or 'failed'} (evaluating {board})"
            raise EvaluationFailed(result)
        if not finite_number(result.value):
            raise EvaluationFailed(RunResult(
                status="error", fault="return", time_s=result.time_s,
                message=f"evaluated {board} as {str(result.value)[:40]}: an evaluation is a "
                "finite number (an int or a float, not nan or inf)"), answer=result.value)
        bound = self.spec.bound
        if bound is not None and abs(result.value) > bound:  # as the bounds property asks
            raise EvaluationFailed(RunResult(
                status="error", fault="return", time_s=result.time_s,
                message=f"evaluated {board} as {result.value:g}, past the assignment's bound: "
                f"every value is within {bound:g} of 0 (evaluation.bound)"), answer=result.value)
        return float(result.value)


def unpaused(exc: OSError) -> RunResult:
    """How a move ends whose sandbox could not be paused after it (the game stops there):
    the agent's loss where the submission is the reason, else the grader's fault."""
    if isinstance(exc, UnpausableSubmission):
        return RunResult(status="error", fault="leftover",
                         message=f"{exc}: an agent may not run off its turn")
    return RunResult(status="sandbox_error", message=f"sandbox failure: {exc}")


def finite_number(value: Any) -> bool:
    """Whether ``value`` (as the link carried it) is an int or float that is finite."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:  # an int too large for a float
        return False


def open_seat(spec: PlayerSpec, *, game: GameRules, clock: ClockRule, seed: int,
              sandbox: str, require_isolation: bool = False) -> Seat:
    """The seat of ``spec``: a sandboxed agent or evaluation, or a built-in opponent."""
    if spec.kind == "builtin":
        return BuiltinSeat(game, spec.name, seed)
    if spec.kind == "evaluation":
        return EvaluationSeat(spec, game, clock, sandbox, require_isolation=require_isolation)
    return AgentSeat(spec, game.name, clock, sandbox, require_isolation=require_isolation)
