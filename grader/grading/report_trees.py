"""The test trees a report draws: each test's tree, depth and the reference's run.

The report writers (:mod:`grader.reports`) load nothing: a caller that grades passes
:func:`report_trees` of the assignment it prepared; ``grader report``, which starts from a
saved report, passes :func:`load_report_trees`. (:func:`grader.authoring.build.load_test_trees` is
another thing: the bare trees that ``grader build`` runs the reference searches on.)
"""

from __future__ import annotations

from pathlib import Path

from grader.authoring.assignment import load_assignment
from grader.errors import GraderError
from grader.grading.check import Prepared, prepare
from grader.grading.report import Report
from grader.reports.context import TestTree
from grader.trees.positions import SearchRun


def report_trees(ready: Prepared) -> dict[str, TestTree]:
    """Each prepared test's tree and golden run, by test name, for the reports to draw."""
    trees = {}
    for c in ready.contexts:
        # a long search's golden keeps digests: its lists come from running it again
        golden = c.expected_in_full()
        expected = SearchRun(tuple(golden.expanded), tuple(golden.evaluated),
                             tuple(golden.visits))
        limit = c.spec.convention("quiescence_depth")
        trees[c.spec.name] = TestTree(tree=c.tree, depth=c.depth_plies, expected=expected,
                                      algorithm=c.algorithm,
                                      noisy_limit=limit if isinstance(limit, int) else None)
    return trees


def load_report_trees(
    assignment: str | Path, *, report: Report | None = None
) -> dict[str, TestTree]:
    """Load ``assignment`` (a built-in name or a folder) and give :func:`report_trees` of
    its tests (their trees and goldens, checked as grading checks them).

    With ``report``, refuse an assignment of another name and load only the report's
    tests that the assignment has.
    """
    loaded = load_assignment(assignment)
    if report is not None and report.assignment != loaded.name:
        raise GraderError(
            f"the report is for assignment {report.assignment!r}, not {loaded.name!r}; "
            "give the right one with -a"
        )
    names = {t.name for t in loaded.spec.tests}
    wanted = [t.name for t in report.tests if t.name in names] if report else sorted(names)
    return report_trees(prepare(assignment=loaded.folder, tests=wanted))
