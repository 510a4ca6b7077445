"""What a report writer gets besides the report: :class:`ReportContext`.

A writer never loads files nor grades: the caller hands it the test trees, already loaded
(:mod:`grader.grading.report_trees` makes them from an assignment), and whose copy it writes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # light at run time: the report formats' registry reads this module
    from grader.trees.positions import SearchRun
    from grader.trees.tree import Tree


@dataclass(frozen=True)
class TestTree:
    """What drawing a test needs besides its result: its tree, depth, the reference's run."""

    __test__ = False  # not a pytest test class

    tree: Tree
    depth: int  # plies
    expected: SearchRun | None
    algorithm: str = "minimax"  # the reference search: max^n draws payoff vectors


@dataclass(frozen=True)
class ReportContext:
    """A writer's input besides the report.

    ``trees``: each test's :class:`TestTree` by test name (a test missing here is not
    drawn). ``note``: a line saying whose copy this is (a batch writes several), or
    ``None``. ``drawings``: where the pages of one report keep each test's drawing, so a
    batch's two pages draw a test once; ``None`` draws afresh.
    """

    trees: Mapping[str, TestTree] = field(default_factory=dict)
    note: str | None = None
    drawings: dict[str, str] | None = None
