"""Writers of a :class:`~grader.grading.report.Report`: JSON, Gradescope, JUnit, Markdown,
HTML, CSV.

The formats are listed once, in :data:`~grader.reports.formats.FORMATS` (see
:mod:`grader.reports.formats`). :func:`write_reports` writes the per-submission files of
``grader check --report-dir`` and ``grader ci`` (:data:`REPORT_FILES`);
:func:`write_batch_reports` writes a submission's folder of a batch (:data:`BATCH_FILES`:
the instructor's whole record and, beside it, the student's copy); :func:`batch_texts`
gives the files of a whole batch (:data:`BATCH_LEVEL_FILES`: the gradebook). A writer
loads nothing: the test trees it draws come in a
:class:`~grader.reports.context.ReportContext` (:mod:`grader.grading.report_trees` makes them).

Adding a format:

1. one new module here whose writer takes ``(report: Report, context: ReportContext)``
   and returns the file's text (a batch-level one: ``(reports, test_names) -> str``);
2. one :class:`~grader.reports.formats.ReportFormat` entry in ``FORMATS``: its name, file
   name, a one-line description, the writer's ``"module:function"`` path, whether it
   draws the test trees, whether it is written per submission, for a batch or both, and
   its copies in a batch's folder.

Nothing else: the files written, the file lists and the CLI's help read the registry, and
``tests/grader/reports/test_formats.py`` fails on a report file named anywhere else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from grader.errors import GraderError
from grader.reports.context import Drawings, ReportContext, TestTree
from grader.reports.formats import (
    BATCH_COPIES,
    BATCH_FILES,
    BATCH_LEVEL_FILES,
    FORMATS,
    INSTRUCTOR_NOTE,
    INSTRUCTOR_PREFIX,
    REPORT_FILES,
    STUDENT_NOTE,
    STUDENT_PREFIX,
    ReportFormat,
    batch_files_of,
)

if TYPE_CHECKING:  # the package stays light: `grader --help` reads its formats' registry
    from grader.grading.report import Report


def write_reports(
    report: Report, directory: Path, *, trees: Mapping[str, TestTree] | None = None
) -> list[Path]:
    """Write every per-submission report (:data:`REPORT_FILES`) into ``directory``
    (created if missing); ``trees`` lets the HTML report draw each test."""
    context = ReportContext(trees=trees or {})
    texts = {f.file: f.text(report, context) for f in FORMATS if f.per_submission}
    return _write_texts(directory, texts)


def write_batch_reports(
    report: Report,
    directory: Path,
    *,
    trees: Mapping[str, TestTree] | None = None,
    drawings: Drawings | None = None,
) -> list[Path]:
    """Write one submission's files of a batch (:data:`BATCH_FILES`) into ``directory``:
    the whole record and the instructor's views, and beside them the student's copy
    (hidden tests' expected answers left out), each saying whose it is. ``drawings``:
    the drawings the batch keeps for its ``trees`` (a run drawn once for the batch);
    by default, a visible test is drawn once for both pages."""
    from grader.grading.report import student_view

    drawings = drawings if drawings is not None else Drawings()
    shown = student_view(report)
    texts = {}
    for copy in BATCH_COPIES:
        context = ReportContext(trees=trees or {}, note=copy.note, drawings=drawings)
        for name, fmt in batch_files_of(copy):
            texts[name] = fmt.text(shown if copy.student else report, context)
    return _write_texts(directory, texts)


def batch_texts(reports: Sequence[Report], test_names: Sequence[str]) -> dict[str, str]:
    """The text of each file of a whole batch (:data:`BATCH_LEVEL_FILES`), by file name,
    from its ``reports`` (sorted by submission) and the assignment's ``test_names``."""
    return {
        f.file: f.text_of_batch(reports, test_names) for f in FORMATS if f.write_batch is not None
    }


def _write_texts(directory: Path, texts: Mapping[str, str]) -> list[Path]:
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise GraderError(f"{directory}: cannot create the report folder ({exc})") from None
    paths = []
    for name, text in texts.items():
        path = directory / name
        try:
            path.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise GraderError(f"{path}: cannot write the report ({exc})") from None
        paths.append(path)
    return paths


__all__ = [
    "BATCH_FILES",
    "BATCH_LEVEL_FILES",
    "FORMATS",
    "INSTRUCTOR_NOTE",
    "INSTRUCTOR_PREFIX",
    "REPORT_FILES",
    "STUDENT_NOTE",
    "STUDENT_PREFIX",
    "Drawings",
    "ReportContext",
    "ReportFormat",
    "TestTree",
    "batch_texts",
    "write_batch_reports",
    "write_reports",
]
