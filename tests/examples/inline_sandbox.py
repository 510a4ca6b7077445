"""A test double of a sandbox: runs a submission in the test process, on a TreeGame.

Only for tests of scoring and reports, where the submissions are this project's own
examples; real grading always runs a submission in another process.
"""

from __future__ import annotations

import importlib.util
import time
from pathlib import Path
from types import ModuleType

from grader.game import TreeGame
from grader.sandbox.base import RunRequest, RunResult, Sandbox


class InlineSandbox(Sandbox):
    """Imports ``agent.py`` of the submission folder once; runs each test in-process.

    The test's conventions become attributes of the game, as the real harness sets them.
    """

    def __init__(self, submission: Path, *, memory_mb: int = 256) -> None:
        super().__init__(submission, memory_mb=memory_mb)
        self.runs: list[str] = []
        self.closed = False
        self._module: ModuleType | None = None

    def _load(self) -> ModuleType:
        if self._module is None:
            path = self.submission / "agent.py"
            spec = importlib.util.spec_from_file_location(f"agent_{id(self)}", path)
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            self._module = module
        return self._module

    def run(self, request: RunRequest) -> RunResult:
        self.runs.append(request.test_name)
        game = TreeGame(request.tree)
        for key, value in request.conventions.items():
            setattr(game, key, value)  # as the harness's game offers them
        started = time.perf_counter()
        try:
            entry = getattr(self._load(), request.entry)
            value, action = entry(game, request.tree.root, request.depth)
        except Exception as exc:
            return RunResult(
                status="error",
                trace=game.trace,
                message=f"{type(exc).__name__}: {exc}",
                time_s=time.perf_counter() - started,
            )
        return RunResult(
            status="ok",
            trace=game.trace,
            value=value,
            action=action,
            time_s=time.perf_counter() - started,
        )

    def close(self) -> None:
        self.closed = True


def open_inline(kind: str, submission: Path, memory_mb: int) -> Sandbox:
    """An opener for ``grade_submission(opener=...)``."""
    del kind
    return InlineSandbox(submission, memory_mb=memory_mb)
