"""Cgroups per local sandbox, where the grader may make them (root, cgroup v1 or v2).

``RLIMIT_AS`` counts address space; a memory cgroup counts the pages themselves, those of
files in the sandbox's private ``/tmp`` and ``/dev/shm`` included, so memory that escapes
the address-space limit still has a bound. ``RLIMIT_NPROC`` counts the processes of a
user, and every local sandbox's submission runs as the same user: a pids cgroup bounds
one sandbox's own, so that a submission holding many threads cannot make another's
next thread fail. ``RLIMIT_CPU`` counts one process's time: a cpu cgroup's quota holds
the sandbox's processes together to one core's worth (:data:`CPUS`, as a container's),
so that a submission busy on every core cannot slow the others running at once.
Where no cgroup can be made (an ordinary user, a container) the sandbox goes on
without: the seccomp filter denies ``memfd_create`` and its tmpfs mounts have a size,
which bound the same memory escapes more coarsely, and ``RLIMIT_NPROC`` bounds the
processes, shared by the sandboxes running at once.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import re
import time
from pathlib import Path

from grader.hosts.tasks import ThreadCount

ROOT = Path("/sys/fs/cgroup")
_serial = itertools.count()
REMOVE_TIMEOUT_S = 2.0
CPUS = 1  # cores' worth of CPU time a sandbox's processes get together, as a container's
CPU_PERIOD_US = 100_000  # the period a cpu cgroup's quota is counted over
NAME_RE = re.compile(r"^grader-(\d+)-(\d+)-\d+$")


def own_pids_cgroup() -> Path | None:
    """This process's pids cgroup folder."""
    found = _own_cgroup("pids")
    return None if found is None else found[0]


def own_cpu_cgroup() -> Path | None:
    """This process's cpu cgroup folder."""
    found = _own_cgroup("cpu")
    return None if found is None else found[0]


def own_memory_cgroup() -> tuple[Path, str] | None:
    """This process's memory cgroup folder and the name of its limit file."""
    found = _own_cgroup("memory")
    if found is None:
        return None
    folder, v1 = found
    return folder, "memory.limit_in_bytes" if v1 else "memory.max"


def _own_cgroup(controller: str) -> tuple[Path, bool] | None:
    """This process's cgroup folder for ``controller``, and whether it is cgroup v1's
    hierarchy (else v2's, where the controller must be delegated to children)."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        _, controllers, path = line.split(":", 2)
        if controller in controllers.split(","):  # cgroup v1
            return ROOT / controller / path.lstrip("/"), True
    for line in lines:
        if line.startswith("0::"):  # cgroup v2
            folder = ROOT / line[3:].lstrip("/")
            with contextlib.suppress(OSError):
                if controller in (folder / "cgroup.subtree_control").read_text().split():
                    return folder, False
    return None


class SandboxCgroup:
    """A child of the grader's memory cgroup with a limit, and of its pids and cpu
    cgroups where they can be made (the same folder under cgroup v2); removed by
    :meth:`remove`."""

    def __init__(self, folder: Path, pids: Path | None = None, cpu: Path | None = None
                 ) -> None:
        self.folder = folder
        self.pids = pids  # the folder whose pids.max bounds the sandbox's processes
        self.cpu = cpu  # the folder whose quota bounds their CPU time together
        self._count: ThreadCount | None = None  # pids.current, opened at the first count

    @classmethod
    def make(cls, limit_bytes: int, *, owner: str, processes: int) -> SandboxCgroup | None:
        """A new cgroup named for its owner (``PID-STARTTIME``), or None where none can
        be made; its :attr:`pids` None where no pids cgroup can be."""
        if os.geteuid() != 0:
            return None
        own = own_memory_cgroup()
        if own is None:
            return None
        parent, limit_file = own
        name = f"grader-{owner}-{next(_serial)}"
        folder = _made(parent / name, limit_file, str(limit_bytes))
        if folder is None:
            return None
        pids = _joined(folder, own_pids_cgroup(), name, "pids.max", str(processes))
        quota = CPUS * CPU_PERIOD_US
        cpu = _joined(folder, own_cpu_cgroup(), name, "cpu.max",
                      f"{quota} {CPU_PERIOD_US}", v1=("cpu.cfs_quota_us", str(quota)))
        return cls(folder, pids, cpu)

    def set_limit(self, limit_bytes: int) -> None:
        """A new limit (OSError if it cannot be set), before any student code runs in it."""
        name = "memory.max" if (self.folder / "memory.max").exists() else "memory.limit_in_bytes"
        (self.folder / name).write_text(str(limit_bytes))

    def oom_kills(self) -> int:
        """How many processes the kernel killed for the cgroup's limit so far."""
        for name in ("memory.events", "memory.oom_control"):  # v2, v1
            with contextlib.suppress(OSError, ValueError):
                for line in (self.folder / name).read_text().splitlines():
                    key, _, value = line.partition(" ")
                    if key == "oom_kill":
                        return int(value)
        return 0

    def wrap(self, command: list[str]) -> list[str]:
        """``command`` started inside the cgroups: a shell joins them, then becomes it."""
        joins = [str(folder / "cgroup.procs") for folder in self._folders()]
        script = " && ".join(f'echo $$ > "${i}"' for i in range(len(joins)))
        return ["/bin/sh", "-c", f'{script} && shift {len(joins) - 1} && exec "$@"',
                *joins, *command]

    def wait_empty(self, timeout_s: float = REMOVE_TIMEOUT_S) -> None:
        """Wait, up to ``timeout_s``, until the kernel has let go of the processes killed
        in the cgroups: until then they count against the pids cgroup's bound, and a
        harness started meanwhile could not fork (a fork bomb's hundred take a while)."""
        deadline = time.monotonic() + timeout_s
        while self._holds() and time.monotonic() < deadline:
            time.sleep(0.002)

    def threads(self) -> ThreadCount | None:
        """The count of the threads in the cgroup (its pids cgroup's), opened once; None
        where it has no pids cgroup, or the count cannot be read."""
        if self._count is None and self.pids is not None:
            with contextlib.suppress(OSError):
                self._count = ThreadCount(self.pids / "pids.current")
        return self._count

    def _holds(self) -> bool:
        with contextlib.suppress(OSError, ValueError):
            if self.pids is not None:
                return int((self.pids / "pids.current").read_text()) > 0
            return bool((self.folder / "cgroup.procs").read_text().strip())
        return False

    def remove(self) -> None:
        """Remove the cgroups, once the kernel has let go of their killed processes."""
        count, self._count = self._count, None
        if count is not None:
            count.close()
        for folder in self._folders():
            _remove(folder)

    def _folders(self) -> list[Path]:
        """The cgroups' folders, the memory one first: one under cgroup v2."""
        return [f for f in dict.fromkeys([self.folder, self.pids, self.cpu]) if f is not None]


def _joined(
    folder: Path, parent: Path | None, name: str, limit_file: str, limit: str,
    v1: tuple[str, str] | None = None,
) -> Path | None:
    """The folder of the sandbox's cgroup for one more controller, whose own cgroup of
    this process is ``parent``, with ``limit`` written to ``limit_file`` (``v1``: the
    file and limit under cgroup v1, where they differ): ``folder`` itself under cgroup
    v2 (one folder for every controller), else ``parent / name``; None where it cannot
    be made."""
    if parent is None:
        return None
    if parent == folder.parent:  # cgroup v2
        return _limited(folder, limit_file, limit)
    return _made(parent / name, *(v1 or (limit_file, limit)))


def _made(folder: Path, limit_file: str, limit: str) -> Path | None:
    """``folder`` made as a cgroup with ``limit`` written to its ``limit_file``; None if
    either fails (nothing is left)."""
    try:
        folder.mkdir()
    except OSError:
        return None
    if _limited(folder, limit_file, limit) is None:
        with contextlib.suppress(OSError):
            folder.rmdir()
        return None
    return folder


def _limited(folder: Path, limit_file: str, limit: str) -> Path | None:
    try:
        (folder / limit_file).write_text(limit)
    except OSError:
        return None
    return folder


def _remove(folder: Path) -> None:
    """Remove a cgroup, once the kernel has let go of its killed processes."""
    deadline = time.monotonic() + REMOVE_TIMEOUT_S
    pause = 0.001  # the kernel lets go of a killed process in about a millisecond
    while True:
        try:
            folder.rmdir()
            return
        except FileNotFoundError:
            return
        except OSError:
            if time.monotonic() > deadline:
                return  # the next grader's start removes it
            time.sleep(pause)
            pause = min(2 * pause, 0.02)


def sweep_dead_cgroups(alive: object) -> int:
    """Remove the empty cgroups of graders that died; ``alive(pid, start)`` says whether
    that grader still runs. Returns how many were removed."""
    own = own_memory_cgroup()
    if own is None or os.geteuid() != 0:
        return 0
    parents = dict.fromkeys([own[0], own_pids_cgroup(), own_cpu_cgroup()])  # v2: one
    removed = 0
    with contextlib.suppress(OSError):
        for folder in [f for p in parents if p is not None for f in p.glob("grader-*")]:
            match = NAME_RE.match(folder.name)
            if match is None or not callable(alive) or alive(int(match[1]), match[2]):
                continue
            with contextlib.suppress(OSError):
                folder.rmdir()
                removed += 1
    return removed
