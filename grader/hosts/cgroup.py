"""A memory cgroup per local sandbox, where the grader may make one (root, cgroup v1 or v2).

``RLIMIT_AS`` counts address space; a cgroup counts the pages themselves, those of files
in the sandbox's private ``/tmp`` and ``/dev/shm`` included, so memory that escapes the
address-space limit still has a bound. Where no cgroup can be made (an ordinary user, a
container) the sandbox goes on without one: the seccomp filter denies ``memfd_create``
and its tmpfs mounts have a size, which bound the same escapes more coarsely.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import re
import time
from pathlib import Path

ROOT = Path("/sys/fs/cgroup")
_serial = itertools.count()
REMOVE_TIMEOUT_S = 2.0
NAME_RE = re.compile(r"^grader-(\d+)-(\d+)-\d+$")


def own_memory_cgroup() -> tuple[Path, str] | None:
    """This process's memory cgroup folder and the name of its limit file."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        _, controllers, path = line.split(":", 2)
        if "memory" in controllers.split(","):  # cgroup v1
            return ROOT / "memory" / path.lstrip("/"), "memory.limit_in_bytes"
    for line in lines:
        if line.startswith("0::"):  # cgroup v2: memory must be delegated to children
            folder = ROOT / line[3:].lstrip("/")
            with contextlib.suppress(OSError):
                if "memory" in (folder / "cgroup.subtree_control").read_text().split():
                    return folder, "memory.max"
    return None


class MemoryCgroup:
    """A child of the grader's memory cgroup with a limit; removed by :meth:`remove`."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    @classmethod
    def make(cls, limit_bytes: int, *, owner: str) -> MemoryCgroup | None:
        """A new cgroup named for its owner (``PID-STARTTIME``), or None where none can
        be made."""
        if os.geteuid() != 0:
            return None
        own = own_memory_cgroup()
        if own is None:
            return None
        parent, limit_file = own
        folder = parent / f"grader-{owner}-{next(_serial)}"
        try:
            folder.mkdir()
            (folder / limit_file).write_text(str(limit_bytes))
        except OSError:
            with contextlib.suppress(OSError):
                folder.rmdir()
            return None
        return cls(folder)

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
        """``command`` started inside the cgroup: a shell joins it, then becomes it."""
        return ["/bin/sh", "-c", 'echo $$ > "$0" && exec "$@"', str(self.folder / "cgroup.procs"),
                *command]

    def remove(self) -> None:
        """Remove the cgroup, once the kernel has let go of its killed processes."""
        deadline = time.monotonic() + REMOVE_TIMEOUT_S
        pause = 0.001  # the kernel lets go of a killed process in about a millisecond
        while True:
            try:
                self.folder.rmdir()
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
    removed = 0
    with contextlib.suppress(OSError):
        for folder in own[0].glob("grader-*"):
            match = NAME_RE.match(folder.name)
            if match is None or not callable(alive) or alive(int(match[1]), match[2]):
                continue
            with contextlib.suppress(OSError):
                folder.rmdir()
                removed += 1
    return removed
