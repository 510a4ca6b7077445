"""The lmr assignment: its goldens agree with the trees worked by hand.

The notes (Topic 3, forward pruning) state late-move reductions without numbers: "it
searches the first few moves at full depth, but searches the later moves (which are
likely bad) at reduced depth (e.g., Depth - 2)", at the risk of missing a move that
only looks good deeper. The trees here show both: a late move read at its eval keeps a
poor value where minimax finds a better one, and a late move that beats the bound is
searched again at full depth.
"""

from __future__ import annotations

from typing import Any

import pytest

from grader.authoring.assignment import load_assignment
from grader.authoring.golden import load_golden
from grader.trees.game import TreeGame
from grader.trees.record import SearchRecord
from grader.trees.tree import load_tree
from reference.algorithms import search


def record(test: str) -> SearchRecord:
    loaded = load_assignment("lmr")
    return load_golden(loaded.golden_path(loaded.test(test))).record


# (test, value, action, nodes expanded, nodes evaluated), in order: from each drawing
HAND_WORKED = [
    # one move in full: B = 4 (alpha 4); C's eval 3 <= 4 stands; D's eval 5 > 4, so D is
    # searched again: 5, then 1 <= 4 cuts, D = 4
    pytest.param(
        "late-moves", 4, "a1", ["A", "B", "D"], ["B1", "B2", "C", "D", "D1", "D2"], id="late"
    ),
    # MIN first: B = 5 (beta 5); C's eval 6 >= 5 stands; D's eval 1 < 5 is searched again
    pytest.param(
        "min-root", 5, "a1", ["A", "B", "D"], ["B1", "B2", "C", "D", "D1", "D2"], id="min-root"
    ),
    # no re-search: D's eval 5 stands and beats B's 4
    pytest.param("no-re-search", 5, "a3", ["A", "B"], ["B1", "B2", "C", "D"], id="no-re-search"),
    # two moves in full: C = 7 (alpha 7); D's eval 5 <= 7 stands
    pytest.param(
        "two-full-moves", 7, "a2", ["A", "B", "C"], ["B1", "B2", "C1", "C2", "D"], id="two-full"
    ),
    # the notes' depth - 2: at depth 3 the root's third move D is searched to one ply
    # first, in the window [7, 8]: D1's eval 6 <= 7 cuts D, which keeps 7
    pytest.param(
        "depth-minus-two",
        7,
        "a2",
        ["A", "B", "B1", "B2", "C", "C1", "C2", "D"],
        ["B1x", "B1y", "B2x", "C1x", "C1y", "C2x", "D1"],
        id="depth-minus-two",
    ),
    # two plies off: C is read at its eval (2 <= 4 stands); D's eval 8 > 4 is searched
    # again at two plies; B's b2 would have -1 plies left, so it is searched in full
    pytest.param(
        "reduction-two",
        4,
        "a1",
        ["A", "B", "B1", "B2", "D", "D1"],
        ["B1x", "B1y", "B2x", "C", "D", "D1x", "D1y"],
        id="reduction-two",
    ),
    # three moves in full: D = 7 (alpha 7); E's eval 6 <= 7 stands
    pytest.param(
        "three-full-moves",
        7,
        "a3",
        ["A", "B", "C", "D"],
        ["B1", "B2", "C1", "C2", "D1", "D2", "E"],
        id="three-full-moves",
    ),
    # two in full: D's eval 1 <= 5 stands (its 7 missed); E's 6 > 5: searched again, 2 cuts
    pytest.param(
        "four-moves",
        5,
        "a2",
        ["A", "B", "C", "E"],
        ["B1", "B2", "C1", "C2", "D", "E", "E1"],
        id="four-moves",
    ),
    # one ply to go: nothing to reduce
    pytest.param("depth-1", 9, "a1", ["A"], ["B", "C", "D"], id="depth-1"),
]


@pytest.mark.parametrize(("test", "value", "action", "expanded", "evaluated"), HAND_WORKED)
def test_goldens_agree_with_hand_worked_answers(
    test: str, value: Any, action: str, expanded: list[str], evaluated: list[str]
) -> None:
    got = record(test)
    assert (got.value, got.action, got.expanded, got.evaluated) == (
        value,
        action,
        expanded,
        evaluated,
    )


@pytest.mark.parametrize(
    ("test", "minimax"),
    [
        pytest.param("late-moves", (7, "a2"), id="late-moves"),
        pytest.param("min-root", (4, "a2"), id="min-root"),
    ],
)
def test_reductions_miss_a_move_that_only_looks_good_deeper(
    test: str, minimax: tuple[int, str]
) -> None:
    # the notes' risk: the late move C is worth more than its eval says
    loaded = load_assignment("lmr")
    spec = loaded.test(test)
    tree = load_tree(loaded.tree_path(spec))
    assert search("minimax", TreeGame(tree), tree.root, spec.depth) == minimax
    got = record(test)
    assert (got.value, got.action) != minimax


def test_with_a_perfect_evaluation_the_value_is_minimax() -> None:
    loaded = load_assignment("lmr")
    spec = loaded.test("random-exact-evals")
    tree = load_tree(loaded.tree_path(spec))
    value, _ = search("minimax", TreeGame(tree), tree.root, spec.depth)
    assert record("random-exact-evals").value == value
