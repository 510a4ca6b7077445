"""What a report writer gets besides the report: :class:`ReportContext`.

A writer never loads files nor grades: the caller hands it the test trees, already loaded
(:mod:`grader.grading.report_trees` makes them from an assignment), and whose copy it writes.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
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
    noisy_limit: int | None = None  # a quiescence test's quiescence_depth (None: unset)


DRAWINGS_KEPT_CHARS = 64 << 20  # text of the drawings a batch keeps, at the most


class Drawings:
    """Test drawings kept for every page that shows the same run again: the two pages of
    one report, or every report of a batch (in a class most runs of a test are the same).

    A drawing is keyed on the :class:`TestTree` it draws (the object itself: a key is
    never taken for another tree) and on ``key``, which must hold everything else the
    drawing depends on (the writer knows what: the run shown, and what a note says when
    there is none). Bounded: past ``kept_chars`` of text, the oldest drawings go. Safe to
    share between threads (two threads may both draw a run that neither has yet).
    """

    def __init__(self, kept_chars: int = DRAWINGS_KEPT_CHARS) -> None:
        self.kept_chars = kept_chars
        self._kept: OrderedDict[tuple[int, Hashable], tuple[TestTree, str]] = OrderedDict()
        self._chars = 0
        self._lock = threading.Lock()

    def drawing(self, drawn: TestTree, key: Hashable, draw: Callable[[], str]) -> str:
        """The drawing of ``drawn`` for ``key``: kept, or made by ``draw`` and kept."""
        slot = (id(drawn), key)
        with self._lock:
            kept = self._kept.get(slot)
            if kept is not None and kept[0] is drawn:
                self._kept.move_to_end(slot)
                return kept[1]
        text = draw()
        with self._lock:
            if slot not in self._kept:
                self._kept[slot] = (drawn, text)
                self._chars += len(text)
            while self._chars > self.kept_chars and self._kept:
                self._chars -= len(self._kept.popitem(last=False)[1][1])
        return text


@dataclass(frozen=True)
class ReportContext:
    """A writer's input besides the report.

    ``trees``: each test's :class:`TestTree` by test name (a test missing here is not
    drawn). ``note``: a line saying whose copy this is (a batch writes several), or
    ``None``. ``drawings``: where the pages of one report, or of a whole batch, keep the
    tests' drawings, so that the same run is drawn once (:class:`Drawings`); ``None``
    draws afresh.
    """

    trees: Mapping[str, TestTree] = field(default_factory=dict)
    note: str | None = None
    drawings: Drawings | None = None
