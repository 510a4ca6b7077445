"""The words every writer shows for one test: its status, what went wrong, expected vs got."""

from __future__ import annotations

from grader.grading.report import Report, TestResult
from grader.grading.statuses import STATUSES

STATUS_WORDS = {status: look.word for status, look in STATUSES.items()}


def points(value: float) -> str:
    """Points as a course shows them: 4, 2.5, 0.33."""
    return f"{round(value, 2):g}"


def feedback_lines(test: TestResult) -> list[str]:
    """What went wrong in a test, most telling first; empty when it passed."""
    if test.passed:
        return []
    lines = [test.message] if test.message else []
    lines.extend(test.feedback)
    if test.detail:
        lines.append(test.detail.rstrip())
    return lines


def describe_test(test: TestResult) -> str:
    """A test's whole feedback as text, with the submission's prints at the end."""
    lines = [f"{STATUS_WORDS[test.status]}: {points(test.score)}/{points(test.max_score)} points"]
    if test.form:  # the test accepts several correct forms: the one graded
        lines[0] += f", graded as {test.form}"
    lines.extend(feedback_lines(test))
    if test.output:
        lines.extend(["", "Your output:", test.output.rstrip()])
    return "\n".join(lines)


def total_line(report: Report) -> str:
    """``Total: 7/10 points (2 of 3 tests passed)`` and a grader-fault note if any."""
    passed = sum(1 for t in report.tests if t.passed)
    line = (
        f"Total: {points(report.score)}/{points(report.max_score)} points "
        f"({passed} of {len(report.tests)} tests passed)"
    )
    if report.grader_faults:
        line += (
            f"; the grader failed to run {', '.join(report.grader_faults)} "
            "(not your fault): regrade"
        )
    return line
