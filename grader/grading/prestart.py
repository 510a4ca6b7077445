"""Checking one submission with its sandbox started first, so that it boots while the
grader loads.

``grader check`` calls :func:`check_started_early`. The sandbox (the local harness, or
the container) starts before the assignment, its trees and goldens and the grader's
models are loaded, which is most of a check's start; on another core where there is one.
Its harness confines itself only once the grader sends it the submission's limits, at
the first run, so no student code runs any earlier than it would; and the sandbox serves
this one submission only, as every sandbox does. This module imports nothing heavy: the
sandbox starts before the rest of the grader is imported.

``grader grade --sandbox docker`` does the same for its first submissions
(:func:`early_batch_sandboxes`): one container for each of the first ``--jobs``
submissions, started one after another while the grader loads, when the engine would
otherwise wait for the first submission. Each serves one submission too.
"""

from __future__ import annotations

import contextlib
import os
import queue
import signal
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import FrameType
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
        self.box = _docker_started()

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


def _docker_started(*, build: bool = True) -> Any:
    """A docker sandbox with its container started, or None where none can be made (the
    usual start says why, at the first run). Without ``build``, None where the image is
    not built yet: the grader's own first start builds it, once."""
    try:
        from grader.hosts.docker import DockerSandbox, shared_engine
        from grader.hosts.image import image_tag

        if not build and not shared_engine().has_image(image_tag()):
            return None
        box = DockerSandbox(None)
    except Exception:
        return None
    with contextlib.suppress(Exception):  # its first run starts a container again, and
        box.start()  # reports what fails
    return box


class EarlySandboxes:
    """Docker sandboxes for a batch's first ``count`` submissions, started one after
    another in a thread of their own; each is handed out once, its harness waiting for
    that submission's limits."""

    def __init__(self, count: int) -> None:
        self._ready: queue.SimpleQueue[Any] = queue.SimpleQueue()  # a sandbox, or None
        self._left = count  # not handed out yet
        self._lock = threading.Lock()
        self._closing = threading.Event()
        self._thread = threading.Thread(target=self._start_all, args=(count,), daemon=True,
                                        name="early-sandboxes")
        self._thread.start()

    def _start_all(self, count: int) -> None:
        for _ in range(count):  # one at a time: the engine serves the grader's load too
            started = None if self._closing.is_set() else _docker_started(build=False)
            self._ready.put(started)

    def take(self, kind: SandboxKind, folder: Path, *, memory_mb: int, cpu_s: float
             ) -> Sandbox | None:
        """The next sandbox started early, given the submission and its limits (waiting
        for the one being started); None when none is left or its start failed."""
        with self._lock:
            if kind != "docker" or self._left == 0:
                return None
            self._left -= 1
        box = self._ready.get()
        if box is None:
            return None
        try:
            taken: Sandbox = box.take(folder, memory_mb=memory_mb, cpu_s=cpu_s)
        except BaseException:
            box.close()
            raise
        return taken

    def close(self) -> None:
        """Close the sandboxes no submission took (and start no more)."""
        self._closing.set()
        with self._lock:
            left, self._left = self._left, 0
        self._thread.join()
        for _ in range(left):
            box = self._ready.get()
            if box is not None:
                box.close()


@contextlib.contextmanager
def early_batch_sandboxes(
    *, submissions: Path, jobs: int, sandbox: SandboxKind, cluster: str | None
) -> Iterator[EarlySandboxes | None]:
    """Docker sandboxes started now for the first of ``jobs`` submissions in the folder
    ``submissions`` (None for a local batch, one on a cluster, or an empty folder); those
    left untaken are closed on the way out."""
    count = min(jobs, _entries(submissions)) if sandbox == "docker" and cluster is None else 0
    if count == 0:
        yield None
        return
    # until the batch's own handlers take over, SIGTERM ends the process through this
    # finally (Ctrl-C's KeyboardInterrupt does already): no container is left running
    main = threading.current_thread() is threading.main_thread()  # where handlers go
    before = signal.signal(signal.SIGTERM, _exit_on_sigterm) if main else None
    early = EarlySandboxes(count)
    try:
        yield early
    finally:
        early.close()
        if main:
            signal.signal(signal.SIGTERM, before)


def _exit_on_sigterm(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(128 + signum)


def _entries(folder: Path) -> int:
    """How many entries of ``folder`` may be submissions, at most (0 if it cannot be
    read: the batch says why)."""
    try:
        with os.scandir(folder) as found:
            return sum(not e.name.startswith((".", "__")) for e in found)
    except OSError:
        return 0
