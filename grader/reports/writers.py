"""The per-submission writers of the formats whose text needs nothing of the context but
a note: each takes ``(report, context)``, as :data:`~grader.reports.formats.FORMATS`
calls a writer, and returns the file's text. Loaded on the first file written."""

from __future__ import annotations

from grader.grading.report import Report, report_json
from grader.reports.context import ReportContext
from grader.reports.gradescope import gradescope_json
from grader.reports.junit import junit_xml
from grader.reports.markdown import markdown_summary


def json_file(report: Report, context: ReportContext) -> str:
    """``report.json``: the whole report."""
    return report_json(report)


def gradescope_file(report: Report, context: ReportContext) -> str:
    """Gradescope's ``results.json``."""
    return gradescope_json(report)


def junit_file(report: Report, context: ReportContext) -> str:
    """JUnit XML."""
    return junit_xml(report)


def markdown_file(report: Report, context: ReportContext) -> str:
    """The Markdown summary, under the line that says whose copy it is."""
    summary = markdown_summary(report)
    return f"> {context.note}\n\n{summary}" if context.note else summary
