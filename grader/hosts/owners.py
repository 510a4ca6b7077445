"""Who made a sandbox container or host folder, and sweeping those of graders that died.

Every docker sandbox container carries the label ``search-grader=sandbox`` and its
grader's host, PID and start time (:data:`OWNER_LABEL`), and so does each of its host
folders (an ``owner`` file), so that :func:`sweep` can remove what a grader killed
outright left behind without touching what a grader still running uses (a PID reused
since has another start time). ``grader sandbox sweep`` calls it; a docker sandbox's
first start in a process calls it once (:func:`sweep_once`).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import tempfile
from pathlib import Path

from grader.hosts.engine import Engine, EngineError
from grader.hosts.image import LABEL
from grader.hosts.isolation import start_time

OWNER_LABEL = "search-grader.owner"  # "<host>:<pid>:<start>" of the grader that made it
OWNER_FILE = "owner"  # the same, in each host folder
WORKDIR_PREFIX = "grader-docker-"  # a docker sandbox's host folder
_swept = False  # this process has swept once


def owner_id() -> str:
    """This grader process, as the owner label of its containers and folders."""
    return f"{socket.gethostname()}:{os.getpid()}:{start_time(os.getpid()) or ''}"


def _owner_alive(owner: str) -> bool:
    host, _, rest = owner.partition(":")
    pid, _, start = rest.partition(":")
    if host != socket.gethostname() or not pid.isdigit():
        return True  # another machine's grader: not ours to judge
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return not start or start_time(int(pid)) in (None, start)  # a PID reused differs


def sweep(engine: Engine, *, everything: bool = False) -> list[str]:
    """Remove the sandbox containers whose grader is gone (all of them if ``everything``),
    and their host folders; return their names. One listing, read as it is: the
    containers of other graders may come and go meanwhile."""
    removed = []
    for container in engine.containers(f"{LABEL}=sandbox"):
        owner = (container.get("Labels") or {}).get(OWNER_LABEL, "")
        if not everything and owner and _owner_alive(owner):
            continue
        folders = {Path(m["Source"]).parent for m in container.get("Mounts") or []
                   if m.get("Source")}
        try:
            engine.container(container["Id"]).remove(force=True)
        except EngineError:  # gone already, or the engine refused: the next start tries
            continue
        removed.append(str((container.get("Names") or [container["Id"]])[0]).lstrip("/"))
        for folder in folders:
            if folder.name.startswith(WORKDIR_PREFIX):
                shutil.rmtree(folder, ignore_errors=True)
    sweep_folders()
    return removed


def sweep_folders(parent: Path | None = None) -> list[Path]:
    """Remove this sandbox's host folders (in the temporary directory) whose grader is
    gone; return them. A folder without an owner is being made: it stays."""
    removed = []
    for folder in Path(parent or tempfile.gettempdir()).glob(f"{WORKDIR_PREFIX}*"):
        try:
            owner = (folder / OWNER_FILE).read_text()
        except OSError:
            continue
        if not _owner_alive(owner.strip()):
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
    return removed


def sweep_once(engine: Engine) -> None:
    """:func:`sweep` the first time a process asks (its first docker sandbox's start)."""
    global _swept
    if not _swept:
        _swept = True
        with contextlib.suppress(EngineError, OSError):
            sweep(engine)
