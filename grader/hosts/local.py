"""The ``local`` sandbox: the submission runs in a confined child process on this machine.

The child is the harness (``sandboxes/harness.py``) started with ``python3 -I`` on a
copy of the submission in a 0700 folder of the grader's, with a scrubbed environment and
two inherited pipes. Where the machine allows (see :mod:`grader.hosts.isolation`) it
starts under ``bwrap`` in namespaces of its own and a fresh read-only root; before
it imports the submission it confines itself (limits, the drop from root to ``nobody``,
the parent-death signal, a seccomp filter), with the limits the grader sends it over the
link, so that it can start before they are known (``grader check`` starts it before it
loads the assignment). Its first start in namespaces proves them (the harness says it
is alone in its PID namespace); a first start that fails asks the probe of
:func:`~grader.hosts.isolation.local_isolation` why. A run that overruns its time ends
by ending the harness's PID namespace (with limits only: its process group); the next
run gets a fresh child.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import math
import os
import select
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from grader.errors import GraderError
from grader.hosts.base import (
    Later,
    MoveRequest,
    RunRequest,
    RunResult,
    RunStatus,
    Sandbox,
    UnpausableSubmission,
    killed_by,
)
from grader.hosts.cgroup import SandboxCgroup
from grader.hosts.isolation import (
    LIMITS_ONLY,
    NAMESPACES,
    alone_in_namespace,
    bwrap_command,
    harness_command,
    harness_folder,
    likely_isolation,
    local_isolation,
    make_undumpable,
    namespace_flags,
    owned_folder,
    owner_tag,
    scrubbed_env,
    sweep_dead_folders,
    unreachable_python,
)
from grader.hosts.isolation import (
    require_isolation as require_isolation_of,
)
from grader.hosts.kinds import Isolation
from grader.hosts.tasks import answered, descendants, sandbox_threads, state
from sandboxes import HARNESS_FILES
from sandboxes.link import decode_json

if TYPE_CHECKING:  # imported at the first start: the harness starts before the models load
    from grader.hosts.session import Session

PROCESSES = 64  # processes (threads included) the submission may have
NPROC_UNBOUNDED = 100_000  # RLIMIT_NPROC where a pids cgroup is the bound
CPU_HEADROOM_S = 10  # CPU seconds beyond the sum of time limits before the kernel kills
START_TIMEOUT_S = 60.0  # for a harness to start and confine itself on a busy machine
INFO_TIMEOUT_S = 30.0
STOP_INFO_TIMEOUT_S = 2.0  # for bwrap's word on a harness stopped before it was needed
# the cgroup's limit beyond the submission's memory: the interpreter, and the pages of
# the private /tmp (64 MB) and /dev/shm (16 MB)
CGROUP_HEADROOM_MB = 64 + 64 + 16  # for bwrap to say which process is the PID namespace's first
STOP_WAIT_S = 2.0  # for the sandbox's processes to stop once sent SIGSTOP (play mode)
REAP_WAIT_S = 1.0  # for bwrap to reap its PID namespace's first process, killed, and end
_CHILDREN_LISTED = os.path.exists(f"/proc/{os.getpid()}/task/{os.getpid()}/children")


def harness_path() -> Path:
    """The harness script shipped with the package."""
    return harness_folder() / "harness.py"


class LocalSandbox(Sandbox):
    """One submission in one child process at a time; restarted after a kill.

    The harness starts at the first run, or at :meth:`start`, before the submission and
    its limits are known (:meth:`take` gives them): it confines itself only once the
    grader sends the limits, and no student code runs before that."""

    def __init__(
        self,
        submission: Path | None,
        *,
        memory_mb: int = 256,
        cpu_s: float = 60.0,
        require_isolation: bool = False,
    ) -> None:
        super().__init__(submission or Path(), memory_mb=memory_mb)
        self.cpu_s = max(1, math.ceil(cpu_s) + CPU_HEADROOM_S)
        if require_isolation:  # instructor modes: the probe's word, before any start
            level = require_isolation_of("local", allow_limits_only=False) or NAMESPACES
        else:  # the first start proves it, or falls back (see _start)
            level = likely_isolation()
        make_undumpable()
        sweep_dead_folders()
        self._proven = False  # a harness started at self.isolation said where it runs
        self._oom_kills = 0
        self._proc: subprocess.Popen[bytes] | None = None
        self._pipes: tuple[int, int] | None = None  # a started harness's, until confirmed
        self._info_read: int | None = None
        self._init_pidfd: int | None = None  # the PID 1 of the harness's PID namespace
        self._ready_threads = 0  # of the started harness's processes, once ready
        self._session: Session | None = None
        self._stderr: Any = None
        self._setup(level)
        if submission is not None:
            self.take(submission, memory_mb=memory_mb, cpu_s=cpu_s)

    def _setup(self, level: Isolation) -> None:
        """The sandbox's own folder (its submission folder empty) and memory cgroup."""
        unreachable = unreachable_python() if level == LIMITS_ONLY else None
        if unreachable is not None:
            why = local_isolation()[1]
            raise GraderError(f"the local sandbox cannot run here ({why}): {unreachable}")
        self.isolation = level
        # 0700: no other sandbox reaches it (nor, in namespaces, sees it at all)
        self._workdir = owned_folder("local", reachable=level == LIMITS_ONLY)
        if level == LIMITS_ONLY:  # the harness reads the copy through its own path
            os.chmod(self._workdir, 0o755)
        self._folder = self._workdir / "submission"
        self._folder.mkdir(mode=0o755)
        os.chmod(self._folder, 0o755)
        self._cgroup = SandboxCgroup.make((self.memory_mb + CGROUP_HEADROOM_MB) << 20,
                                          owner=owner_tag(), processes=PROCESSES)

    def take(self, submission: Path, *, memory_mb: int, cpu_s: float) -> LocalSandbox:
        """Give the sandbox its submission (a folder, copied in) and its limits, before
        its first run; its harness may already be started, waiting for them."""
        shutil.copytree(submission, self._folder, symlinks=False, dirs_exist_ok=True)
        for path in [self._folder, *self._folder.rglob("*")]:
            os.chmod(path, 0o755 if path.is_dir() else 0o644)
        self.submission, self.memory_mb = submission, memory_mb
        self.cpu_s = max(1, math.ceil(cpu_s) + CPU_HEADROOM_S)
        if self._cgroup is not None:  # an OSError here: no run at all (fails closed)
            self._cgroup.set_limit((memory_mb + CGROUP_HEADROOM_MB) << 20)
        return self

    def start(self) -> None:
        """Start the harness now: it boots while the grader loads, and waits for the
        limits :meth:`take` sets, sent at the first run."""
        if self._proc is None:
            self._spawn()

    def run(self, request: RunRequest | MoveRequest) -> RunResult:
        if self._session is not None and self._session.stale():
            self._stop()  # what it wrote after its last answer is nobody's run
        session = self._session if self._session is not None else self._start()
        written = self._stderr_size()  # what earlier runs wrote there is not this run's
        result = session.run(request)
        if _CHILDREN_LISTED:  # the harness, in the submission's process, may not have seen
            result = answered(result, session, self._threads, self._ready_threads)  # them
        if session.broken:
            stderr = self._stderr_tail(since=written)
            ended = self._stop()
            if session.lost and ended and self._out_of_memory():
                ended = ("memory", "ran out of memory (its cgroup's limit)")
            if session.lost and ended:
                result.status, words = ended
                result.message = f"the submission's process {words}"
                said = stderr.strip() and f"what it wrote to stderr before it ended:\n{stderr}"
                result.detail = result.detail or said or None
        return result

    def _threads(self) -> int:
        """The threads running in the sandbox: its pids cgroup's count where it has one
        (a file read), else those of the processes below the harness's first."""
        count = self._cgroup.threads() if self._cgroup is not None else None
        return sandbox_threads(count, self._proc.pid if self._proc is not None else None) or 0

    def _start(self) -> Session:
        """A confined harness's session. A first start in namespaces that the probe never
        confirmed, and that fails, asks the probe: where it finds no namespaces the sandbox
        goes on with limits only, as it would have from the start."""
        try:
            self.start()
            return self._confirm()
        except SandboxStartError:
            if self._proven or self.isolation == LIMITS_ONLY:
                raise
            if local_isolation()[0] == NAMESPACES:
                raise
        self._setup_again(LIMITS_ONLY)
        self.start()
        return self._confirm()

    def _setup_again(self, level: Isolation) -> None:
        old_folder, old_workdir, old_cgroup = self._folder, self._workdir, self._cgroup
        self._setup(level)
        if old_cgroup is not None:
            old_cgroup.remove()
        self.take(old_folder, memory_mb=self.memory_mb, cpu_s=self.cpu_s - CPU_HEADROOM_S)
        shutil.rmtree(old_workdir, ignore_errors=True)

    def _spawn(self) -> None:
        """Start the harness, which boots and waits for its limits."""
        to_child, from_us = os.pipe()
        from_child, to_us = os.pipe()
        theirs = [to_child, to_us]
        isolated = self.isolation == NAMESPACES
        command = [*harness_command(isolated=isolated, harness=harness_folder(),
                                    submission=self._folder),
                   "--fds", str(to_child), str(to_us), "--tag", str(self._workdir),
                   "--await-limits", "--ready"]
        info_read = None
        if isolated:
            command += namespace_flags()
            info_read, info_write = os.pipe()
            theirs.append(info_write)
            command = [*bwrap_command(submission=self._folder, info_fd=info_write,
                                      harness=self._harness_copy()), *command]
        if self._cgroup is not None:
            self._cgroup.wait_empty()  # a harness killed before: its processes gone
            command = self._cgroup.wrap(command)
            self._oom_kills = self._cgroup.oom_kills()
        # appended to, wherever a run seeks its stderr: each run's words come after the last
        self._stderr = os.fdopen(os.open(self._workdir / "stderr.txt", os.O_RDWR | os.O_CREAT
                                         | os.O_TRUNC | os.O_APPEND, 0o600), "a+b")
        try:
            self._proc = subprocess.Popen(
                command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=self._stderr, pass_fds=theirs, cwd=self._workdir,
                env=scrubbed_env(Path("/tmp") if isolated else self._workdir),
                start_new_session=True,
            )
        except BaseException:
            for fd in (from_us, from_child, info_read):
                if fd is not None:
                    os.close(fd)
            raise
        finally:
            for fd in theirs:
                os.close(fd)
        self._pipes = (from_child, from_us)
        self._info_read = info_read  # bwrap's word on its PID 1, read once it is needed

    def _confirm(self) -> Session:
        """Send the limits to the started harness and wait for it to say it is confined,
        before any clock starts (starting an interpreter is the machine's time, not the
        student's); in namespaces, that it is alone in its PID namespace. A harness that
        cannot start or confine itself is the grader's failure (no student code ran)."""
        from grader.hosts.session import Session

        assert self._pipes is not None
        self._read_info(INFO_TIMEOUT_S)
        session = self._session = Session.over_pipes(*self._pipes)
        self._pipes = None
        limits = {"op": "limits", "memory_mb": self.memory_mb, "cpu_s": self.cpu_s,
                  "processes": self._processes()}
        deadline = time.monotonic() + START_TIMEOUT_S
        try:
            session.link.send_json(limits, deadline)
            line = session.link.receive(deadline)
        except (TimeoutError, ValueError, OSError) as exc:
            line = f"{type(exc).__name__}".encode()
        problem = self._not_ready(line)
        if problem is not None:
            said = self._stderr_tail().strip() or problem
            self._stop()
            raise SandboxStartError(f"the harness did not start: {said[-500:]}")
        self._proven = True
        # what runs in a sandbox that is ready: a run that leaves more left them (answered)
        self._ready_threads = self._threads()
        return session

    def _processes(self) -> int:
        """``RLIMIT_NPROC`` for the harness: PROCESSES where it is the bound; beyond reach
        where the sandbox's pids cgroup bounds its processes (the rlimit counts those
        of every sandbox running as the same user)."""
        return PROCESSES if self._cgroup is None or self._cgroup.pids is None else NPROC_UNBOUNDED

    def _read_info(self, timeout_s: float) -> None:
        info, self._info_read = self._info_read, None
        if info is not None:
            self._init_pidfd = _namespace_init(info, timeout_s)

    def _not_ready(self, line: bytes) -> str | None:
        """What is wrong with the harness's first message, or None if it is ready (and,
        in namespaces, alone in its PID namespace)."""
        try:
            said = decode_json(line.decode("utf-8", "replace"))
        except ValueError:
            said = None
        if not isinstance(said, dict) or said.get("op") != "ready":
            return repr(line[:200])
        if self.isolation == NAMESPACES and not alone_in_namespace(said.get("pid"),
                                                                     said.get("parent")):
            return f"the harness is not alone in a PID namespace: {line[:200]!r}"
        return None

    def _out_of_memory(self) -> bool:
        return self._cgroup is not None and self._cgroup.oom_kills() > self._oom_kills

    def _harness_copy(self) -> Path:
        """The harness's files in the sandbox's own folder (once), with the bytecode Python
        keeps of them, where there is some: the harness then starts without compiling its
        modules (Python compiles one whose bytecode is stale). Hard links where the
        folders share a file system (nothing copied: the sandbox sees them read-only, as
        it sees the package), copies elsewhere."""
        folder = self._workdir / "harness"
        if not folder.exists():
            source = harness_folder()
            cache = folder / "__pycache__"
            cache.mkdir(parents=True)
            tag = sys.implementation.cache_tag
            for name in HARNESS_FILES:
                _place(source / name, folder / name)  # its time: the check's
                cached = Path(importlib.util.cache_from_source(str(source / name)))
                if cached.is_file():  # python -I: no cache prefix, it looks beside its file
                    _place(cached, cache / f"{Path(name).stem}.{tag}.pyc")
        return folder

    def _stderr_size(self) -> int:
        return os.fstat(self._stderr.fileno()).st_size if self._stderr is not None else 0

    def _stderr_tail(self, since: int = 0) -> str:
        """The end of what the child wrote to its stderr (the harness's own last words),
        from offset ``since`` on."""
        if self._stderr is None:
            return ""
        self._stderr.seek(0, os.SEEK_END)
        size = self._stderr.tell()
        self._stderr.seek(max(since, size - 2000))
        return str(self._stderr.read().decode("utf-8", "replace"))

    def _stop(self) -> tuple[RunStatus, str] | None:
        """Kill the child and all it started; say how it ended if it died on its own."""
        lost = self._session is not None and self._session.lost
        if self._session is not None:
            self._session.close()
            self._session = None
        pipes, self._pipes = self._pipes, None
        for fd in pipes or ():
            os.close(fd)
        self._read_info(STOP_INFO_TIMEOUT_S)
        proc, self._proc = self._proc, None
        if proc is None:
            return None
        try:  # a child that closed its end is usually exiting: let it say how
            code: int | None = proc.wait(timeout=0.5 if lost else 0)
        except subprocess.TimeoutExpired:
            code = None
        if self._init_pidfd is not None:  # its PID 1's death ends every process in it
            with contextlib.suppress(OSError):
                signal.pidfd_send_signal(self._init_pidfd, signal.SIGKILL)
            os.close(self._init_pidfd)
            self._init_pidfd = None
            _reaped_by_bwrap(proc)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)  # bwrap itself; with limits only, the harness
        proc.wait()
        if self._stderr is not None:
            self._stderr.close()
            self._stderr = None
        return _describe_exit(code)

    def freeze(self) -> None:
        """Stop (SIGSTOP) the harness and every process below it until :meth:`thaw`, and
        wait until the kernel says each one is stopped (a signal takes effect a moment
        later on another core); an OSError if one is still running after STOP_WAIT_S."""
        stopped = self._signal_all(signal.SIGSTOP)
        deadline = time.monotonic() + STOP_WAIT_S
        while any(state(pid) not in "TtZX" for pid in stopped):
            if time.monotonic() > deadline:  # only the submission's processes are there
                raise UnpausableSubmission("left a process that did not stop when told to")
            time.sleep(0.0005)

    def thaw(self) -> None:
        self._signal_all(signal.SIGCONT)

    def _signal_all(self, signum: int) -> set[int]:
        """Send ``signum`` to the child and all its descendants, looked for again until
        no new one shows (a process forked meanwhile is caught the next round); the
        processes signalled."""
        done: set[int] = set()
        if self._proc is None:
            return done
        if not _CHILDREN_LISTED:  # no /proc to walk (not Linux): the harness's group
            os.killpg(self._proc.pid, signum)  # an OSError if it cannot: fails closed
            return done
        for _ in range(5):
            found = descendants(self._proc.pid) - done
            if not found:
                return done
            for pid in found:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signum)
            done |= found
        raise UnpausableSubmission(f"left processes that kept multiplying while sent signal "
                                   f"{signum}")

    def kill(self) -> None:
        """End the run now, from another thread (a batch that stops): kill its PID
        namespace's first process, which ends every process in it, and bwrap, which
        reaps it, then ends (killed too, it could leave it to the machine's PID 1: see
        :func:`_reaped_by_bwrap`); with limits only, the harness and its process group."""
        pidfd, proc = self._init_pidfd, self._proc
        if pidfd is not None:
            with contextlib.suppress(OSError):
                signal.pidfd_send_signal(pidfd, signal.SIGKILL)
            return
        if proc is not None and proc.returncode is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGKILL)

    def close(self) -> None:
        self._stop()
        if self._cgroup is not None:
            self._cgroup.remove()
        shutil.rmtree(self._workdir, ignore_errors=True)

    def close_soon(self, later: Later) -> None:
        """Kill every process of the sandbox now; leave reaping them, and removing the
        cgroup and the folder, to ``later``."""
        self.kill()
        later(self.close)


def _place(source: Path, target: Path) -> None:
    """``source`` at ``target``: a hard link, or a copy (its times kept, which the bytecode
    of a source is checked against) where no link can be made (another file system)."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def _reaped_by_bwrap(proc: subprocess.Popen[bytes]) -> None:
    """Wait, up to REAP_WAIT_S, for bwrap to reap its PID namespace's first process, just
    killed, and end. Killed before that, bwrap would leave it to the machine's PID 1,
    which may reap it only a second later, or never (a container's first process that
    is not an init): until then it counts in the sandbox's pids cgroup, and the next
    harness waits for the count to fall (:meth:`SandboxCgroup.wait_empty`)."""
    if proc.returncode is None:  # not reaped yet: its PID is still its own
        with contextlib.suppress(ProcessLookupError):
            os.kill(proc.pid, signal.SIGCONT)  # a sandbox paused between moves (play mode)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=REAP_WAIT_S)


class SandboxStartError(RuntimeError):
    """The harness could not start or confine itself: a grader fault, never charged."""


def _namespace_init(info_fd: int, timeout_s: float) -> int | None:
    """A pidfd of the PID namespace's PID 1 (bwrap's), from what bwrap writes to
    ``--info-fd``; None if bwrap failed before it (the session then finds it gone)."""
    data = b""
    deadline = time.monotonic() + timeout_s
    try:
        while time.monotonic() < deadline:
            if not select.select([info_fd], [], [], deadline - time.monotonic())[0]:
                break
            chunk = os.read(info_fd, 4096)
            if not chunk:
                break
            data += chunk
            with contextlib.suppress(ValueError):
                pid = int(json.loads(data)["child-pid"])
                return os.pidfd_open(pid)
    except (OSError, KeyError, TypeError):
        return None
    finally:
        os.close(info_fd)
    return None


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
