"""A Markdown summary: a table of tests, the total, then what went wrong in each failure.

Made for a CI step summary (append it to the file ``$GITHUB_STEP_SUMMARY`` names). Every
string a submission may have shaped passes :func:`grader.grading.sinks.for_markdown` (one line,
punctuation escaped: no line break, carriage return included, can start a heading or a
bold total) or, for longer feedback, :func:`grader.grading.sinks.for_markdown_block`.
"""

from __future__ import annotations

from grader.grading.report import Report
from grader.grading.sinks import for_markdown, for_markdown_block
from grader.reports.feedback import STATUS_WORDS, feedback_lines, points, total_line


def cell(text: str) -> str:
    """Text safe inside a table cell, a heading or a list item: one line, escaped."""
    return for_markdown(text)


def markdown_summary(report: Report) -> str:
    """The summary of a report as Markdown."""
    lines = [
        f"## {cell(report.assignment)}: {cell(report.submission)}",
        "",
        "| Test | Status | Points | Time (s) |",
        "| --- | --- | ---: | ---: |",
    ]
    for t in report.tests:
        mark = "✅" if t.passed else "❌"
        lines.append(
            f"| {cell(t.name)} | {mark} {STATUS_WORDS[t.status]} | "
            f"{points(t.score)}/{points(t.max_score)} | {t.time_s:.3f} |"
        )
    lines += ["", f"**{total_line(report)}**"]  # the grader's own words
    failures = [t for t in report.tests if not t.passed]
    for t in failures:
        lines += ["", f"### {cell(t.name)}", ""]
        lines += [f"- {cell(line)}" for line in feedback_lines(t)[:1]]
        rest = feedback_lines(t)[1:]
        if rest:
            lines += ["", *for_markdown_block(rest)]
    return "\n".join(lines) + "\n"
