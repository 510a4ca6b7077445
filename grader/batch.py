"""Grading a folder of submissions: in parallel, resumable, nothing graded ever lost.

Each entry of the folder (a ``.py`` file, a folder holding ``agent.py``, or a ``.zip``)
is one submission, named by its entry. Its reports are written as soon as it is graded,
into ``OUT/submissions/<name>/`` by an atomic rename, and the gradebook
(``OUT/gradebook.csv``) is rewritten after each one; so a batch killed midway keeps
everything graded so far, and ``resume=True`` grades only what is missing.
"""

from __future__ import annotations

import os
import re
import shutil
import statistics
import tempfile
import threading
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

from grader.check import Prepared, SandboxKind, grade_submission, prepare
from grader.errors import GraderError, InputFileError
from grader.report import Report, load_report, make_report
from grader.reports import write_reports
from grader.reports.gradebook import gradebook_csv
from grader.reports.html import TestTree, trees_of
from grader.sandbox.base import RunResult
from grader.sandbox.isolation import IsolationUnavailable, require_isolation
from grader.scoring import score_run

GRADEBOOK = "gradebook.csv"
SUBMISSIONS = "submissions"
_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]+")


@dataclass(frozen=True)
class Entry:
    """One submission of the batch."""

    name: str
    path: Path


@dataclass
class BatchResult:
    """What a batch did: every report (graded now or earlier), and what it skipped."""

    reports: list[Report] = field(default_factory=list)
    resumed: list[str] = field(default_factory=list)  # done by an earlier run
    ignored: list[str] = field(default_factory=list)  # entries that are no submission

    @property
    def scores(self) -> list[float]:
        return [r.score for r in self.reports]

    @property
    def grader_faults(self) -> list[str]:
        return [r.submission for r in self.reports if r.grader_faults]


Progress = Callable[[Report], None]


def find_submissions(folder: Path) -> tuple[list[Entry], list[str]]:
    """The submissions in ``folder`` (sorted by name), and the entries that are none."""
    if not folder.is_dir():
        raise GraderError(f"{folder}: not a folder of submissions")
    entries: list[Entry] = []
    ignored: list[str] = []
    for path in sorted(folder.iterdir()):
        if path.name.startswith("."):
            continue
        if (path.suffix in (".py", ".zip") and path.is_file()) or path.is_dir():
            stem = path.stem if path.is_file() else path.name
            entries.append(Entry(_UNSAFE.sub("_", stem) or "_", path))
        else:
            ignored.append(path.name)
    names = [e.name for e in entries]
    for entry in entries:
        if names.count(entry.name) > 1:
            raise GraderError(
                f"{folder}: two submissions share the name {entry.name!r} "
                f"({', '.join(e.path.name for e in entries if e.name == entry.name)}); "
                "rename one"
            )
    return entries, ignored


def grade_batch(
    *,
    submissions: Path,
    assignment: str | Path,
    out: Path,
    jobs: int = 1,
    sandbox: SandboxKind = "local",
    resume: bool = False,
    progress: Progress | None = None,
    total: Callable[[int], None] | None = None,
    allow_limits_only: bool = False,
) -> BatchResult:
    """Grade every submission in ``submissions`` into ``out``; see the module's doc.
    Refuses (IsolationUnavailable) to run student code in a local sandbox that can only
    limit it, unless ``allow_limits_only``."""
    if jobs < 1:
        raise GraderError(f"--jobs must be at least 1, not {jobs}")
    require_isolation(sandbox, allow_limits_only=allow_limits_only)
    entries, ignored = find_submissions(submissions)
    ready = prepare(assignment=assignment, hide=(submissions.resolve(), out.resolve()))
    (out / SUBMISSIONS).mkdir(parents=True, exist_ok=True)
    for stale in (out / SUBMISSIONS).glob(".*"):  # half-written by a batch that was killed
        shutil.rmtree(stale, ignore_errors=True)
    book = _Gradebook(out / GRADEBOOK, [c.spec.name for c in ready.contexts])
    result = BatchResult(ignored=ignored)
    todo = []
    for entry in entries:
        done = _done_report(out, entry) if resume else None
        if done is None:
            todo.append(entry)
        else:
            result.resumed.append(entry.name)
            book.add(done)
    if total is not None:
        total(len(todo))
    with ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="grade") as pool:
        trees = trees_of(ready)
        futures = [pool.submit(_grade_one, e, ready, sandbox, out, trees, not allow_limits_only)
                   for e in todo]
        for future in as_completed(futures):
            report = future.result()
            book.add(report)
            if progress is not None:
                progress(report)
    result.reports = book.reports()
    return result


def _grade_one(
    entry: Entry, ready: Prepared, sandbox: SandboxKind, out: Path,
    trees: Mapping[str, TestTree], strict: bool = True,
) -> Report:
    try:
        report = grade_submission(
            submission=entry.path, assignment=ready, sandbox=sandbox, name=entry.name,
            require_isolation=strict,
        )
    except IsolationUnavailable:
        raise
    except GraderError as exc:  # not a submission we can run: a result, not a stop
        report = _unrunnable(entry, ready, sandbox, exc.message)
    _write_atomically(report, out / SUBMISSIONS / entry.name, trees)
    return report


def _unrunnable(entry: Entry, ready: Prepared, sandbox: SandboxKind, reason: str) -> Report:
    failed = RunResult(status="error", message=reason)
    tests = [score_run(failed, c) for c in ready.contexts]
    return make_report(assignment=ready.loaded.name, submission=entry.name, tests=tests,
                       sandbox=sandbox)


def _write_atomically(report: Report, folder: Path, trees: Mapping[str, TestTree]) -> None:
    """Write the reports into a fresh folder, then rename it into place."""
    tmp = Path(tempfile.mkdtemp(prefix=f".{folder.name}-", dir=folder.parent))
    try:
        write_reports(report, tmp, trees=trees)
        if folder.exists():
            shutil.rmtree(folder)
        os.replace(tmp, folder)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def _done_report(out: Path, entry: Entry) -> Report | None:
    path = out / SUBMISSIONS / entry.name / "report.json"
    if not path.is_file():
        return None
    try:
        return load_report(path)
    except InputFileError:
        return None  # a report we cannot read is graded again


class _Gradebook:
    """The CSV gradebook, rewritten atomically whenever a report arrives."""

    def __init__(self, path: Path, test_names: list[str]) -> None:
        self.path = path
        self.test_names = test_names
        self._reports: dict[str, Report] = {}
        self._lock = threading.Lock()

    def add(self, report: Report) -> None:
        with self._lock:
            self._reports[report.submission] = report
            tmp = self.path.with_name(f".{self.path.name}.tmp")
            tmp.write_text(gradebook_csv(self.reports(), self.test_names), encoding="utf-8")
            os.replace(tmp, self.path)

    def reports(self) -> list[Report]:
        return [self._reports[k] for k in sorted(self._reports)]


def summary_lines(result: BatchResult, bins: int = 10) -> list[str]:
    """Count, mean, median, a histogram of scores, and the grader's faults, as text."""
    reports = result.reports
    if not reports:
        return ["no submissions graded"]
    top = max(r.max_score for r in reports) or 1.0
    scores = result.scores
    lines = [
        f"{len(reports)} submissions ({len(result.resumed)} from an earlier run); "
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
    if result.grader_faults:
        lines.append("grader faults (regrade these): " + ", ".join(result.grader_faults))
    if result.ignored:
        lines.append("not submissions, ignored: " + ", ".join(result.ignored))
    return lines
