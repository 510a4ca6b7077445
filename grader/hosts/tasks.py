"""The threads that run in a sandbox, as the host's ``/proc`` shows them.

The harness makes sure, in its own process, that a run leaves no thread or process
running when it answers; but the submission shares that process and can keep it from
looking. So the grader counts them itself after each answer: every live thread of every
process below the sandbox's first one (a local harness's ``bwrap``, or the harness
itself with limits only; a container's PID 1, seen from the host). A run after which
more run than when the sandbox was ready left them: the student's ``leftover``.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from grader.hosts.base import RunResult

if TYPE_CHECKING:
    from grader.hosts.session import Session

LEFTOVER_WAIT_S = 0.2  # for threads and processes that are ending to leave the kernel's list
HARNESS_END_S = 0.05  # for a harness that ended with the threads it left to be reaped
CGROUPS = Path("/sys/fs/cgroup")


def descendants(root: int) -> set[int]:
    """``root`` and every process below it, from each thread's ``children`` file in
    ``/proc`` (a walk of the sandbox's few processes)."""
    found, todo = {root}, [root]
    while todo:
        pid = todo.pop()
        try:
            threads = os.listdir(f"/proc/{pid}/task")
        except OSError:  # gone meanwhile
            continue
        for tid in threads:
            try:
                with open(f"/proc/{pid}/task/{tid}/children", "rb") as f:
                    children = [int(c) for c in f.read().split()]
            except OSError:
                continue
            for child in children:
                if child not in found:
                    found.add(child)
                    todo.append(child)
    return found


def state(pid: int) -> str:
    """A process's state letter (``R``, ``S``, ``T``...); ``X`` for one that is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rsplit(b")", 1)[1].split()[0].decode()
    except (OSError, IndexError):
        return "X"


def live_threads(root: int) -> int:
    """The threads of ``root`` and the processes below it, zombies left out."""
    total = 0
    for pid in descendants(root):
        if state(pid) in "ZX":
            continue
        try:
            total += len(os.listdir(f"/proc/{pid}/task"))
        except OSError:  # gone meanwhile
            continue
    return total


def sandbox_threads(count: ThreadCount | None, root: int | None) -> int | None:
    """The threads running in a sandbox: its cgroup's ``count`` where it is readable, else
    those of the process ``root`` and the processes below it; None without either."""
    if count is not None:
        with contextlib.suppress(OSError):  # unreadable: counted from /proc instead
            return count()
    return None if root is None else live_threads(root)


class ThreadCount:
    """The threads of a cgroup, from its pids controller's ``pids.current``: the file is
    kept open, and read again from its start (a microsecond, where an open takes twenty).
    Every task of the cgroup counts, zombies not yet reaped too."""

    def __init__(self, path: Path) -> None:
        self._fd: int | None = os.open(path, os.O_RDONLY | os.O_CLOEXEC)

    @classmethod
    def of_process(cls, pid: int) -> ThreadCount | None:
        """The count of the pids cgroup that process ``pid`` is in, as this host mounts
        it (cgroup v1's pids hierarchy or v2's unified one); None where none can be read."""
        try:
            with open(f"/proc/{pid}/cgroup", encoding="utf-8") as f:
                lines = f.read().splitlines()
            parts = [line.split(":", 2) for line in lines]
            v1 = [path for _, names, path in parts if "pids" in names.split(",")]
            folder = CGROUPS / "pids" / v1[0].lstrip("/") if v1 else next(
                CGROUPS / path.lstrip("/") for n, _, path in parts if n == "0")
            return cls(folder / "pids.current")
        except (OSError, ValueError, StopIteration):
            return None

    def __call__(self) -> int:
        """The threads now; an OSError once closed or unreadable (the caller counts
        another way: a count that cannot be read is never taken as none)."""
        if self._fd is None:
            raise OSError("the count is closed")
        try:
            return int(os.pread(self._fd, 32, 0))
        except ValueError as exc:
            raise OSError(f"pids.current: {exc}") from None

    def close(self) -> None:
        fd, self._fd = self._fd, None
        if fd is not None:
            os.close(fd)


def threads_left(count: Callable[[], int], ready: int, wait_s: float = LEFTOVER_WAIT_S
                 ) -> tuple[int, float]:
    """How many threads beyond the ``ready`` sandbox's own still run (``count`` says how
    many run now), once those that are ending have ended: looked at again for up to
    ``wait_s`` seconds while there are more; and how long that took (0 when there were
    none at the first look)."""
    extra = first = count() - ready
    if extra <= 0:
        return 0, 0.0
    started = time.perf_counter()
    deadline = started + wait_s
    while extra > 0 and time.perf_counter() < deadline:
        time.sleep(0.002)
        extra = count() - ready
    if extra < 0 or (extra == 0 and _fell_below(count, ready)):
        return first, time.perf_counter() - started  # what was left took its harness down
    return max(extra, 0), time.perf_counter() - started


def _fell_below(count: Callable[[], int], ready: int, wait_s: float = HARNESS_END_S) -> bool:
    """Whether the count falls below the ready sandbox's own within ``wait_s`` seconds:
    its harness ended, as the threads left ended (a process that exits is counted until
    its parent reaps it, a moment after its threads have gone)."""
    deadline = time.perf_counter() + wait_s
    while time.perf_counter() < deadline:
        if count() < ready:
            return True
        time.sleep(0.002)
    return False


def checked(result: RunResult, count: Callable[[], int], ready: int) -> RunResult:
    """``result`` of a run that answered, as the grader's own count of the sandbox's
    threads has it: the student's ``leftover`` where more run than when it was ready,
    once those that are ending have ended; the time waited for them charged to the run
    (a helper that ends within the wait thinks on the run's clock, never off it)."""
    extra, waited = threads_left(count, ready)
    if extra:
        return leftover(result, extra)
    result.time_s += waited
    return result


def answered(result: RunResult, session: Session, count: Callable[[], int], ready: int
             ) -> RunResult:
    """``result`` of a run, after the grader's own count where the run answered
    (:func:`checked`); a leftover breaks ``session``: the sandbox starts afresh. A run
    that failed keeps its result, but what it left ends with its sandbox too: the next
    test would be blamed for it."""
    if session.lost:
        return result
    if result.status == "ok":  # a harness that leaves after its answer (bye) is counted too
        result = checked(result, count, ready)
        session.broken = session.broken or result.fault == "leftover"
        return result
    if not session.broken:
        session.broken = threads_left(count, ready)[0] > 0
    return result


def leftover(result: RunResult, extra: int) -> RunResult:
    """``result`` of a run that left ``extra`` threads (of its processes) running: the
    student's error, as the harness would have said it."""
    return RunResult(
        status="error", trace=result.trace, output=result.output, time_s=result.time_s,
        fault="leftover",
        message=f"left {extra} thread(s) running after it returned (in its own process or "
        "in others it started); a search must finish all its work before it returns",
    )
