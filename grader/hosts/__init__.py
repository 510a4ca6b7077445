"""Sandbox hosts: the trusted side that starts, feeds and watches the sandboxes.

Everything here runs in the grader's own process, outside the sandbox: it starts a
sandbox (``local``: a confined child process, under ``bwrap`` where the machine allows,
:mod:`grader.hosts.local`; ``docker``: one locked-down container per submission,
:mod:`grader.hosts.docker`, from the image of :mod:`grader.hosts.image`), answers the
``game`` calls of the harness inside it from the tree and records them
(:mod:`grader.hosts.session`), and enforces the limits from outside (the deadline, the
memory cgroup, killing what overruns). The code that runs inside is the ``sandboxes``
package; of it, this side imports only ``sandboxes.link`` (the protocol both sides
speak, and the exit codes of a container's watcher) and the package itself, for where
the harness's files are and which ones to ship (``sandboxes.HARNESS_FILES``).

The users' words stay ``sandbox``: ``grader sandbox build``, ``--sandbox local|docker``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from grader.errors import GraderError

if TYPE_CHECKING:  # the package stays light: grader.hosts.kinds is read by `--help`
    from grader.hosts.base import Sandbox


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
        from grader.hosts.local import LocalSandbox

        return LocalSandbox(submission, memory_mb=memory_mb, cpu_s=cpu_s,
                            require_isolation=require_isolation)
    if kind == "docker":
        try:
            from grader.hosts.docker import DockerSandbox  # type: ignore[import-not-found,unused-ignore]
        except ImportError:
            raise GraderError("the docker sandbox is not available in this version") from None
        return DockerSandbox(submission, memory_mb=memory_mb, cpu_s=cpu_s)  # type: ignore[no-any-return,unused-ignore]
    raise GraderError(f"unknown sandbox {kind!r}; choose local or docker")
