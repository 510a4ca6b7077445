"""Writers of a :class:`~grader.report.Report`: JSON, Gradescope, JUnit, Markdown, CSV, HTML.

:func:`write_reports` writes the per-submission files of ``grader check --report-dir``:
``report.json``, ``results.json`` (Gradescope), ``junit.xml``, ``summary.md`` and
``report.html`` (its trees drawn when the caller passes them).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from grader.errors import GraderError
from grader.report import Report, report_json
from grader.reports.gradescope import gradescope_json
from grader.reports.junit import junit_xml
from grader.reports.markdown import markdown_summary

if TYPE_CHECKING:  # the HTML writer is imported when reports are written, not before
    from grader.reports.html import TestTree

REPORT_FILES = ("report.json", "results.json", "junit.xml", "summary.md", "report.html")


def write_reports(
    report: Report, directory: Path, *, trees: Mapping[str, TestTree] | None = None
) -> list[Path]:
    """Write every per-submission report into ``directory`` (created if missing);
    ``trees`` (see :mod:`grader.reports.html`) lets the HTML report draw each test."""
    from grader.reports.html import html_report

    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise GraderError(f"{directory}: cannot create the report folder ({exc})") from None
    texts = {
        "report.json": report_json(report),
        "results.json": gradescope_json(report),
        "junit.xml": junit_xml(report),
        "summary.md": markdown_summary(report),
        "report.html": html_report(report, trees),
    }
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
    "REPORT_FILES",
    "gradescope_json",
    "junit_xml",
    "markdown_summary",
    "write_reports",
]
