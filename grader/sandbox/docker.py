"""The ``docker`` sandbox: the submission runs in one locked-down container.

One container holds one submission for all its tests: the harness
(``sandboxes/harness.py``) in the image from :mod:`grader.sandbox.image`, started with
no network, a read-only root and a small ``/tmp``, all capabilities dropped, no new
privileges, user ``nobody``, logging off, and cgroup limits on memory (no swap),
processes and CPU. The submission is copied into a host folder of this sandbox and
bind-mounted read-only; a second folder holds the Unix socket the grader listens on,
which the harness connects to. A run that breaks the session (a timeout, a crash, the
memory limit) kills and removes the container; the next run gets a fresh one.

Every container carries the label ``search-grader=sandbox`` and its grader's host and
PID, so that :func:`sweep` can remove what a crashed grader left behind without
touching the containers of a grader still running.
"""

from __future__ import annotations

import contextlib
import math
import os
import secrets
import shutil
import socket
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from grader.errors import GraderError
from grader.sandbox.base import RunRequest, RunResult, Sandbox
from grader.sandbox.image import LABEL, ensure_image
from grader.sandbox.session import Session

OWNER_LABEL = "search-grader.owner"  # "<host>:<pid>" of the grader that made it
PIDS_LIMIT = 64  # processes and threads in the container, the harness included
RUNTIME_MB = 32  # the interpreter and harness, on top of the submission's memory
CPU_HEADROOM_S = 10  # CPU seconds beyond the limit before the kernel kills
CONNECT_TIMEOUT_S = 30.0  # for a container to start and its harness to connect
ACCEPT_POLL_S = 0.5  # how often a container that has not connected yet is looked at
TMP_OPTIONS = "size=64m"
SOCKET_DIR = "/run/grader/sock"
SOCKET_NAME = "harness.sock"
SUBMISSION_DIR = "/submission"
WORKDIR_PREFIX = "grader-docker-"
SIGKILL_EXIT, SIGXCPU_EXIT = 128 + 9, 128 + 24
SIGNALS = {139: "crashed (segmentation fault; often a recursion far too deep)",
           134: "aborted (SIGABRT)"}

_swept = False  # this process has swept once


def docker_client() -> Any:
    """A client of the local engine, or a :class:`GraderError` saying why there is none."""
    import docker

    try:
        client = docker.from_env(timeout=60)
        client.ping()
    except Exception as exc:
        raise GraderError(f"the docker sandbox needs a running Docker engine: {exc}") from None
    return client


def owner_id() -> str:
    """This grader process, as the owner label of its containers."""
    return f"{socket.gethostname()}:{os.getpid()}"


def _owner_alive(owner: str) -> bool:
    host, _, pid = owner.rpartition(":")
    if host != socket.gethostname() or not pid.isdigit():
        return True  # another machine's grader: not ours to judge
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def sweep(client: Any, *, everything: bool = False) -> list[str]:
    """Remove the sandbox containers whose grader is gone (all of them if ``everything``),
    and their host folders; return their names."""
    removed = []
    for container in client.containers.list(all=True, filters={"label": f"{LABEL}=sandbox"}):
        owner = container.labels.get(OWNER_LABEL, "")
        if not everything and owner and _owner_alive(owner):
            continue
        folders = {Path(m["Source"]).parent for m in container.attrs.get("Mounts", [])}
        with contextlib.suppress(Exception):
            container.remove(force=True)
            removed.append(container.name)
        for folder in folders:
            if folder.name.startswith(WORKDIR_PREFIX):
                shutil.rmtree(folder, ignore_errors=True)
    return removed


@dataclass(frozen=True)
class Ending:
    """How a container ended: its exit code and whether the memory limit killed it."""

    code: int | None
    memory: bool

    def describe(self, memory_mb: int) -> str | None:
        if self.memory:
            return f"ran out of memory (the limit is {memory_mb} MB)"
        if self.code is None:
            return None
        if self.code == SIGXCPU_EXIT:
            return "used up its CPU time"
        return SIGNALS.get(self.code, f"exited with code {self.code} during the search")


class DockerSandbox(Sandbox):
    """One submission in one container at a time; a fresh container after a kill."""

    isolation = "container"  # its own namespaces, seccomp profile and read-only root

    def __init__(
        self,
        submission: Path,
        *,
        memory_mb: int = 256,
        cpu_s: float = 60.0,
        cpus: float = 1.0,
        cpuset_cpus: str | None = None,
        client: Any = None,
        image: str | None = None,
    ) -> None:
        super().__init__(submission, memory_mb=memory_mb)
        self.cpu_s = max(1, math.ceil(cpu_s) + CPU_HEADROOM_S)
        self.cpus = cpus
        self.cpuset_cpus = cpuset_cpus
        self._own_client = client is None
        self.client = client if client is not None else docker_client()
        _sweep_once(self.client)
        self.image = image or ensure_image(self.client)
        self._workdir = Path(tempfile.mkdtemp(prefix=WORKDIR_PREFIX))
        self._folder = self._workdir / "submission"
        self._sockets = self._workdir / "sock"
        self._container: Any = None
        self._name: str | None = None  # of the container, known before it is created
        self._session: Session | None = None
        try:
            self._prepare()
        except BaseException:
            self.close()
            raise

    def _prepare(self) -> None:
        shutil.copytree(self.submission, self._folder, symlinks=False)
        for path in [self._folder, *self._folder.rglob("*")]:
            os.chmod(path, 0o755 if path.is_dir() else 0o644)
        self._sockets.mkdir(mode=0o755)
        os.chmod(self._sockets, 0o755)
        self._listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        path = self._sockets / SOCKET_NAME
        self._listener.bind(str(path))
        os.chmod(path, 0o666)  # the harness runs as nobody
        self._listener.listen(1)

    def run(self, request: RunRequest) -> RunResult:
        try:
            session = self._session if self._session is not None else self._start()
        except Exception as exc:
            self._stop(inspect=False)
            return RunResult(status="sandbox_error",
                             message=f"could not start the docker sandbox: {exc}")
        result = session.run(request)
        if session.broken:
            ending = self._stop(settle=session.lost)
            reason = ending.describe(self.memory_mb) if session.lost else None
            if ending.memory:
                result.status = "memory"
            elif reason and "CPU time" in reason:
                result.status = "timeout"
            if reason:
                result.message = f"the submission's process {reason}"
        return result

    def _start(self) -> Session:
        self._name = f"search-grader-{secrets.token_hex(6)}"
        self._container = self.client.containers.create(
            self.image, name=self._name, **self._create_options()
        )
        self._container.start()
        conn = self._accept(self._container)
        self._session = Session.over_socket(conn)
        return self._session

    def _accept(self, container: Any) -> socket.socket:
        """The harness's connection; fails fast if the container dies before it."""
        deadline = time.monotonic() + CONNECT_TIMEOUT_S
        self._listener.settimeout(ACCEPT_POLL_S)
        while True:
            try:
                conn, _ = self._listener.accept()
                conn.settimeout(None)
                return conn
            except TimeoutError:
                pass
            container.reload()
            state = container.attrs.get("State", {})
            if not state.get("Running"):
                raise RuntimeError(f"the container ended (code {state.get('ExitCode')}) "
                                   "before its harness connected")
            if time.monotonic() > deadline:
                raise RuntimeError(f"the container's harness did not connect within "
                                   f"{CONNECT_TIMEOUT_S:g} s")

    def _create_options(self) -> dict[str, Any]:
        memory = f"{self.memory_mb + RUNTIME_MB}m"
        options: dict[str, Any] = {
            "command": [
                "python3", "-I", "-S", "/sandbox/harness.py",
                "--connect", f"{SOCKET_DIR}/{SOCKET_NAME}", "--submission", SUBMISSION_DIR,
                "--memory-mb", "0", "--cpu-s", str(self.cpu_s),
                "--processes", "100000",  # per user, host-wide: pids_limit is the cap
            ],
            "detach": True,
            "network_mode": "none",
            "mem_limit": memory,
            "memswap_limit": memory,
            "pids_limit": PIDS_LIMIT,
            "nano_cpus": int(self.cpus * 1e9),
            "read_only": True,
            "tmpfs": {"/tmp": TMP_OPTIONS},
            "cap_drop": ["ALL"],
            "security_opt": ["no-new-privileges"],
            "user": "65534:65534",
            "working_dir": "/tmp",
            "log_config": {"type": "none"},
            "labels": {LABEL: "sandbox", OWNER_LABEL: owner_id()},
            "volumes": {
                str(self._folder): {"bind": SUBMISSION_DIR, "mode": "ro"},
                str(self._sockets): {"bind": SOCKET_DIR, "mode": "rw"},
            },
            "environment": {"HOME": "/tmp", "LANG": "C.UTF-8"},
        }
        if self.cpuset_cpus is not None:
            options["cpuset_cpus"] = self.cpuset_cpus
        return options

    def _stop(self, *, inspect: bool = True, settle: bool = False) -> Ending:
        """Kill and remove the container; with ``inspect``, say how it ended if it ended on
        its own (given a moment to finish dying when ``settle``)."""
        if self._session is not None:
            self._session.close()
            self._session = None
        container, self._container = self._container, None
        name, self._name = self._name, None
        if container is None:
            if name is not None:  # interrupted while it was being created
                with contextlib.suppress(Exception):
                    self.client.api.remove_container(name, force=True)
            return Ending(None, memory=False)
        try:
            if not inspect:
                return Ending(None, memory=False)
            return _end(container, settle_s=2.0 if settle else 0.0)
        finally:
            with contextlib.suppress(Exception):
                container.remove(force=True)

    def close(self) -> None:
        try:
            self._stop(inspect=False)
        finally:
            listener = getattr(self, "_listener", None)
            if listener is not None:
                listener.close()
            shutil.rmtree(self._workdir, ignore_errors=True)
            if self._own_client:
                self.client.close()


def _end(container: Any, settle_s: float) -> Ending:
    """Read how the container ended (killing it first if it still runs).

    Nothing inside a container can SIGKILL its PID 1 (the harness), so a container that
    ended on its own with code 137 was killed by the kernel: its memory cgroup was full.
    ``OOMKilled`` says so too where the engine notices, which is not everywhere."""
    state = _state(container, settle_s)
    if state.get("Running", True):
        with contextlib.suppress(Exception):
            container.kill()
        return Ending(None, memory=False)
    code = state.get("ExitCode")
    memory = bool(state.get("OOMKilled")) or code == SIGKILL_EXIT
    return Ending(code if isinstance(code, int) else None, memory=memory)


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


def _sweep_once(client: Any) -> None:
    global _swept
    if not _swept:
        _swept = True
        with contextlib.suppress(Exception):
            sweep(client)
