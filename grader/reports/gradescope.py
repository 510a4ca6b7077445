"""Gradescope's ``results.json``: the documented top-level and per-test fields.

Hidden tests are marked ``"visibility": "hidden"`` (instructors see them; students do
not). The submission's prints stay in each test's output; stdout is hidden. Outputs are
plain text (``output_format: text``) with control characters shown as escapes
(:func:`grader.grading.sinks.for_terminal`).
"""

from __future__ import annotations

import json
from typing import Any

from grader.grading.report import Report
from grader.grading.sinks import for_terminal
from grader.reports.feedback import describe_test, total_line

TOP_FIELDS = frozenset(
    {"score", "execution_time", "output", "output_format", "visibility", "stdout_visibility",
     "extra_data", "tests", "leaderboard"}
)
TEST_FIELDS = frozenset(
    {"score", "max_score", "status", "name", "number", "output", "output_format", "tags",
     "visibility", "extra_data"}
)


def gradescope_results(report: Report) -> dict[str, Any]:
    """The ``results.json`` document of a report."""
    tests = [
        {
            "name": t.name,
            "number": str(i),
            "score": t.score,
            "max_score": t.max_score,
            "status": "passed" if t.passed else "failed",
            "output": for_terminal(describe_test(t)),
            "output_format": "text",
            "visibility": "hidden" if t.visibility == "hidden" else "visible",
            "extra_data": {"status": t.status, "time_s": t.time_s},
        }
        for i, t in enumerate(report.tests, start=1)
    ]
    return {
        "score": report.score,
        "execution_time": round(report.time_s, 3),
        "output": total_line(report),
        "output_format": "text",
        "visibility": "visible",
        "stdout_visibility": "hidden",
        "extra_data": {
            "assignment": report.assignment,
            "max_score": report.max_score,
            "grader_version": report.grader_version,
            "grader_faults": report.grader_faults,
        },
        "tests": tests,
    }


def gradescope_json(report: Report) -> str:
    """``results.json`` as text."""
    return json.dumps(gradescope_results(report), indent=2) + "\n"
