"""Writers of a :class:`~grader.report.Report`: JSON, Gradescope, JUnit, Markdown, CSV, HTML.

:func:`write_reports` writes the per-submission files of ``grader check --report-dir``:
``report.json``, ``results.json`` (Gradescope), ``junit.xml``, ``summary.md`` and
``report.html`` (its trees drawn when the caller passes them). :func:`write_batch_reports`
writes a batch's: the instructor's whole record and, beside it, the student's copy.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from grader.errors import GraderError
from grader.report import Report, report_json, student_view
from grader.reports.gradescope import gradescope_json
from grader.reports.junit import junit_xml
from grader.reports.markdown import markdown_summary

if TYPE_CHECKING:  # the HTML writer is imported when reports are written, not before
    from grader.reports.html import TestTree

REPORT_FILES = ("report.json", "results.json", "junit.xml", "summary.md", "report.html")
STUDENT_PREFIX = "student-"  # a batch's copies for students: the ones to hand back
INSTRUCTOR_PREFIX = "instructor-"
INSTRUCTOR_NOTE = (
    "Instructor's copy: it shows hidden tests' expected answers. "
    f"Hand back the student's copy, {STUDENT_PREFIX}report.html."
)
STUDENT_NOTE = "Student's copy: hidden tests' expected answers are left out."
BATCH_FILES = (  # report.json, results.json and junit.xml are the whole record
    "report.json", "results.json", "junit.xml",
    f"{INSTRUCTOR_PREFIX}report.html", f"{INSTRUCTOR_PREFIX}summary.md",
    f"{STUDENT_PREFIX}report.html", f"{STUDENT_PREFIX}summary.md", f"{STUDENT_PREFIX}report.json",
)


def write_reports(
    report: Report, directory: Path, *, trees: Mapping[str, TestTree] | None = None
) -> list[Path]:
    """Write every per-submission report into ``directory`` (created if missing);
    ``trees`` (see :mod:`grader.reports.html`) lets the HTML report draw each test."""
    from grader.reports.html import html_report

    texts = {
        "report.json": report_json(report),
        "results.json": gradescope_json(report),
        "junit.xml": junit_xml(report),
        "summary.md": markdown_summary(report),
        "report.html": html_report(report, trees),
    }
    return _write_texts(directory, texts)


def write_batch_reports(
    report: Report, directory: Path, *, trees: Mapping[str, TestTree] | None = None
) -> list[Path]:
    """Write one submission's files of a batch (:data:`BATCH_FILES`) into ``directory``:
    the whole record and the instructor's views, and beside them the student's copy
    (hidden tests' expected answers left out), each saying whose it is."""
    from grader.reports.html import html_report

    shown = student_view(report)
    drawings: dict[str, str] = {}  # a visible test is drawn once for both pages
    texts = {
        "report.json": report_json(report),
        "results.json": gradescope_json(report),
        "junit.xml": junit_xml(report),
        f"{INSTRUCTOR_PREFIX}report.html": html_report(
            report, trees, note=INSTRUCTOR_NOTE, drawings=drawings),
        f"{INSTRUCTOR_PREFIX}summary.md": f"> {INSTRUCTOR_NOTE}\n\n{markdown_summary(report)}",
        f"{STUDENT_PREFIX}report.html": html_report(
            shown, trees, note=STUDENT_NOTE, drawings=drawings),
        f"{STUDENT_PREFIX}summary.md": f"> {STUDENT_NOTE}\n\n{markdown_summary(shown)}",
        f"{STUDENT_PREFIX}report.json": report_json(shown),
    }
    return _write_texts(directory, texts)


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
    "REPORT_FILES",
    "gradescope_json",
    "junit_xml",
    "markdown_summary",
    "write_batch_reports",
    "write_reports",
]
