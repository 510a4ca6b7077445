"""What every sandbox offers the grader: run one test of a submission, get a ``RunResult``.

A sandbox holds one submission for all its tests. The student's code runs in another
process (a child, or a container); the trusted side answers its ``game`` calls from the
tree and records them. Expected results never enter a sandbox.
"""

from __future__ import annotations

import signal
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from grader.hosts.kinds import Isolation  # how the submission is kept from the grader
from grader.trees.trace import Trace

if TYPE_CHECKING:  # the hosts start a sandbox before the tree models are loaded
    from grader.trees.tree import Tree

RunStatus = Literal["ok", "timeout", "memory", "error", "sandbox_error"]


@dataclass(frozen=True)
class RunRequest:
    """One test to run: the tree, the entry point, the depth as the student receives it."""

    test_name: str
    tree: Tree
    entry: str
    depth: int
    time_limit: float
    memory_mb: int = 256
    conventions: Mapping[str, Any] = field(default_factory=dict)  # offered as game attributes
    vector_value: bool | None = None  # one value per player (max^n); None: by the players
    root_visits: bool = False  # the value is the root's visit counts, one per root action (MCTS)
    entry_kind: str = "function"  # or "cs188": an agent class whose getAction gives an action
    agents: int = 0  # a cs188 entry's number of agents (getNumAgents), from the tree
    action_only: bool = False  # the entry answers an action alone, with no value
    # the plies the search goes down (None: no bound known): states below are not listed
    # ahead of it, as it never asks for their actions (a wrong search that does waits)
    listed_plies: int | None = None


@dataclass(frozen=True)
class MoveRequest:
    """One move of a game (play mode): the agent's entry point, the true position as
    text, and its clock; ``time_limit`` is the most the grader waits (the move's limit or
    what is left of the game's, whichever is less). With ``player`` set, one call of an
    evaluation instead: ``entry(game, state, player)``, whose answer is a value."""

    game: str
    state: str
    entry: str
    time_limit: float
    move_s: float  # the clock's limit of one move, as the agent is told
    game_s: float  # what is left of the agent's game time, as the agent is told
    player: int | None = None  # an evaluation call: whose value of ``state`` is asked


@dataclass
class RunResult:
    """How one run ended. ``value``/``action`` are set (validated in shape) when ``ok``."""

    status: RunStatus
    trace: Trace = field(default_factory=Trace)
    value: Any = None
    action: Any = None
    message: str | None = None  # one line a student understands, for any status but ok
    detail: str | None = None  # the student's part of a traceback, if any
    output: str = ""  # what the submission printed, bounded
    time_s: float = 0.0
    fault: str | None = None  # a move's failure as the harness named it (leftover, ...)


_CRASHES = {  # signal: (what happened, what it is; a likely cause only where one is)
    signal.SIGABRT: ("aborted", ""),
    signal.SIGSEGV: ("crashed", "a segmentation fault; often a recursion far too deep"),
    signal.SIGBUS: ("crashed", "a bus error"),
    signal.SIGFPE: ("crashed", "an arithmetic fault"),
    signal.SIGILL: ("crashed", "an illegal instruction"),
}


def killed_by(signum: int) -> str:
    """How a process killed by signal ``signum`` ended, naming the signal:
    ``aborted (SIGABRT)``, ``was killed by SIGTERM``."""
    try:
        name = signal.Signals(signum).name
    except ValueError:
        return f"was killed by signal {signum}"
    if signum not in _CRASHES:
        return f"was killed by {name}"
    what, means = _CRASHES[signal.Signals(signum)]
    return f"{what} ({name}, {means})" if means else f"{what} ({name})"


class UnpausableSubmission(OSError):
    """The submission kept its sandbox from being paused between moves: it left a process
    that does not stop, or its own process ended after its answer. Charged to it: the
    game stops there (fails closed) and the agent loses it, as one that left a process
    running after its move."""


class Sandbox(ABC):
    """A place to run one submission's tests; a context manager that leaves nothing behind."""

    isolation: Isolation = "limits only"  # what this sandbox achieved; set by each kind

    def __init__(self, submission: Path, *, memory_mb: int = 256) -> None:
        self.submission = submission
        self.memory_mb = memory_mb

    @abstractmethod
    def run(self, request: RunRequest | MoveRequest) -> RunResult:
        """Run one test (or one move of a game). A student's failure is a result, never
        an exception."""

    def freeze(self) -> None:  # noqa: B027 (a sandbox that runs nothing between runs)
        """Stop every process of the sandbox until :meth:`thaw` (play mode: an agent does
        not think while its opponent moves); an OSError if it cannot (fails closed), an
        :class:`UnpausableSubmission` where the submission is the reason."""

    def thaw(self) -> None:  # noqa: B027
        """Let the sandbox's processes run again after :meth:`freeze`."""

    @abstractmethod
    def close(self) -> None:
        """Kill everything the sandbox started and remove what it created."""

    def close_soon(self, later: Later) -> None:
        """:meth:`close`, with what may wait (removing what the sandbox created) handed
        to ``later`` (a :class:`Cleaner`): everything the sandbox started still ends now.
        By default everything is done now."""
        self.close()

    def kill(self) -> None:  # noqa: B027 (a sandbox with nothing to kill keeps this)
        """From any thread: kill what runs now, so that the run in progress ends at once
        (as ``error``, the caller discards it); :meth:`close` still removes the rest."""

    def __enter__(self) -> Sandbox:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


Later = Callable[[Callable[[], None]], None]
"""Where :meth:`Sandbox.close_soon` hands what may wait: a :class:`Cleaner`."""


class Cleaner:
    """Runs sandboxes' cleanups (:meth:`Sandbox.close_soon`) in threads beside the
    grading, started at once; leaving its ``with`` block waits for every one of them, and
    raises the first error one met: what a sandbox created is gone before the caller goes
    on (a check before it exits, a batch before it ends). With ``threads=0`` the
    cleanups wait for the end of the block instead, in order: a cleanup of a few
    milliseconds (a local sandbox's, once its processes are killed) costs the block
    more in a thread beside it, which takes turns with it for the interpreter, than
    after it."""

    def __init__(self, threads: int = 1) -> None:
        self.threads = threads
        self._open = False
        self._pool: Any = None  # made at the first cleanup
        self._started: list[Any] = []
        self._waiting: list[Callable[[], None]] = []  # threads=0: run as the block ends

    def __enter__(self) -> Cleaner:
        self._open = True
        return self

    def __call__(self, cleanup: Callable[[], None]) -> None:
        if not self._open:  # not (or no longer) in its with block: now
            cleanup()
            return
        if not self.threads:
            self._waiting.append(cleanup)
            return
        if self._pool is None:
            from concurrent.futures import ThreadPoolExecutor

            self._pool = ThreadPoolExecutor(max_workers=self.threads,
                                            thread_name_prefix="clean")
        self._started.append(self._pool.submit(cleanup))

    def __exit__(self, kind: object, *exc_info: object) -> None:
        pool, self._pool, self._open = self._pool, None, False
        waiting, self._waiting = self._waiting, []
        try:
            for cleanup in waiting:
                cleanup()
        finally:
            if pool is not None:
                pool.shutdown(wait=True)
        started, self._started = self._started, []
        for cleanup in started if kind is None else ():  # else what stopped the block
            cleanup.result()

