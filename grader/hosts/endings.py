"""How a sandbox container ended: its watcher's exit code, and whether its memory cgroup
counted an OOM kill (:class:`Ending`), read from the engine and the host's cgroup files."""

from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from grader.hosts.base import killed_by
from sandboxes.link import GONE_EXIT, OOM_EXIT

SIGXCPU_EXIT = 128 + 24


@dataclass(frozen=True)
class Ending:
    """How a container ended: its exit code (the watcher's, see ``sandboxes/watcher.py``)
    and whether its memory cgroup counted an OOM kill."""

    code: int | None
    memory: bool

    @property
    def cpu(self) -> bool:
        """The kernel ended the run at its CPU time limit."""
        return self.code == SIGXCPU_EXIT

    def describe(self, memory_mb: int) -> str | None:
        if self.memory:
            return f"ran out of memory (the limit is {memory_mb} MB)"
        if self.code is None:
            return None
        if self.cpu:
            return "used up its CPU time"
        if self.code > 128:  # 128 + N: killed by signal N
            return killed_by(self.code - 128)
        return f"exited with code {self.code} during the search"


def container_ending(container: Any, settle_s: float) -> Ending:
    """Read how the container ended (killing it first if it still runs).

    The watcher, the container's PID 1, exits with ``OOM_EXIT`` when the memory cgroup's
    own counter saw an OOM kill; ``OOMKilled`` says so too where the engine notices. A
    plain SIGKILL (137) is not a memory verdict: the submission can send one itself."""
    state = _state(container, settle_s)
    if state.get("Running", True):
        memory = _oom_kills(container.id, state.get("Pid")) > 0
        with contextlib.suppress(Exception):
            container.kill()
        return Ending(None, memory=memory)
    code = state.get("ExitCode")
    memory = bool(state.get("OOMKilled")) or code == OOM_EXIT
    if not isinstance(code, int) or code == GONE_EXIT:
        code = None
    return Ending(code, memory=memory)


def _oom_kills(container_id: str, pid: Any) -> int:
    """The OOM kills a running container's memory cgroup counted, read from the host's
    cgroup files (v1 or v2) through its PID 1; 0 where they cannot be read here."""
    try:
        lines = Path(f"/proc/{int(pid)}/cgroup").read_text().splitlines()
    except (OSError, TypeError, ValueError):
        return 0
    for line in lines:
        _, controllers, path = line.split(":", 2)
        if container_id not in path:
            continue  # not this container's PID 1 (another PID namespace's number)
        if controllers == "memory":
            counters = Path("/sys/fs/cgroup/memory", path.lstrip("/"), "memory.oom_control")
        elif controllers == "":
            counters = Path("/sys/fs/cgroup", path.lstrip("/"), "memory.events")
        else:
            continue
        with contextlib.suppress(OSError, ValueError):
            for row in counters.read_text().splitlines():
                key, _, value = row.partition(" ")
                if key == "oom_kill":
                    return int(value)
    return 0


def _state(container: Any, settle_s: float) -> dict[str, Any]:
    """The container's state; a container whose harness just went away gets a moment
    to finish dying, so that its exit code is there to read."""
    deadline = time.monotonic() + settle_s
    while True:
        try:
            container.reload()
        except Exception:
            return {}
        state: dict[str, Any] = container.attrs.get("State", {})
        if not state.get("Running") or time.monotonic() > deadline:
            return state
        time.sleep(0.02)
