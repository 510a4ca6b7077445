"""Grading a folder of submissions: in parallel, resumable, stoppable, nothing graded lost.

Each entry of the folder (a ``.py`` file, a folder holding ``agent.py``, or a ``.zip``)
is one submission, named by its entry. Its files (:data:`grader.reports.BATCH_FILES`: the
whole record, the instructor's views, and beside them the student's copy) are written as
soon as it is graded, into ``OUT/submissions/<name>/`` by an atomic rename, and the batch's
own files (:data:`grader.reports.BATCH_LEVEL_FILES`: the gradebook, ``OUT/gradebook.csv``)
are rewritten as reports arrive (at most every :data:`BOOK_EVERY_S`) and when the batch
ends; so a batch killed midway keeps everything graded so far, and ``resume=True``
grades only what is missing, and again what hit a grader fault (``sandbox_error``).

A :class:`Stop` requested while a batch runs (by a signal handler, say) ends it at once:
queued submissions are cancelled, running sandboxes killed and closed, and what had
finished is kept. The gradebook then has one row per report folder.
"""

from __future__ import annotations

import math
import os
import shutil
import statistics
import tempfile
import threading
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from grader.errors import GraderError, InputFileError
from grader.grading.check import Prepared, SandboxKind, error_results, grade_submission, prepare
from grader.grading.entries import Entry, find_submissions
from grader.grading.report import Report, load_report, make_report
from grader.grading.report_trees import report_trees
from grader.grading.sinks import for_terminal
from grader.hosts.base import Cleaner, Later, MoveRequest, RunRequest, RunResult, Sandbox
from grader.hosts.isolation import IsolationUnavailable, require_isolation
from grader.reports import Drawings, TestTree, batch_texts, write_batch_reports

SUBMISSIONS = "submissions"
POLL_S = 0.1  # how often the batch looks for a stop request while it waits
KILL_POLL_S = 0.05  # how often a stopping batch kills what its threads still start
BOOK_EVERY_S = 1.0  # the gradebook is rewritten at most this often while a batch runs


class Prestarted(Protocol):
    """Sandboxes started before the batch, each for one submission
    (:class:`grader.grading.prestart.EarlySandboxes`)."""

    def take(self, kind: SandboxKind, folder: Path, *, memory_mb: int, cpu_s: float
             ) -> Sandbox | None:
        """One of them given ``folder``'s submission and its limits; None when none is left."""


@dataclass
class BatchResult:
    """What a batch did: every report (graded now or earlier), and what it skipped."""

    reports: list[Report] = field(default_factory=list)
    resumed: list[str] = field(default_factory=list)  # done by an earlier run
    regraded: list[str] = field(default_factory=list)  # hit a grader fault earlier
    ignored: list[str] = field(default_factory=list)  # entries that are no submission
    not_graded: list[str] = field(default_factory=list)  # the batch stopped first
    stopped_by: int | None = None  # the signal that stopped it (0: asked by code)

    @property
    def scores(self) -> list[float]:
        return [r.score for r in self.reports]

    @property
    def grader_faults(self) -> list[str]:
        return [r.submission for r in self.reports if r.grader_faults]


class Watch:
    """What a batch tells whoever watches it; each method here does nothing.
    ``started`` is called from the grading threads, the others from the caller's."""

    def planned(self, names: Sequence[str]) -> None:
        """The submissions about to be graded (those kept from an earlier run are not)."""

    def started(self, name: str) -> None:
        """A submission's grading began."""

    def finished(self, report: Report) -> None:
        """A submission was graded and its files written."""


class Remote(Protocol):
    """Where a batch's submissions are graded when not on this machine (a cluster:
    :mod:`grader.grading.cluster`); the batch's threads then only wait and write."""

    slots: int  # submissions to have in flight at once

    def grade(self, name: str, path: Path) -> Report:
        """Grade the submission at ``path`` as ``name`` (blocks); raises as
        :func:`~grader.grading.check.grade_submission` does."""

    def kill(self) -> None:
        """Stop what runs (a batch that stops)."""


class Stop:
    """Asks a running batch to stop. Safe in a signal handler: it only sets a field."""

    def __init__(self) -> None:
        self.signum: int | None = None

    def request(self, signum: int = 0) -> None:
        if self.signum is None:
            self.signum = signum

    @property
    def requested(self) -> bool:
        return self.signum is not None


def grade_batch(
    *,
    submissions: Path,
    assignment: str | Path,
    out: Path,
    jobs: int = 1,
    sandbox: SandboxKind = "local",
    resume: bool = False,
    regrade_faults: bool = True,
    watch: Watch | None = None,
    stop: Stop | None = None,
    allow_limits_only: bool = False,
    cluster: str | None = None,
    prestarted: Prestarted | None = None,
) -> BatchResult:
    """Grade every submission in ``submissions`` into ``out``; see the module's doc.
    With ``resume``, a submission already graded keeps its report unless a grader fault
    hit it and ``regrade_faults``. Refuses (IsolationUnavailable) to run student code in
    a local sandbox that can only limit it, unless ``allow_limits_only``. With
    ``cluster`` (``tcp://HOST:PORT`` or ``local:N``), the cluster's workers grade, each
    in its own ``sandbox``, and ``jobs`` is theirs to decide. ``prestarted``: sandboxes
    started before, for the first submissions (the caller closes those left)."""
    if jobs < 1:
        raise GraderError(f"--jobs must be at least 1, not {jobs}")
    require_isolation(sandbox, allow_limits_only=allow_limits_only)
    entries, ignored = find_submissions(submissions)
    ready = prepare(assignment=assignment)
    if sandbox == "docker":
        check_docker()
    (out / SUBMISSIONS).mkdir(parents=True, exist_ok=True)
    for stale in (out / SUBMISSIONS).glob(".*"):  # half-written by a batch that was killed
        shutil.rmtree(stale, ignore_errors=True)
    book = _Gradebook(out, [c.spec.name for c in ready.contexts])
    result = BatchResult(ignored=ignored)
    todo = _plan(entries, out, book, result, resume=resume, regrade_faults=regrade_faults)
    watch, stop = watch or Watch(), stop or Stop()
    watch.planned([e.name for e in todo])
    batch = _Batch(ready, sandbox, out, watch, stop, strict=not allow_limits_only)
    batch.prestarted = prestarted  # taken by submissions opened here (not a cluster's,
    # nor an agents assignment's, whose matches open their own)
    with _remote(cluster if todo else None, ready, sandbox, batch.strict) as remote:
        batch.remote = remote
        graded = batch.run(todo, remote.slots if remote else jobs, book)
    book.write()  # every report of the run, whatever the last rewrite left out
    result.not_graded = [e.name for e in todo if e.name not in graded]
    result.stopped_by = stop.signum
    result.reports = book.reports()
    return result


@contextmanager
def _remote(
    cluster: str | None, ready: Prepared, sandbox: SandboxKind, strict: bool
) -> Iterator[Remote | None]:
    if cluster is None:
        yield None
        return
    try:
        from grader.grading.cluster import open_cluster
    except ImportError:
        raise GraderError("--cluster needs Dask: pip install 'search-grader[cluster]'") from None
    with open_cluster(cluster, ready=ready, sandbox=sandbox, strict=strict) as remote:
        yield remote


def check_docker() -> None:
    """Fail before grading anything, not on every submission, without engine or image."""
    from grader.hosts.docker import sandbox_image, shared_engine

    sandbox_image(shared_engine())


def _plan(
    entries: list[Entry], out: Path, book: _Gradebook, result: BatchResult, *,
    resume: bool, regrade_faults: bool,
) -> list[Entry]:
    """The entries to grade now. Every report already in ``out`` goes in the book, and
    stays there until a new one replaces it, as its folder does: a batch stopped midway
    leaves a gradebook row for each folder."""
    todo = []
    for entry in entries:
        done = _done_report(out, entry)
        if done is not None:
            book.keep(done)
        if done is None or not resume:
            todo.append(entry)
        elif regrade_faults and done.grader_faults:
            todo.append(entry)
            result.regraded.append(entry.name)
        else:
            result.resumed.append(entry.name)
    book.write()
    return todo


class _Batch:
    """The grading threads of one batch, and the sandboxes they run."""

    def __init__(
        self, ready: Prepared, kind: SandboxKind, out: Path, watch: Watch, stop: Stop, *,
        strict: bool = True,
    ) -> None:
        self.ready, self.kind, self.out = ready, kind, out
        self.watch, self.stop = watch, stop
        self.strict = strict  # refuse a local sandbox that can only limit the submission
        self.trees: Mapping[str, TestTree] = report_trees(ready)
        self.drawings = Drawings()  # a run drawn once for the whole batch
        self.remote: Remote | None = None  # a cluster grades, these threads wait for it
        self.prestarted: Prestarted | None = None  # sandboxes for the first submissions
        self._boxes: set[Sandbox] = set()
        self._lock = threading.Lock()
        self.cleaner = Cleaner()  # removes the sandboxes beside the grading

    def run(self, todo: list[Entry], jobs: int, book: _Gradebook) -> set[str]:
        """Grade ``todo``; return the names graded. Stops at once when asked to. Returns
        only once every sandbox it opened is removed (their removals run beside the
        grading, off each submission's path)."""
        graded: set[str] = set()
        self.cleaner = Cleaner(threads=jobs)
        with self.cleaner, ThreadPoolExecutor(max_workers=jobs,
                                              thread_name_prefix="grade") as pool:
            pending = {pool.submit(self._grade_one, e) for e in todo}
            try:
                while pending and not self.stop.requested:
                    done, pending = wait(pending, timeout=POLL_S, return_when=FIRST_COMPLETED)
                    self._collect(done, book, graded)
            finally:
                if pending:
                    self._halt(pool, pending, book, graded)
        return graded

    def _collect(self, done: Iterable[Future[Report | None]], book: _Gradebook,
                 graded: set[str]) -> None:
        for future in done:
            report = None if future.cancelled() else future.result()
            if report is not None:
                book.add(report)
                graded.add(report.submission)
                self.watch.finished(report)

    def _halt(self, pool: ThreadPoolExecutor, pending: set[Future[Report | None]],
              book: _Gradebook, graded: set[str]) -> None:
        """Cancel what is queued, kill what runs until every thread is done, and keep
        the reports written meanwhile."""
        self.stop.request()
        pool.shutdown(wait=False, cancel_futures=True)
        while pending:
            self._kill_all()
            wait(pending, timeout=KILL_POLL_S)  # blind to cancelled futures: look at each
            done = {f for f in pending if f.done()}
            pending -= done
            self._collect([f for f in done if f.cancelled() or f.exception() is None],
                          book, graded)

    def _kill_all(self) -> None:
        if self.remote is not None:
            self.remote.kill()
        with self._lock:
            boxes = list(self._boxes)
        for box in boxes:
            box.kill()

    def _grade_one(self, entry: Entry) -> Report | None:
        if self.stop.requested:
            return None
        self.watch.started(entry.name)
        try:
            report = self.remote.grade(entry.name, entry.path) if self.remote else (
                grade_submission(submission=entry.path, assignment=self.ready,
                                 sandbox=self.kind, name=entry.name, opener=self._open,
                                 require_isolation=self.strict, later=self.cleaner))
        except IsolationUnavailable:
            raise
        except GraderError as exc:  # not a submission we can run: a result, not a stop
            report = _unrunnable(entry, self.ready, self.kind, exc.message)
        if self.stop.requested:  # its runs may have been killed: not a result
            return None
        report = report.model_copy(update={"source": entry.path.name})
        _write_atomically(report, self.out / SUBMISSIONS / entry.name, self.trees,
                          self.drawings)
        return report

    def _open(self, kind: SandboxKind, folder: Path, memory_mb: int) -> Sandbox:
        from grader.hosts import open_sandbox

        early = self.prestarted
        box = early.take(kind, folder, memory_mb=memory_mb, cpu_s=self.ready.cpu_s) if (
            early is not None) else None
        if box is None:
            box = open_sandbox(kind, folder, memory_mb=memory_mb, cpu_s=self.ready.cpu_s,
                               require_isolation=self.strict)
        with self._lock:
            self._boxes.add(box)
        return _Stoppable(box, self)

    def forget(self, box: Sandbox) -> None:
        with self._lock:
            self._boxes.discard(box)


class _Stoppable(Sandbox):
    """A sandbox of a batch: runs nothing once the batch is stopping."""

    def __init__(self, inner: Sandbox, batch: _Batch) -> None:
        super().__init__(inner.submission, memory_mb=inner.memory_mb)
        self.inner, self.batch = inner, batch
        self.isolation = inner.isolation  # the report says what the real sandbox reached

    def run(self, request: RunRequest | MoveRequest) -> RunResult:
        if self.batch.stop.requested:
            return RunResult(status="sandbox_error", message="the batch was stopped")
        return self.inner.run(request)

    def kill(self) -> None:
        self.inner.kill()

    def close(self) -> None:
        try:
            self.inner.close()
        finally:
            self.batch.forget(self.inner)

    def close_soon(self, later: Later) -> None:
        try:
            self.inner.close_soon(later)  # all it started ends now
        finally:
            self.batch.forget(self.inner)


def _unrunnable(entry: Entry, ready: Prepared, sandbox: SandboxKind, reason: str) -> Report:
    tests = error_results(ready, reason)
    return make_report(assignment=ready.loaded.name, submission=entry.name, tests=tests,
                       sandbox=sandbox)


def _write_atomically(
    report: Report, folder: Path, trees: Mapping[str, TestTree], drawings: Drawings
) -> None:
    """Write the reports into a fresh folder, then rename it into place; a GraderError
    (the disk full, say) stops the batch, whose reports already written stay."""
    try:
        tmp = Path(tempfile.mkdtemp(prefix=f".{folder.name}-", dir=folder.parent))
    except OSError as exc:
        raise GraderError(f"{folder}: cannot write the reports ({exc})") from None
    try:
        write_batch_reports(report, tmp, trees=trees, drawings=drawings)
        if folder.exists():
            shutil.rmtree(folder)
        os.replace(tmp, folder)
    except OSError as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        raise GraderError(f"{folder}: cannot write the reports ({exc})") from None
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def _done_report(out: Path, entry: Entry) -> Report | None:
    path = out / SUBMISSIONS / entry.name / "report.json"
    if not path.is_file():
        return None
    try:
        report = load_report(path)
    except InputFileError:
        return None  # a report we cannot read is graded again
    if report.source is not None and report.source != entry.path.name:
        return None  # another entry's, whose name this one now goes by: graded again
    return report


class _Gradebook:
    """The batch's own files (the CSV gradebook), rewritten atomically as reports arrive:
    at most every :data:`BOOK_EVERY_S` (a rewrite of a 1,000-row gradebook after every
    report made a batch quadratic), and by :meth:`write` when the batch ends."""

    def __init__(self, out: Path, test_names: list[str]) -> None:
        self.out = out
        self.test_names = test_names
        self._reports: dict[str, Report] = {}
        self._lock = threading.Lock()
        self._written = -math.inf  # time.monotonic() of the last rewrite

    def keep(self, report: Report) -> None:
        """Hold ``report`` for the next :meth:`write`."""
        with self._lock:
            self._reports[report.submission] = report

    def add(self, report: Report) -> None:
        self.keep(report)
        if time.monotonic() - self._written >= BOOK_EVERY_S:
            self.write()

    def write(self) -> None:
        with self._lock:
            self._written = time.monotonic()
            for name, text in batch_texts(self.reports(), self.test_names).items():
                tmp = self.out / f".{name}.tmp"
                tmp.write_text(text, encoding="utf-8")
                os.replace(tmp, self.out / name)

    def reports(self) -> list[Report]:
        return [self._reports[k] for k in sorted(self._reports)]


def summary_lines(result: BatchResult, bins: int = 10) -> list[str]:
    """Count, mean, median, a histogram of scores, the grader's faults, what a stop left
    ungraded, as text."""
    reports = result.reports
    lines = _histogram(result, bins) if reports else ["no submissions graded"]
    faulted = [r for r in reports if r.grader_faults]
    if faulted:
        lines.append("grader faults, not charged (run again with --resume to regrade): "
                     + "; ".join(f"{for_terminal(r.submission)} ({', '.join(r.grader_faults)})"
                                 for r in faulted))
    if result.stopped_by is not None:
        lines.append(f"stopped: {len(result.not_graded)} submission(s) not graded; "
                     "run again with --resume to grade them")
    if result.ignored:
        lines.append("not submissions, ignored: " + ", ".join(map(for_terminal, result.ignored)))
    return lines


def _histogram(result: BatchResult, bins: int) -> list[str]:
    reports = result.reports
    top = max(r.max_score for r in reports) or 1.0
    scores = result.scores
    again = f", {len(result.regraded)} regraded after a grader fault" if result.regraded else ""
    lines = [
        f"{len(reports)} submissions ({len(result.resumed)} from an earlier run{again}); "
        f"mean {statistics.mean(scores):.2f}, median {statistics.median(scores):.2f} "
        f"of {top:g}",
    ]
    counts = [0] * bins
    for s in scores:
        counts[min(bins - 1, int(s / top * bins))] += 1
    widest = max(counts)
    for i, n in enumerate(counts):
        low, high = top * i / bins, top * (i + 1) / bins
        bar = "#" * round(30 * n / widest) if widest else ""
        lines.append(f"  {low:6.1f} - {high:6.1f} | {bar} {n}")
    return lines
