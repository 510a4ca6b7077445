"""Grading a batch on a Dask cluster: each submission graded by a worker, its report sent back.

``--cluster tcp://HOST:8786`` joins a running scheduler; ``--cluster local:N`` starts a
``LocalCluster`` of N worker processes on this machine, on the loopback interface only.
The batch (:mod:`grader.grading.batch`) stays where it is: the client plans, writes each
report atomically and keeps the gradebook; the cluster only grades.

What travels is data: the assignment folder once (a zip, scattered to the workers, checked
by its SHA-256), and each submission as the intake copied it (a zip and its SHA-256), so
the workers share no filesystem with the client. A worker grades in its own sandbox (its
local one, or its own Docker engine) and returns the :class:`Report`.

A worker runs only for a client of the same grader: :func:`code_version` hashes the
grader's, the reference's and the sandboxes' files, and a worker plugin checks it when
the client connects (and each task again, for a worker that joins later).

A worker that dies mid-submission costs nothing: the scheduler runs the task again
elsewhere. A submission that has killed :data:`ALLOWED_FAILURES` + 1 workers is given up
(``KilledWorker``) and recorded as a grader fault (``sandbox_error``), for ``--resume``.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import io
import os
import re
import shutil
import signal
import tempfile
import threading
import zipfile
from collections.abc import Iterator
from concurrent.futures import CancelledError
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from distributed import Client, LocalCluster, WorkerPlugin
from distributed import Future as DaskFuture
from distributed.scheduler import KilledWorker

from grader import __version__
from grader.errors import GraderError
from grader.grading.check import Prepared, SandboxKind, error_results, grade_submission, prepare
from grader.grading.intake import ENTRY_FILE, given_copy, hash_files
from grader.grading.report import Report, make_report
from grader.hosts.base import MoveRequest, RunRequest, RunResult, Sandbox
from grader.hosts.isolation import IsolationUnavailable, owned_folder

if TYPE_CHECKING:
    from distributed import Worker

ALLOWED_FAILURES = 2  # workers a submission may kill before it is a grader fault (+1)
CODE_PACKAGES = ("grader", "reference", "sandboxes")  # what the version's hash covers
_LOCAL = re.compile(r"local:(\d+)")
_ADDRESS = re.compile(r"(tcp|tls|ws|wss|inproc|ucx)://\S+")
SETTLE_S = 1.0  # how long a stopping batch waits for its jobs to end on the workers
_CONNECT_S = 30  # how long a client waits for a scheduler before it gives up


class VersionMismatch(GraderError):
    """A worker runs another grader than the client: it refuses to grade."""


@functools.cache
def code_version() -> str:
    """``0.1.0+<sha256 of the grader's, reference's and sandboxes' files, 16 digits>``."""
    digest = hashlib.sha256()
    for package in CODE_PACKAGES:
        root = Path(str(__import__(package).__file__)).resolve().parent
        hash_files(digest, root, f"{package}/")
    return f"{__version__}+{digest.hexdigest()[:16]}"


def check_version(wanted: str, where: str = "this worker") -> None:
    """VersionMismatch unless this process (``where``) runs the grader version ``wanted``."""
    here = code_version()
    if here != wanted:
        raise VersionMismatch(
            f"{where} runs grader {here}, the client {wanted}: it refuses to grade; "
            "install the client's grader (the same source) on every worker host, and "
            "restart the workers"
        )


@dataclass(frozen=True)
class Parcel:
    """Files sent to a worker as data: a folder or a file zipped, and the zip's SHA-256."""

    name: str  # the file or folder the zip holds, as it was named
    data: bytes
    sha256: str


def pack(path: Path, name: str | None = None) -> Parcel:
    """``path`` (a file or a folder of regular files) as a :class:`Parcel` named ``name``."""
    name = name or path.name
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        archive.write(path, name)  # a folder: its own entry, then what it holds
        for item in sorted(path.rglob("*")) if path.is_dir() else []:
            archive.write(item, f"{name}/{item.relative_to(path).as_posix()}")
    data = buffer.getvalue()
    return Parcel(name, data, hashlib.sha256(data).hexdigest())


def unpack(parcel: Parcel, into: Path) -> Path:
    """Unzip ``parcel`` into ``into``; the path of what it holds. GraderError if its bytes
    are not those the client sent."""
    if hashlib.sha256(parcel.data).hexdigest() != parcel.sha256:
        raise GraderError(f"{parcel.name}: damaged on its way to the worker (SHA-256 differs)")
    with zipfile.ZipFile(io.BytesIO(parcel.data)) as archive:
        archive.extractall(into)
    return into / parcel.name


def pack_submission(path: Path) -> Parcel:
    """The submission at ``path`` as the intake copies it (links refused, sizes capped:
    :class:`~grader.grading.intake.SubmissionRefused` otherwise), under its own name: a
    ``.py`` file stays one, as its name is in the report's messages."""
    with given_copy(path) as copy:
        if path.is_file() and path.suffix == ".py":
            return pack(copy / ENTRY_FILE, path.name)
        return pack(copy, path.name)


@dataclass(frozen=True)
class Job:
    """One submission for a worker to grade."""

    name: str  # as the report names it
    submission: Parcel
    sandbox: SandboxKind
    strict: bool  # refuse a local sandbox that can only limit the submission
    version: str  # the client's code_version()


class VersionCheck(WorkerPlugin):
    """Refuses, as a worker starts or as a client connects, a client of another grader."""

    name = "grader-version"

    def __init__(self, version: str) -> None:
        self.version = version

    def setup(self, worker: Worker) -> None:
        check_version(self.version, f"the worker at {worker.address}")


# -- the worker's side ---------------------------------------------------------------

_PREPARED: dict[str, Prepared] = {}
_PREPARED_LOCK = threading.Lock()


def _prepared(assignment: Parcel) -> Prepared:
    """The assignment made ready, once per worker process."""
    with _PREPARED_LOCK:
        if assignment.sha256 not in _PREPARED:
            folder = owned_folder("assignment")
            try:
                _PREPARED[assignment.sha256] = prepare(assignment=unpack(assignment, folder))
            finally:  # what grading needs is now in memory
                shutil.rmtree(folder, ignore_errors=True)
        return _PREPARED[assignment.sha256]


class _Running:
    """The sandboxes of the jobs a worker runs, by task key, to kill a cancelled job's."""

    def __init__(self) -> None:
        self.boxes: dict[str, set[Sandbox]] = {}
        self.killed: set[str] = set()
        self.jobs = 0  # running now, their folders not yet removed
        self.lock = threading.Condition()

    def opener(self, key: str, cpu_s: float, strict: bool) -> Any:
        def open_box(kind: SandboxKind, folder: Path, memory_mb: int) -> Sandbox:
            from grader.hosts import open_sandbox

            box = open_sandbox(kind, folder, memory_mb=memory_mb, cpu_s=cpu_s,
                               require_isolation=strict)
            with self.lock:
                self.boxes.setdefault(key, set()).add(box)
            return _Killable(box, key, self)

        return open_box

    def kill(self, keys: list[str], settle_s: float) -> None:
        """Kill the sandboxes of ``keys``; wait up to ``settle_s`` for every job to end."""
        with self.lock:
            self.killed.update(keys)
            boxes = [b for k in keys for b in self.boxes.get(k, ())]
        for box in boxes:
            box.kill()
        with self.lock:
            self.lock.wait_for(lambda: self.jobs == 0, timeout=settle_s)

    def start(self) -> None:
        with self.lock:
            self.jobs += 1

    def done(self, key: str) -> None:
        with self.lock:
            self.boxes.pop(key, None)
            self.killed.discard(key)
            self.jobs -= 1
            self.lock.notify_all()


_RUNNING = _Running()


class _Killable(Sandbox):
    """A worker's sandbox that runs nothing more once its job was cancelled."""

    def __init__(self, inner: Sandbox, key: str, running: _Running) -> None:
        super().__init__(inner.submission, memory_mb=inner.memory_mb)
        self.inner, self.key, self.running = inner, key, running
        self.isolation = inner.isolation

    def run(self, request: RunRequest | MoveRequest) -> RunResult:
        if self.key in self.running.killed:
            return RunResult(status="sandbox_error", message="the batch was stopped")
        return self.inner.run(request)

    def kill(self) -> None:
        self.inner.kill()

    def close(self) -> None:
        self.inner.close()


def grade_job(job: Job, assignment: Parcel) -> Report:
    """On a worker: grade ``job`` on ``assignment``. A GraderError it raises is the same
    as on the client (the batch turns it into an unrunnable submission's report)."""
    with worker_job(job.version) as key:
        ready = _prepared(assignment)
        folder = owned_folder("parcel")
        try:
            return grade_submission(
                submission=unpack(job.submission, folder), assignment=ready,
                sandbox=job.sandbox, name=job.name,
                opener=_RUNNING.opener(key, ready.cpu_s, job.strict),
                require_isolation=job.strict,
            )
        except (IsolationUnavailable, VersionMismatch):
            raise
        except GraderError as exc:  # its subclasses may not cross the wire: the message does
            raise GraderError(exc.message) from None
        finally:
            shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def worker_job(version: str) -> Iterator[str]:
    """On a worker, around a job of a client of grader ``version`` (checked first): the
    job's task key, the job counted as running until it ends (:func:`kill_jobs` waits for
    it, :func:`job_cancelled` says when its client cancelled it)."""
    from distributed import get_worker

    worker = get_worker()
    check_version(version, f"the worker at {worker.address}")
    key = str(worker.get_current_task())
    _RUNNING.start()
    try:
        yield key
    finally:
        _RUNNING.done(key)


def job_cancelled(key: str) -> bool:
    """On a worker: whether the client of the job ``key`` cancelled it (:func:`kill_jobs`)."""
    return key in _RUNNING.killed


def kill_jobs(keys: list[str]) -> None:
    """On a worker: kill the sandboxes of the jobs ``keys`` (cancelled by their client),
    and give every job a moment to end and remove its folders."""
    _RUNNING.kill(keys, SETTLE_S)


# -- the client's side ---------------------------------------------------------------


class Tasks:
    """A client's tasks in flight: each submitted in order (the first sent runs first)
    and waited for from one of the caller's threads; all cancelled at once, their
    sandboxes killed wherever they run."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.stopping = False
        threads = sum(client.nthreads().values())  # type: ignore[no-untyped-call]
        self.slots = max(1, threads)  # one task a worker thread: the caller's order holds
        self._futures: dict[str, DaskFuture[Any]] = {}
        self._sent = 0
        self._lock = threading.Lock()

    def keep(self, parcel: Parcel, key: str) -> DaskFuture[Parcel]:
        """``parcel`` on the cluster, for tasks to take: a task's result, not scattered
        data, so the scheduler can make it again when every worker holding it is gone."""
        return self.client.submit(_given, parcel, key=key)

    def run(self, function: Any, *args: Any, key: str) -> Any:
        """``function(*args)`` on a worker, as the task ``key`` (made unique here); its
        result. Raises CancelledError (cancelled: :attr:`stopping` says whether by
        :meth:`kill`) and KilledWorker (it killed workers, and was given up)."""
        with self._lock:  # first come, first served, as the caller's own threads are
            self._sent += 1
            priority = -self._sent
            key = f"{key}-{self._sent:x}"
        future = self.client.submit(function, *args, pure=False, key=key, priority=priority)
        with self._lock:
            self._futures[key] = future
        try:
            return future.result()
        finally:
            with self._lock:
                self._futures.pop(key, None)

    def kill(self) -> None:
        """Cancel every task in flight and kill its sandboxes, wherever they run."""
        self.stopping = True
        with self._lock:
            keys, futures = list(self._futures), list(self._futures.values())
        if not futures:
            return
        with contextlib.suppress(Exception):  # a cluster going away: nothing left to kill
            self.client.run(kill_jobs, keys)
        self.client.cancel(futures, force=True)  # type: ignore[no-untyped-call]


class ClusterGrading:
    """The client of a cluster, as the batch sees it: ``grade`` one submission (blocking,
    from one of the batch's threads), ``kill`` what runs, ``slots`` to keep busy."""

    def __init__(self, client: Client, ready: Prepared, kind: SandboxKind, strict: bool) -> None:
        self.ready, self.kind, self.strict = ready, kind, strict
        self.version = code_version()
        self.tasks = Tasks(client)
        self.slots = self.tasks.slots
        folder = ready.loaded.folder
        parcel = pack(folder, folder.name)
        self.assignment = self.tasks.keep(parcel, f"assignment-{parcel.sha256}")

    def grade(self, name: str, path: Path) -> Report:
        from grader.grading.intake import SubmissionRefused

        try:
            parcel = pack_submission(path)
        except SubmissionRefused:  # the same refusal, made here: no sandbox opens
            return grade_submission(submission=path, assignment=self.ready, sandbox=self.kind,
                                    name=name, opener=_no_sandbox)
        job = Job(name, parcel, self.kind, self.strict, self.version)
        try:
            report: Report = self.tasks.run(grade_job, job, self.assignment,
                                            key=f"grade-{name}-{parcel.sha256[:12]}")
            return report
        except CancelledError:
            if self.tasks.stopping:
                raise GraderError("the batch was stopped") from None
            return self._gave_up(name, "the cluster dropped it (lost its scheduler, or its "
                                 "assignment)")
        except KilledWorker:
            return self._gave_up(name, "the cluster workers grading it died again and "
                                 "again (out of memory, or worker hosts lost), until the "
                                 "scheduler's allowed-failures")

    def _gave_up(self, name: str, why: str) -> Report:
        """The report of a submission the cluster could not grade: a grader fault."""
        why += "; grade it again with --resume"
        return make_report(assignment=self.ready.loaded.name, submission=name,
                           tests=error_results(self.ready, why, status="sandbox_error"),
                           sandbox=self.kind)

    def kill(self) -> None:
        """Cancel every job in flight and kill its sandboxes, wherever they run."""
        self.tasks.kill()


def _given(parcel: Parcel) -> Parcel:
    return parcel


def _no_sandbox(kind: SandboxKind, folder: Path, memory_mb: int) -> Sandbox:
    raise GraderError("the submission changed while it was read; grade it again")


def parse_cluster(spec: str) -> tuple[str, int]:
    """``("local", N)`` for ``local:N``, ``(address, 0)`` for a scheduler's address."""
    local = _LOCAL.fullmatch(spec)
    if local is not None and int(local[1]) >= 1:
        return "local", int(local[1])
    if _ADDRESS.fullmatch(spec):
        return spec, 0
    raise GraderError(
        f"--cluster {spec!r}: give a scheduler's address (tcp://HOST:8786) or local:N "
        "(N worker processes on this machine, N >= 1)"
    )


@contextlib.contextmanager
def open_cluster(
    spec: str, *, ready: Prepared, sandbox: SandboxKind, strict: bool
) -> Iterator[ClusterGrading]:
    """A client of the cluster ``spec`` (see :func:`parse_cluster`) whose workers all run
    this grader; closed (and a local cluster stopped) on the way out."""
    with connect_cluster(spec) as client:
        yield ClusterGrading(client, ready, sandbox, strict)


@contextlib.contextmanager
def connect_cluster(spec: str) -> Iterator[Client]:
    """A Dask client of the cluster ``spec`` (see :func:`parse_cluster`; ``local:N``
    starts one) whose workers all run this grader (:class:`VersionCheck`, registered);
    closed, and a local cluster stopped, on the way out."""
    import dask

    address, workers = parse_cluster(spec)
    with contextlib.ExitStack() as stack:
        stack.enter_context(dask.config.set({
            "distributed.scheduler.allowed-failures": ALLOWED_FAILURES,
            "distributed.comm.timeouts.connect": f"{_CONNECT_S}s",
        }))
        if address == "local":
            address = stack.enter_context(_local_cluster(workers))
        client = stack.enter_context(_connect(address))
        try:
            client.register_plugin(VersionCheck(code_version()))
        except VersionMismatch:
            raise
        except Exception as exc:
            raise VersionMismatch(
                f"the workers of {spec} could not check their grader version "
                f"({type(exc).__name__}: {exc}); install this grader ({code_version()}) on "
                "every worker host"
            ) from None
        yield client


@contextlib.contextmanager
def _connect(address: str) -> Iterator[Client]:
    try:
        client = Client(  # type: ignore[no-untyped-call]
            address, timeout=_CONNECT_S, set_as_default=False
        )
    except OSError as exc:
        raise GraderError(
            f"--cluster {address}: no scheduler answers there ({exc}); start one with "
            "`dask scheduler`, or use local:N"
        ) from None
    try:
        yield client
    finally:
        client.close(timeout=5)  # type: ignore[no-untyped-call]


@contextlib.contextmanager
def _local_cluster(workers: int) -> Iterator[str]:
    """A scheduler in this process and ``workers`` worker processes (one thread each),
    listening on the loopback interface only; its address. Stopped on the way out, its
    scratch folder removed: the workers' temporary folder too, so what a worker killed
    mid-submission leaves (an intake's copy) goes with it."""
    import logging

    import dask

    scratch = Path(tempfile.mkdtemp(prefix="grader-cluster-"))
    try:
        with dask.config.set({"temporary-directory": str(scratch)}):  # the scheduler's too
            cluster = LocalCluster(  # type: ignore[no-untyped-call]
                n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                dashboard_address=None, worker_dashboard_address=None,
                scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},  # its HTTP routes
                silence_logs=logging.ERROR,
                env={"TMPDIR": str(scratch)},  # each worker process's temporary folder
            )
        try:
            yield str(cluster.scheduler_address)
        finally:  # the workers are idle (a stopped batch waited for them): no need to
            # wait for each to close politely, which takes seconds
            scheduler = cluster.scheduler
            for state in list(scheduler.workers.values()) if scheduler is not None else []:
                with contextlib.suppress(OSError, TypeError):
                    os.kill(state.pid, signal.SIGKILL)
            cluster.close(timeout=10)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
