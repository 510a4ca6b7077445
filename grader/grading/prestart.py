"""Checking one submission with its sandbox started first, so that it boots while the
grader loads.

``grader check`` calls :func:`check_started_early`. The sandbox (the local harness, or
the container) starts before the assignment, its trees and goldens and the grader's
models are loaded, which is most of a check's start; on another core where there is one.
Its harness confines itself only once the grader sends it the submission's limits, at
the first run, so no student code runs any earlier than it would; and the sandbox serves
this one submission only, as every sandbox does. This module imports nothing heavy: the
sandbox starts before the rest of the grader is imported.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from grader.grading.check import Prepared
    from grader.grading.report import Report
    from grader.hosts.base import Later, Sandbox
    from grader.hosts.kinds import SandboxKind


def check_started_early(
    *,
    submission: Path,
    assignment: str | Path,
    tests: Sequence[str] | None = None,
    sandbox: SandboxKind = "local",
    later: Later | None = None,
) -> tuple[Prepared, Report]:
    """:func:`~grader.grading.check.grade_submission` of ``submission`` on ``assignment``
    (all tests or those named), its sandbox started before the assignment is loaded; the
    assignment as loaded, and the report. ``later``: as ``grade_submission`` takes it
    (the sandbox removed while the caller shows the report)."""
    early = EarlySandbox(sandbox)
    try:
        from grader.grading.check import grade_submission, prepare

        ready = prepare(assignment=assignment, tests=tests)
        report = grade_submission(
            submission=submission, assignment=ready, sandbox=sandbox,
            opener=lambda kind, folder, memory_mb: early.take(
                kind, folder, memory_mb=memory_mb, cpu_s=ready.cpu_s
            ),
            later=later,
        )
    finally:
        early.close()
    return ready, report


class EarlySandbox:
    """A sandbox of ``kind`` being started: the local harness at once (starting a process
    does not wait for it), a container in a thread of its own (the engine's calls wait)."""

    def __init__(self, kind: SandboxKind) -> None:
        self.box: Any = None
        self._thread: threading.Thread | None = None
        if kind == "local":
            self._start_local()
        else:
            self._thread = threading.Thread(target=self._start_docker, daemon=True,
                                            name="early-sandbox")
            self._thread.start()

    def _start_local(self) -> None:
        from grader.hosts.local import LocalSandbox

        box = LocalSandbox(None)  # a GraderError (no sandbox can run here) stops the check
        try:
            box.start()
        except Exception:
            box.close()
            return
        self.box = box

    def _start_docker(self) -> None:
        try:
            from grader.hosts.docker import DockerSandbox

            box = DockerSandbox(None)
        except Exception:  # the usual start says why, at the first run
            return
        self.box = box
        try:
            box.start()
        except Exception:
            return  # its first run starts a container again, and reports what fails

    def take(self, kind: SandboxKind, folder: Path, *, memory_mb: int, cpu_s: float) -> Sandbox:
        """This sandbox given the submission and its limits; one opened the usual way if
        the early start failed."""
        if self._thread is not None:
            self._thread.join()
        box, self.box = self.box, None
        if box is None:
            from grader.hosts import open_sandbox

            return open_sandbox(kind, folder, memory_mb=memory_mb, cpu_s=cpu_s)
        taken: Sandbox = box.take(folder, memory_mb=memory_mb, cpu_s=cpu_s)
        return taken

    def close(self) -> None:
        """Close the sandbox if no check took it (a submission refused, a bad test name)."""
        if self._thread is not None:
            self._thread.join()
        box, self.box = self.box, None
        if box is not None:
            box.close()
