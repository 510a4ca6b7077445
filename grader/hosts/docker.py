"""The ``docker`` sandbox: the submission runs in one locked-down container.

One container holds one submission for all its tests: the harness
(``sandboxes/harness.py``) in the image from :mod:`grader.hosts.image`, started with
no network, a read-only root and a small ``/tmp``, all capabilities dropped, no new
privileges, user ``nobody``, logging off, and cgroup limits on memory (no swap),
processes and CPU. The submission is copied into a host folder of this sandbox and
bind-mounted read-only; a second folder holds the Unix socket the grader listens on,
which the harness connects to. A run that breaks the session (a timeout, a crash, the
memory limit) kills and removes the container; the next run gets a fresh one.

A seccomp profile of ours (``seccomp.json``, an allow-list) replaces Docker's default:
sockets of the Unix family only (no vsock, netlink, packet, raw or IP sockets), no
``io_uring``, no new namespaces. Each container gets a listener of its own, which is
closed the moment the harness has connected: a second connection, from the submission
or a stale one, is refused, never served. The harness runs under a watcher, the
container's PID 1 (``--watch``), which ends the container as soon as the grader's end of
the socket closes, so a grader killed outright leaves no container running; and which
reads the memory cgroup's own OOM counter when the run ends, so that a memory verdict
never rests on an exit code alone.

Every container carries the label ``search-grader=sandbox`` and its grader's host, PID
and start time, and so does each host folder (an ``owner`` file), so that
:func:`~grader.hosts.owners.sweep` can remove what a grader killed outright left behind
without touching what a grader still running uses.

The sandbox speaks to the engine through :mod:`grader.hosts.engine` (the few calls of a
start and a stop, with the standard library); the Docker SDK builds the image, where it
is missing, and serves ``grader sandbox``.
"""

from __future__ import annotations

import contextlib
import functools
import json
import math
import os
import secrets
import shutil
import socket
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from grader.errors import GraderError
from grader.hosts.base import (
    Later,
    MoveRequest,
    RunRequest,
    RunResult,
    Sandbox,
    UnpausableSubmission,
)
from grader.hosts.endings import Ending, container_ending
from grader.hosts.engine import Container, Engine, EngineError
from grader.hosts.image import LABEL, ensure_image, image_tag
from grader.hosts.owners import OWNER_FILE, OWNER_LABEL, WORKDIR_PREFIX, owner_id, sweep_once
from grader.hosts.tasks import ThreadCount, answered, sandbox_threads

if TYPE_CHECKING:  # imported once the container is asked for: it starts before the models load
    from grader.hosts.session import Session

PIDS_LIMIT = 64  # processes and threads in the container, the harness included
HARNESS_TASKS = 2  # threads of a container that runs nothing but its harness: the
# watcher (its PID 1) and the harness, one thread each
NPROC_UNBOUNDED = 100_000  # RLIMIT_NPROC counts per user, host-wide: pids_limit is the cap
RUNTIME_MB = 40  # the interpreter, harness and watcher, on top of the submission's memory
START_ATTEMPTS = 3  # a container that fails to start is tried again before it is a fault
PAUSE_ATTEMPTS = 3  # a pause (play mode, the opponent's turn) tried before it is a fault
SECCOMP = Path(__file__).with_name("seccomp.json")
CPU_HEADROOM_S = 10  # CPU seconds beyond the limit before the kernel kills
CONNECT_TIMEOUT_S = 30.0  # for a container to start and its harness to connect
ACCEPT_POLL_S = 0.5  # how often a container that has not connected yet is looked at
TMP_OPTIONS = "size=64m"
SOCKET_DIR = "/run/grader/sock"
SUBMISSION_DIR = "/submission"


def docker_client() -> Any:
    """A client of the local engine, or a :class:`GraderError` saying why there is none."""
    try:
        import docker
    except ImportError:
        raise GraderError(
            "the docker sandbox needs the Docker SDK for Python: "
            "pip install 'search-grader[docker]'"
        ) from None
    try:
        client = docker.from_env(timeout=60)
        client.ping()
    except Exception as exc:
        raise GraderError(f"the docker sandbox needs a running Docker engine: {exc}") from None
    return client


@functools.cache
def shared_engine() -> Engine:
    """The engine every sandbox of this process speaks to, asked once whether it answers;
    a :class:`GraderError` saying why there is none."""
    try:
        engine = Engine.from_env()
        engine.ping()
    except EngineError as exc:
        raise GraderError(f"the docker sandbox needs a running Docker engine: {exc}") from None
    return engine


@functools.cache
def sandbox_image(engine: Engine) -> str:
    """The sandbox image, looked for once a process (built with the SDK where it is
    missing); a container that fails to start makes the next start look again."""
    tag = image_tag()
    if engine.has_image(tag):
        return tag
    client = docker_client()
    try:
        return ensure_image(client)
    finally:
        client.close()


class DockerSandbox(Sandbox):
    """One submission in one container at a time; a fresh container after a kill."""

    isolation = "container"  # its own namespaces, seccomp profile and read-only root

    def __init__(
        self,
        submission: Path | None,
        *,
        memory_mb: int = 256,
        cpu_s: float = 60.0,
        cpus: float = 1.0,
        cpuset_cpus: str | None = None,
        engine: Engine | None = None,
        image: str | None = None,
    ) -> None:
        super().__init__(submission or Path(), memory_mb=memory_mb)
        self.cpu_s = max(1, math.ceil(cpu_s) + CPU_HEADROOM_S)
        self.cpus = cpus
        self.cpuset_cpus = cpuset_cpus
        self.engine = engine if engine is not None else shared_engine()
        self.image = image or sandbox_image(self.engine)
        self._workdir = Path(tempfile.mkdtemp(prefix=WORKDIR_PREFIX))
        self._folder = self._workdir / "submission"
        self._sockets = self._workdir / "sock"
        self._container: Container | None = None
        self._name: str | None = None  # of the container, known before it is created
        self._session: Session | None = None
        self._limited = False  # the session's harness has its limits
        self._host_pid: int | None = None  # the container's PID 1, as the host numbers it
        self._count: ThreadCount | None = None  # the threads of its cgroup, where readable
        try:
            (self._workdir / OWNER_FILE).write_text(owner_id())
            self._prepare()
            if submission is not None:
                self.take(submission, memory_mb=memory_mb, cpu_s=cpu_s)
        except BaseException:
            self.close()
            raise

    def _prepare(self) -> None:
        for folder in (self._folder, self._sockets):
            folder.mkdir(mode=0o755)
            os.chmod(folder, 0o755)

    def take(self, submission: Path, *, memory_mb: int, cpu_s: float) -> DockerSandbox:
        """Give the sandbox its submission (a folder, copied in) and its limits, before
        its first run; its container may already be started (:meth:`start`), its harness
        waiting for the limits, and its memory limit is then changed to the submission's."""
        shutil.copytree(submission, self._folder, symlinks=False, dirs_exist_ok=True)
        for path in [self._folder, *self._folder.rglob("*")]:
            os.chmod(path, 0o755 if path.is_dir() else 0o644)
        self.submission = submission
        self.cpu_s = max(1, math.ceil(cpu_s) + CPU_HEADROOM_S)
        if memory_mb != self.memory_mb and self._container is not None:
            # an error here: no run (fails closed)
            self._container.update(memory=(memory_mb + RUNTIME_MB) << 20)
        self.memory_mb = memory_mb
        return self

    def start(self) -> None:
        """Start the container now: it boots while the grader loads; its harness waits
        for the limits :meth:`take` sets, sent at the first run."""
        if self._session is None:
            self._start_retried()

    def run(self, request: RunRequest | MoveRequest) -> RunResult:
        if self._session is not None and self._session.stale():
            self._stop(inspect=False)  # what it wrote after its last answer is nobody's run
        try:
            session = self._session if self._session is not None else self._start_retried()
            if not self._limited:  # before any student code: the harness confines itself
                session.link.send_json({"op": "limits", "memory_mb": 0, "cpu_s": self.cpu_s,
                                        "processes": NPROC_UNBOUNDED})
                self._limited = True
        except Exception as exc:
            return RunResult(status="sandbox_error",
                             message=f"could not start the docker sandbox: {exc}")
        result = session.run(request)
        # the harness, in the submission's process, may not have seen what it left
        result = answered(result, session, self._threads, HARNESS_TASKS)
        if session.broken:
            # the grader's own record first: a run it timed out is a timeout, whatever the
            # container's end; only a run whose sandbox went away is judged by how it ended
            ending = self._stop(settle=session.lost)
            if session.lost or (result.status == "timeout" and ending.memory):
                if ending.memory:  # the cgroup counted an OOM kill before the deadline
                    result.status = "memory"
                elif ending.cpu:
                    result.status = "timeout"
                reason = ending.describe(self.memory_mb)
                if reason:
                    result.message = f"the submission's process {reason}"
        return result

    def freeze(self) -> None:
        """Pause the container (the cgroup freezer) until :meth:`thaw`; a freezer that
        times out on a loaded machine is tried again, PAUSE_ATTEMPTS times in all. Where
        it fails, what runs in the container then says whose doing it is: looked at
        after each failure, so a submission that empties it before the last is seen."""
        crowded = False
        for attempt in range(1, PAUSE_ATTEMPTS + 1):
            try:
                if self._container is not None:
                    self._container.pause()
                return
            except Exception as exc:  # the engine's error: fail closed, as an OSError
                if self._ended():  # its harness left after its answer: the submission's doing
                    raise UnpausableSubmission("ended its own process after its answer "
                                               "(the container stopped)") from exc
                crowded = crowded or self._crowded()  # what would not freeze: the submission's
                if attempt == PAUSE_ATTEMPTS:
                    if crowded:
                        raise UnpausableSubmission(
                            "left processes or threads running after its answer, which "
                            f"could not be paused ({exc})") from exc
                    raise OSError(f"could not pause the container: {exc}") from exc
                time.sleep(0.05 * attempt)

    def _crowded(self) -> bool:
        """Whether the container runs more than its harness: threads or processes the
        submission left after its answer (the harness checks there are none before it
        sends one). False without the engine's word."""
        return self._threads() > HARNESS_TASKS

    def _threads(self) -> int:
        """The threads running in the container: its cgroup's count where the host shows
        it, else from the host's ``/proc`` where the grader sees the container's PID 1
        there, else as the engine lists them (a process run in the container: far
        slower); 0 without any's word."""
        counted = sandbox_threads(self._count, self._host_pid)
        if counted is not None:
            return counted
        container = self._container
        if container is None:
            return 0
        try:
            return len(container.top(ps_args="-eLo pid,lwp"))
        except EngineError:
            return 0

    def _ended(self) -> bool:
        """Whether the container has stopped (the engine says so)."""
        return self._status() in ("exited", "dead")

    def _status(self) -> str | None:
        """The container's state as the engine gives it now; None without its word."""
        container = self._container
        if container is None:
            return None
        try:
            container.reload()
        except EngineError:
            return None  # no word from the engine: nothing can be said of the container
        return container.status

    def thaw(self) -> None:
        try:
            if self._container is not None:
                self._container.unpause()
        except Exception as exc:
            status = self._status()
            if status == "running":  # the engine, loaded, had it unpaused already: as asked
                return
            raise OSError(f"could not unpause the container: {exc} (the engine says it is "
                          f"{status or 'unknown'})") from exc

    def _start_retried(self) -> Session:
        """A started container's session; a start that fails is tried again (a loaded
        engine can be slow to start one) before it is the grader's fault."""
        for attempt in range(1, START_ATTEMPTS + 1):
            try:
                return self._start()
            except Exception:
                self._stop(inspect=False)
                sandbox_image.cache_clear()  # looked for again: removed since, perhaps
                if attempt == START_ATTEMPTS:
                    raise
                time.sleep(0.2 * attempt)
        raise AssertionError("unreachable")

    def _start(self) -> Session:
        """Start a container and take its harness's connection on a listener of its own,
        which is closed at once: nothing else ever connects."""
        token = secrets.token_hex(6)
        self._name = f"search-grader-{token}"
        path = self._sockets / f"{token}.sock"
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as listener:
            _bind(listener, path)
            try:
                os.chmod(path, 0o666)  # the harness runs as nobody
                listener.listen(1)
                self._container = self._create(path.name)
                self._container.start()
                conn = _accept(listener, self._container)
            finally:
                path.unlink(missing_ok=True)
        from grader.hosts.session import Session

        self._session = Session.over_socket(conn)
        self._limited = False
        self._host_pid = _host_pid(self._container)
        if self._host_pid is not None:  # its cgroup's count: a read, where a walk is 100 us
            self._count = ThreadCount.of_process(self._host_pid)
        sweep_once(self.engine)  # what dead graders left, once this one's container is up
        return self._session

    def _create(self, socket_name: str) -> Container:
        """Create the container, in one call to the engine."""
        assert self._name is not None
        return self.engine.create(self._name, self.container_config(socket_name))

    def container_config(self, socket_name: str) -> dict[str, Any]:
        """The container as the engine's API takes it: the harness under its watcher as
        ``nobody``, and :meth:`host_config`."""
        return {
            "Image": self.image,
            "Cmd": [
                "python3", "-I", "-S", "/sandbox/harness.py", "--watch",
                "--connect", f"{SOCKET_DIR}/{socket_name}", "--submission", SUBMISSION_DIR,
                "--await-limits",
            ],
            "User": "65534:65534",
            "WorkingDir": "/tmp",
            "Labels": {LABEL: "sandbox", OWNER_LABEL: owner_id()},
            "Env": ["HOME=/tmp", "LANG=C.UTF-8"],
            "Volumes": {SUBMISSION_DIR: {}, SOCKET_DIR: {}},
            "AttachStdin": False, "AttachStdout": False, "AttachStderr": False,
            "OpenStdin": False, "StdinOnce": False, "Tty": False,
            "HostConfig": self.host_config(),
        }

    def host_config(self) -> dict[str, Any]:
        """The container's limits and isolation, in the engine's terms: no network, a
        read-only root, no capabilities, our seccomp profile, memory (no swap), processes
        and CPU, logging off, the submission read-only and the socket's folder."""
        memory = (self.memory_mb + RUNTIME_MB) << 20
        options: dict[str, Any] = {
            "NetworkMode": "none",
            "Memory": memory,
            "MemorySwap": memory,
            "PidsLimit": PIDS_LIMIT,
            "NanoCpus": int(self.cpus * 1e9),
            "ReadonlyRootfs": True,
            "Tmpfs": {"/tmp": TMP_OPTIONS},
            "CapDrop": ["ALL"],
            "SecurityOpt": ["no-new-privileges", f"seccomp={_seccomp_profile()}"],
            "LogConfig": {"Type": "none", "Config": {}},
            "Binds": [f"{self._folder}:{SUBMISSION_DIR}:ro", f"{self._sockets}:{SOCKET_DIR}:rw"],
        }
        if self.cpuset_cpus is not None:
            options["CpusetCpus"] = self.cpuset_cpus
        return options

    def _stop(self, *, inspect: bool = True, settle: bool = False) -> Ending:
        """Kill and remove the container; with ``inspect``, say how it ended if it ended on
        its own (given a moment to finish dying when ``settle``). The container is read
        before the socket closes: closing it ends the container (its watcher)."""
        session, self._session = self._session, None
        container, self._container = self._container, None
        name, self._name = self._name, None
        count, self._count, self._host_pid = self._count, None, None
        if count is not None:
            count.close()
        try:
            if container is None or not inspect:
                return Ending(None, memory=False)
            return container_ending(container, settle_s=2.0 if settle else 0.0)
        finally:
            if session is not None:
                session.close()
            with contextlib.suppress(EngineError):
                if container is not None:
                    container.remove(force=True)
                elif name is not None:  # interrupted while it was being created
                    self.engine.container(name).remove(force=True)

    def kill(self) -> None:
        listener = getattr(self, "_listener", None)
        if listener is not None:  # a harness not yet connected is waited for no longer
            with contextlib.suppress(OSError):
                listener.shutdown(socket.SHUT_RDWR)
        name = self._name  # known before the container is created
        if name is not None:
            with contextlib.suppress(EngineError):
                self.engine.container(name).kill()

    def close(self) -> None:
        try:
            self._stop(inspect=False)
        finally:
            shutil.rmtree(self._workdir, ignore_errors=True)

    def close_soon(self, later: Later) -> None:
        """End the container now (its watcher ends it the moment the socket closes), and
        leave its removal from the engine, and of the host folder, to ``later``."""
        session, self._session = self._session, None
        if session is not None:
            session.close()
        later(self.close)


def _host_pid(container: Container) -> int | None:
    """The container's PID 1 in the host's ``/proc``, where the grader runs beside the
    engine and may look (its cgroup names the container); None elsewhere."""
    try:
        container.reload()
        pid = int(container.attrs.get("State", {}).get("Pid") or 0)
        with open(f"/proc/{pid}/cgroup", encoding="utf-8") as f:
            return pid if pid > 0 and container.id in f.read() else None
    except (EngineError, OSError, ValueError, TypeError):
        return None


def _bind(listener: socket.socket, path: Path) -> None:
    """Bind to ``path`` through its folder's descriptor: a socket's path is limited to
    about 100 bytes, and a temporary folder's may be longer."""
    folder = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
    try:
        listener.bind(f"/proc/self/fd/{folder}/{path.name}")
    finally:
        os.close(folder)


def _accept(listener: socket.socket, container: Container) -> socket.socket:
    """The harness's connection; fails fast if the container dies before it."""
    deadline = time.monotonic() + CONNECT_TIMEOUT_S
    listener.settimeout(ACCEPT_POLL_S)
    while True:
        try:
            conn, _ = listener.accept()
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


@functools.cache
def _seccomp_profile() -> str:
    """Our seccomp profile, as the engine takes it: the JSON text itself."""
    return json.dumps(json.loads(SECCOMP.read_text()), separators=(",", ":"))
