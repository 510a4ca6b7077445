"""Checking one submission with its sandbox started first, so that it boots while the
grader loads.

``grader check`` calls :func:`check_started_early`. The local sandbox's harness starts
before the assignment, its trees and goldens and the grader's models are loaded (most of
a check's start), on another core where there is one. It confines itself only once the
grader sends it the submission's limits, at the first run, so no student code runs any
earlier than it would; and the harness serves this one submission only, as every
sandbox does. This module imports nothing heavy: the harness starts before the rest of
the grader is imported.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from grader.grading.check import Prepared
    from grader.grading.report import Report
    from grader.hosts.kinds import SandboxKind
    from grader.hosts.local import LocalSandbox


def check_started_early(
    *,
    submission: Path,
    assignment: str | Path,
    tests: Sequence[str] | None = None,
    sandbox: SandboxKind = "local",
) -> tuple[Prepared, Report]:
    """:func:`~grader.grading.check.grade_submission` of ``submission`` on ``assignment``
    (all tests or those named), its sandbox started before the assignment is loaded; the
    assignment as loaded, and the report."""
    early = _started(sandbox)
    try:
        from grader.grading.check import grade_submission, prepare

        ready = prepare(assignment=assignment, tests=tests)
        opener = None if early is None else (
            lambda _kind, folder, memory_mb: early.take(
                folder, memory_mb=memory_mb, cpu_s=ready.cpu_s
            )
        )
        report = grade_submission(
            submission=submission, assignment=ready, sandbox=sandbox, opener=opener
        )
    finally:
        if early is not None:
            early.close()
    return ready, report


def _started(kind: SandboxKind) -> LocalSandbox | None:
    """A local sandbox whose harness is starting, or None (docker, or a start that failed
    at once: the check then opens its sandbox the usual way, and reports its failure)."""
    if kind != "local":
        return None
    from grader.hosts.local import LocalSandbox

    box = LocalSandbox(None)
    try:
        box.start()
    except Exception:
        box.close()
        return None
    return box
