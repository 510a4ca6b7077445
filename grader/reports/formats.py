"""The report formats: one :class:`ReportFormat` per format in :data:`FORMATS`.

This is the one list of report files. What is written (:func:`grader.reports.write_reports`,
:func:`~grader.reports.write_batch_reports`, :func:`~grader.reports.batch_texts`), the file
lists (:data:`REPORT_FILES`, :data:`BATCH_FILES`, :data:`BATCH_LEVEL_FILES`) and the help of
``grader check``, ``ci`` and ``grade`` (:func:`report_files_help`, :func:`batch_files_help`)
are read from it.

A format is written per submission (``grader check --report-dir``, ``grader ci``), for a
batch (``grader grade``), or both. In a batch, a submission's folder holds copies of its
report (:data:`BATCH_COPIES`: the whole record, the instructor's, the student's); each
format says which. A batch-level format (the gradebook) is written once for the whole
batch, by its ``write_batch`` hook, from every report.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal, TypeAlias, TypeVar

if TYPE_CHECKING:
    from grader.grading.report import Report
    from grader.reports.context import ReportContext

Scope = Literal["submission", "batch", "both"]
CopyName = Literal["record", "instructor", "student"]
Writer: TypeAlias = "Callable[[Report, ReportContext], str]"
"""A per-submission writer: the report and its context give the file's text."""
BatchWriter: TypeAlias = "Callable[[Sequence[Report], Sequence[str]], str]"
"""A batch-level writer: every report of the batch (sorted by submission) and the
assignment's test names (in order) give the file's text."""
_Loaded = TypeVar("_Loaded")

STUDENT_PREFIX = "student-"  # a batch's copies for students: the ones to hand back
INSTRUCTOR_PREFIX = "instructor-"
INSTRUCTOR_NOTE = (
    "Instructor's copy: it shows hidden tests' expected answers. "
    f"Hand back the student's copy, {STUDENT_PREFIX}report.html."
)
STUDENT_NOTE = "Student's copy: hidden tests' expected answers are left out."


@dataclass(frozen=True)
class BatchCopy:
    """One copy of a submission's report in its folder of a batch."""

    name: CopyName
    prefix: str  # before each file name of the copy
    description: str  # for help: what the copy is
    note: str | None  # the line that says whose copy it is, in the files that show one
    student: bool  # the student's view: hidden tests' expected answers left out


BATCH_COPIES: tuple[BatchCopy, ...] = (
    BatchCopy("record", "", "the whole record", None, student=False),
    BatchCopy(
        "instructor",
        INSTRUCTOR_PREFIX,
        "with hidden tests' expected answers",
        INSTRUCTOR_NOTE,
        student=False,
    ),
    BatchCopy(
        "student",
        STUDENT_PREFIX,
        "without them: the copy to hand back",
        STUDENT_NOTE,
        student=True,
    ),
)


@dataclass(frozen=True)
class ReportFormat:
    """One report format.

    ``write`` makes a submission's file; ``write_batch`` instead makes a batch-level
    file (exactly one of them is given). Each is the writer's ``"package.module:name"``
    path, imported when the first file is written (so that reading the registry, as
    every help that lists files does, loads no writer), or the function itself.
    ``needs_trees``: the writer draws the test trees, so its context holds them (the
    others get none). ``scope``: written per submission, for a batch, or both;
    ``copies``: the copies written into each submission's folder of a batch (none for a
    per-submission-only or batch-level format).
    """

    name: str
    file: str
    description: str  # one line, for help
    write: str | Writer | None = None
    needs_trees: bool = False
    scope: Scope = "both"
    copies: tuple[CopyName, ...] = ()
    write_batch: str | BatchWriter | None = None

    def __post_init__(self) -> None:
        problem = self._problem()
        if problem is not None:
            raise ValueError(f"report format {self.name!r}: {problem}")

    def _problem(self) -> str | None:
        if (self.write is None) == (self.write_batch is None):
            return "give exactly one of write (a submission's file) and write_batch"
        if self.write_batch is not None:
            if self.scope != "batch" or self.copies or self.needs_trees:
                return "a batch-level format has scope 'batch', no copies, no trees"
            return None
        if (self.scope == "submission") == bool(self.copies):
            return "its copies are its files in a batch: some exactly when written for one"
        if len(set(self.copies)) != len(self.copies):
            return "a copy is listed twice"
        return None

    @property
    def per_submission(self) -> bool:
        """Written by ``grader check --report-dir`` and ``grader ci``."""
        return self.write is not None and self.scope in ("submission", "both")

    def text(self, report: Report, context: ReportContext) -> str:
        """A submission's file, from its report and context (trees kept only if needed)."""
        if self.write is None:
            raise ValueError(f"report format {self.name!r} is written for a whole batch")
        write: Writer = _load(self.write)
        return write(report, context if self.needs_trees else replace(context, trees={}))

    def text_of_batch(self, reports: Sequence[Report], test_names: Sequence[str]) -> str:
        """A batch-level file, from every report of the batch and the test names."""
        if self.write_batch is None:
            raise ValueError(f"report format {self.name!r} is written per submission")
        write: BatchWriter = _load(self.write_batch)
        return write(reports, test_names)


def _load(writer: str | _Loaded) -> _Loaded:
    """The writer at ``"package.module:name"``, imported on first use (or ``writer``)."""
    if not isinstance(writer, str):
        return writer
    module, _, name = writer.partition(":")
    found: _Loaded = getattr(importlib.import_module(module), name)
    return found


FORMATS: tuple[ReportFormat, ...] = (
    ReportFormat(
        "json",
        "report.json",
        "the whole report as JSON",
        "grader.reports.writers:json_file",
        copies=("record", "student"),
    ),
    ReportFormat(
        "gradescope",
        "results.json",
        "Gradescope's results",
        "grader.reports.writers:gradescope_file",
        copies=("record",),
    ),
    ReportFormat(
        "junit", "junit.xml", "JUnit XML", "grader.reports.writers:junit_file", copies=("record",)
    ),
    ReportFormat(
        "markdown",
        "summary.md",
        "a Markdown summary",
        "grader.reports.writers:markdown_file",
        copies=("instructor", "student"),
    ),
    ReportFormat(
        "html",
        "report.html",
        "one page, each test's tree drawn",
        "grader.reports.html:html_report",
        needs_trees=True,
        copies=("instructor", "student"),
    ),
    ReportFormat(
        "gradebook",
        "gradebook.csv",
        "the gradebook, one row per submission, a score and a status column per test",
        scope="batch",
        write_batch="grader.reports.gradebook:gradebook_csv",
    ),
)
"""Every report format, in the order their files are written."""


def batch_files_of(copy: BatchCopy) -> list[tuple[str, ReportFormat]]:
    """The files of one copy in a submission's folder of a batch: name and format."""
    return [(copy.prefix + f.file, f) for f in FORMATS if copy.name in f.copies]


REPORT_FILES = tuple(f.file for f in FORMATS if f.per_submission)
"""The files of ``grader check --report-dir`` and ``grader ci``, in order."""
BATCH_FILES = tuple(name for c in BATCH_COPIES for name, _ in batch_files_of(c))
"""The files of each submission's folder of a batch."""
BATCH_LEVEL_FILES = tuple(f.file for f in FORMATS if f.write_batch is not None)
"""The files written once for a whole batch, beside the submissions' folders."""


def listing(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def report_files_help() -> str:
    """The per-submission files, each with its description, as a help text lists them."""
    return listing([f"{f.file} ({f.description})" for f in FORMATS if f.per_submission])


def batch_files_help(folder: str, out: str) -> str:
    """A batch's files as ``grader grade``'s help says them: each copy's files in a
    submission's ``folder``, then each batch-level file in ``out``."""
    copies = "; ".join(
        f"{listing([name for name, _ in batch_files_of(c)])} ({c.description})"
        for c in BATCH_COPIES
        if batch_files_of(c)
    )
    batch = " ".join(
        f"{out}{f.file}: {f.description}." for f in FORMATS if f.write_batch is not None
    )
    return f"Writes {folder} as each submission is graded: {copies}. {batch}"
