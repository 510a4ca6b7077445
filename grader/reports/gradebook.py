"""The CSV gradebook: one row per submission; per test, its points and beside them its status
(passed, failed, timeout, memory, error, sandbox_error), as otter's and Gradescope's
exports do; the total is ``score``.

Every cell passes :func:`grader.grading.sinks.for_csv`, so a submission named ``-C2-D2`` or
``=HYPERLINK(...)`` is text in a spreadsheet, never a formula.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

from grader.grading.report import Report
from grader.grading.sinks import for_csv
from grader.reports.feedback import points

FIXED_COLUMNS = ("submission", "score", "max_score", "passed", "failed", "grader_faults")
STATUS_SUFFIX = " status"  # the column beside a test's points: "<test> status"


def gradebook_header(test_names: Sequence[str]) -> list[str]:
    """The column names: the fixed ones, then two per test: its points, its status."""
    return [*FIXED_COLUMNS, *(c for n in test_names for c in (n, n + STATUS_SUFFIX))]


def gradebook_row(report: Report, test_names: Sequence[str]) -> list[str]:
    """One submission's row; a test the report lacks is left empty."""
    by_name = {t.name: t for t in report.tests}
    passed = sum(1 for t in report.tests if t.passed)
    fixed = [
        report.submission,
        points(report.score),
        points(report.max_score),
        str(passed),
        str(len(report.tests) - passed),
        " ".join(report.grader_faults),
    ]
    tests = [
        cell
        for n in test_names
        for cell in ((points(by_name[n].score), by_name[n].status) if n in by_name else ("", ""))
    ]
    return fixed + tests


def gradebook_csv(reports: Iterable[Report], test_names: Sequence[str]) -> str:
    """The whole gradebook as CSV text."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([for_csv(c) for c in gradebook_header(test_names)])
    for report in reports:
        writer.writerow([for_csv(c) for c in gradebook_row(report, test_names)])
    return out.getvalue()

