"""Sandboxes: ``local`` (a limited child process) and ``docker`` (one container)."""

from __future__ import annotations

from pathlib import Path

from grader.errors import GraderError
from grader.sandbox.base import Sandbox


def open_sandbox(
    kind: str,
    submission: Path,
    *,
    memory_mb: int = 256,
    cpu_s: float = 60.0,
    require_isolation: bool = False,
) -> Sandbox:
    """A sandbox of the named kind holding ``submission`` (a folder with ``agent.py``).
    ``require_isolation``: IsolationUnavailable rather than a sandbox with limits only."""
    if kind == "local":
        from grader.sandbox.local import LocalSandbox

        return LocalSandbox(submission, memory_mb=memory_mb, cpu_s=cpu_s,
                            require_isolation=require_isolation)
    if kind == "docker":
        try:
            from grader.sandbox.docker import DockerSandbox  # type: ignore[import-not-found,unused-ignore]
        except ImportError:
            raise GraderError("the docker sandbox is not available in this version") from None
        return DockerSandbox(submission, memory_mb=memory_mb, cpu_s=cpu_s)  # type: ignore[no-any-return,unused-ignore]
    raise GraderError(f"unknown sandbox {kind!r}; choose local or docker")
