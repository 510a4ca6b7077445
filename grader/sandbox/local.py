"""The ``local`` sandbox: the submission runs in a limited child process on this machine.

The child is the harness (``sandboxes/harness.py``) started with ``python3 -I`` in a
throwaway folder that holds a copy of the submission and nothing else, with a scrubbed
environment and two inherited pipes. Before it imports the submission it limits its
memory, CPU time, file size, processes and open files, and, when the grader is root,
drops to user ``nobody``. As root it also runs in its own PID, mount and network
namespaces, so that nothing it starts can outlive it or reach the grader's processes,
its files, or the network. A run that overruns its time is killed from here with
everything it started; the next run gets a fresh child.
"""

from __future__ import annotations

import contextlib
import math
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from grader.sandbox.base import RunRequest, RunResult, RunStatus, Sandbox, killed_by
from grader.sandbox.session import Session

PROCESSES = 64  # processes the submission's user may have
CPU_HEADROOM_S = 10  # CPU seconds beyond the sum of time limits before the kernel kills


def _grader_folders() -> list[Path]:
    """The grader's own packages: goldens, references and trees live there (a student's
    grader has no ``reference`` or ``assignments``)."""
    import importlib.util

    folders = []
    for name in ("grader", "reference", "assignments"):
        found = importlib.util.find_spec(name)
        if found is not None and found.origin is not None:
            folders.append(Path(found.origin).resolve().parent)
    return folders


def harness_path() -> Path:
    """The harness script shipped with the package."""
    import sandboxes

    return Path(sandboxes.__file__).resolve().parent / "harness.py"


class LocalSandbox(Sandbox):
    """One submission in one child process at a time; restarted after a kill."""

    def __init__(
        self,
        submission: Path,
        *,
        memory_mb: int = 256,
        cpu_s: float = 60.0,
        hide: Sequence[Path] = (),
    ) -> None:
        super().__init__(submission, memory_mb=memory_mb)
        self.cpu_s = max(1, math.ceil(cpu_s) + CPU_HEADROOM_S)
        self.hide = [*_grader_folders(), *(Path(p).resolve() for p in hide)]
        self._workdir = Path(tempfile.mkdtemp(prefix="grader-local-"))
        self._folder = self._workdir / "submission"
        shutil.copytree(submission, self._folder, symlinks=False)
        os.chmod(self._workdir, 0o755)
        for path in [self._folder, *self._folder.rglob("*")]:
            os.chmod(path, 0o755 if path.is_dir() else 0o644)
        self._proc: subprocess.Popen[bytes] | None = None
        self._session: Session | None = None
        self._stderr: Any = None

    def run(self, request: RunRequest) -> RunResult:
        session = self._session if self._session is not None else self._start()
        result = session.run(request)
        if session.broken:
            stderr = self._stderr_tail()
            ended = self._stop()
            if session.lost and ended:
                result.status, words = ended
                result.message = f"the submission's process {words}"
                result.detail = result.detail or stderr or None
        return result

    def _start(self) -> Session:
        to_child, from_us = os.pipe()
        from_child, to_us = os.pipe()
        theirs = (to_child, to_us)
        command = [
            sys.executable, "-I", "-S", str(harness_path()),
            "--fds", str(to_child), str(to_us), "--submission", str(self._folder),
            "--memory-mb", str(self.memory_mb), "--cpu-s", str(self.cpu_s),
            "--processes", str(PROCESSES),
        ]
        if os.geteuid() == 0:
            command += ["--isolate", *(f"--hide={p}" for p in self.hide)]
        self._stderr = open(self._workdir / "stderr.txt", "w+b")  # noqa: SIM115
        try:
            self._proc = subprocess.Popen(
                command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=self._stderr, pass_fds=theirs, cwd=self._workdir,
                env=_scrubbed_env(self._workdir), start_new_session=True,
            )
        except BaseException:
            for fd in (from_us, from_child):
                os.close(fd)
            raise
        finally:
            for fd in theirs:
                os.close(fd)
        self._session = Session.over_pipes(from_child, from_us)
        return self._session

    def _stderr_tail(self) -> str:
        """The end of what the child wrote to its stderr (the harness's own last words)."""
        if self._stderr is None:
            return ""
        self._stderr.seek(0, os.SEEK_END)
        size = self._stderr.tell()
        self._stderr.seek(max(0, size - 2000))
        return str(self._stderr.read().decode("utf-8", "replace"))

    def _stop(self) -> tuple[RunStatus, str] | None:
        """Kill the child and all it started; say how it ended if it died on its own."""
        lost = self._session is not None and self._session.lost
        if self._session is not None:
            self._session.close()
            self._session = None
        proc, self._proc = self._proc, None
        if proc is None:
            return None
        try:  # a child that closed its end is usually exiting: let it say how
            code: int | None = proc.wait(timeout=0.5 if lost else 0)
        except subprocess.TimeoutExpired:
            code = None
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        if self._stderr is not None:
            self._stderr.close()
            self._stderr = None
        return _describe_exit(code)

    def kill(self) -> None:
        proc = self._proc
        if proc is not None and proc.returncode is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGKILL)

    def close(self) -> None:
        self._stop()
        shutil.rmtree(self._workdir, ignore_errors=True)



def _scrubbed_env(home: Path) -> dict[str, str]:
    return {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": str(home),
        "LANG": "C.UTF-8",
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONUNBUFFERED": "1",
    }


def _describe_exit(code: int | None) -> tuple[RunStatus, str] | None:
    """How a child that ended on its own ended: the run's status and the words for it;
    None if it was still running."""
    if code is None:
        return None
    signum = -code if code < 0 else code - 128 if code > 128 else 0  # 128 + N: the waiter's
    if signum == signal.SIGXCPU:
        return "timeout", "used up its CPU time"
    if signum == signal.SIGKILL:
        return "error", "was killed (SIGKILL; often out of memory)"
    if signum:
        return "error", killed_by(signum)
    return "error", f"exited with code {code} during the search"
