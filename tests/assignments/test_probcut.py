"""The probcut assignment: its goldens agree with the trees worked by hand, and every
correct form a test leaves open scores full marks.

The notes (Topic 3, Forward Pruning) state ProbCut without numbers: "uses statistics to
predict if a move will cause a pruning cutoff. If the probability is high, it prunes
immediately without checking", and warn of its risk, a good move pruned because it looks
bad at first. The hand-drawn tests show both: a cut-off that is right and one that loses
the better move (``margin-too-small``), and the margin t * sigma that keeps it (``margin``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from grader.authoring.assignment import load_assignment
from grader.authoring.golden import load_golden
from grader.trees.game import TreeGame
from grader.trees.record import SearchRecord
from reference.algorithms import accepted_options, search
from tests.assignments.test_builtin import grade
from tests.examples.tiny_assignment import reference_record


def record(test: str) -> SearchRecord:
    loaded = load_assignment("probcut")
    return load_golden(loaded.golden_path(loaded.test(test))).record


# (test, value, action, nodes evaluated in order): worked from each tree's drawing
HAND_WORKED = [
    # B = 5 (open window), alpha = 5; C's eval 1 <= 5 - 1 cuts C; D's 6 does not, D1 = 4 cuts D
    pytest.param("low-cut", 5, "a1", ["B1", "B2", "C", "D", "D1"], id="low-cut"),
    # t * sigma = 2: C's eval 4 > 3, C is searched and worth 6
    pytest.param("margin", 6, "a2", ["B1", "B2", "C", "C1", "C2"], id="margin"),
    # t * sigma = 0.5: 4 <= 4.5, C is cut off with alpha = 5: the better move is lost
    pytest.param("margin-too-small", 5, "a1", ["B1", "B2", "C"], id="margin-too-small"),
    # MIN root, beta = 4: C's eval 8 >= 5 and D's eval 5 >= 5 cut both off with 4
    pytest.param("high-cut", 4, "a1", ["B1", "B2", "C", "D"], id="high-cut"),
    # a = 0.5, b = 1: C's eval 5 predicts 3.5 <= 5 - 1
    pytest.param("scaled", 5, "a1", ["B1", "B2", "C"], id="scaled"),
    # C's one-ply test with (5, 6) stops at C1's 1; D's reads D1 = 9, D2 = 6 and D is
    # searched in full after it
    pytest.param("shallow-search", 6, "a1",
                 ["B11", "B12", "B21", "C1", "D1", "D2", "D11", "D12", "D21", "D22"],
                 id="shallow-search"),
    # d' = 0: C's and D's evals, 3 and 5, are both <= 6 - 1
    pytest.param("shallow-depth-0", 6, "a1", ["B11", "B12", "B21", "C", "D"],
                 id="shallow-depth-0"),
    pytest.param("cutoff-depth-0", 3, None, ["A"], id="cutoff-depth-0"),
    # the root has one ply to go but an open window: no test, B scored, C evaluated
    pytest.param("horizon", 5, "a1", ["B", "C"], id="horizon"),
    # C's eval 2 <= 5 - 1 cuts C off
    pytest.param("horizon-depth-2", 5, "a1", ["B", "C"], id="horizon-depth-2"),
    # D's eval 6 > 4: D1 = 3, fail-hard D = 5 is not < 5, so E is searched
    pytest.param("strict-hard", 5, "a1", ["B", "D", "D1", "E"], id="strict-hard"),
    # fail-soft D = 3 < 5 cuts C before E
    pytest.param("strict-soft", 5, "a1", ["B", "D", "D1"], id="strict-soft"),
]


@pytest.mark.parametrize(("test", "value", "action", "evaluated"), HAND_WORKED)
def test_goldens_agree_with_hand_worked_answers(
    test: str, value: Any, action: str | None, evaluated: list[str]
) -> None:
    got = record(test)
    assert (got.value, got.action, got.evaluated) == (value, action, evaluated)


def test_the_shallow_search_expands_a_node_that_is_then_searched_in_full() -> None:
    assert record("shallow-search").expanded == ["A", "B", "B1", "B2", "C", "D", "D", "D1", "D2"]


def test_a_golden_keeps_each_order_of_the_tests_where_it_shows() -> None:
    loaded = load_assignment("probcut")
    test = loaded.test("random-b3-d5")
    golden = load_golden(loaded.golden_path(test))
    kept = [f.record.visits for f in golden.forms]
    assert len(set(map(tuple, kept))) == len(kept) >= 2  # distinct records, one per form kept
    for order in ("beta", "alpha", "mover", "opponent"):  # each order's search is one kept
        got = reference_record(loaded.tree_path(test), "probcut", test.depth,
                               **{**test.conventions(), "probcut_order": order})
        assert got.visits in kept, order


class Pinned:
    """A submission that runs the reference with some conventions of its own choosing."""

    def __init__(self, **pinned: Any) -> None:
        self.pinned = pinned

    def probcut(self, game: TreeGame, state: str, depth: int) -> Any:
        options = {k: getattr(game, k) for k in accepted_options("probcut") if hasattr(game, k)}
        return search("probcut", game, state, depth, **{**options, **self.pinned})


@pytest.mark.parametrize(
    "pinned",
    [
        pytest.param({"probcut_order": "mover"}, id="mover-first"),
        pytest.param({"probcut_order": "beta"}, id="beta-first"),
        pytest.param({"probcut_order": "alpha"}, id="alpha-first"),
        pytest.param({"probcut_order": "opponent"}, id="opponent-first"),
    ],
)
def test_any_order_of_the_two_tests_scores_full_marks(
    tmp_path: Path, pinned: dict[str, Any]
) -> None:
    (tmp_path / "agent.py").write_text("")
    report = grade("probcut", tmp_path, Pinned(**pinned))
    assert [t.name for t in report.tests if not t.passed] == []

