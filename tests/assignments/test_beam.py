"""The beam assignment's goldens against answers worked by hand, and the notes' claims.

The notes (forward pruning, 3.3) give beam search's rule but no numbers: "generate only
the top n most promising children according to EVAL", "e.g. top 3", and the risk that a
"genius move" which looks bad at first glance (a queen sacrifice) is pruned. The trees
here put numbers on those words; the values and moves below are worked from each tree's
drawing in its file's description.
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

BEAM = load_assignment("beam")


def golden(test: str) -> SearchRecord:
    return load_golden(BEAM.golden_path(BEAM.test(test))).record


# (test, value, action): answers worked out by hand from each tree's drawing
HAND_WORKED = [
    # A ranks B 5, C 1, D 6: keeps D and B; D = min(2, 5), B = min(3, 8)
    pytest.param("fig5.2-width-2", 3, "a1", id="fig52-width-2"),
    # D alone (eval 6), then D3 alone (the lowest leaf)
    pytest.param("fig5.2-width-1", 2, "a3", id="fig52-width-1"),
    pytest.param("fig5.2-depth-1", 6, "a3", id="fig52-depth-1"),
    pytest.param("depth-0", 3, None, id="depth-0"),
    # the notes' risk: C (5) and B (4) are kept, the sacrifice D (-3) is not
    pytest.param("genius-move-missed", 3, "a1", id="genius-missed"),
    # the notes' "top 3": C, B and D; D = min(8, 7) = 7
    pytest.param("genius-move-top-3", 7, "a3", id="genius-top-3"),
    # B keeps F (1) and E (2): 7; C keeps I (0) and H (3): 6
    pytest.param("min-ranks", 7, "a1", id="min-ranks"),
    pytest.param("min-ranks-full-width", 5, "a2", id="min-ranks-full-width"),
    pytest.param("rank-ties", 2, "a1", id="rank-ties"),
    pytest.param("value-ties", 4, "a2", id="value-ties"),
    pytest.param("min-at-root", 5, "a1", id="min-at-root"),
    pytest.param("terminal-child", 4, "a1", id="terminal-child"),
    # the first two moves, unscored: B = 3, C = 2
    pytest.param("action-order", 3, "a1", id="action-order"),
]


@pytest.mark.parametrize(("test", "value", "action"), HAND_WORKED)
def test_goldens_agree_with_hand_worked_answers(test: str, value: Any, action: Any) -> None:
    record = golden(test)
    assert (record.value, record.action) == (value, action)


def test_the_genius_move_is_what_minimax_plays() -> None:
    # the sacrifice a3 wins 7 for minimax; a beam of 2 never expands it
    tree = load_tree(BEAM.tree_path(BEAM.test("genius-move-missed")))
    assert search("minimax", TreeGame(tree), tree.root, 2) == (7, "a3")
    assert "D" not in golden("genius-move-missed").expanded
    assert "D" in golden("genius-move-top-3").expanded


def test_the_ranking_evaluations_are_graded() -> None:
    # A's children are evaluated, in action order, before D (the best rated) is expanded;
    # C, outside the beam, is evaluated and never expanded
    record = golden("fig5.2-width-2")
    assert record.evaluated[:3] == ["B", "C", "D"]
    assert record.expanded == ["A", "D", "B"]
    assert set(BEAM.test("fig5.2-width-2").checks) >= {"expanded", "evaluated"}


def test_the_old_beam_scores_nothing() -> None:
    record = golden("action-order")
    assert record.expanded == ["A", "B", "C"]
    assert record.evaluated == ["B1", "B2", "C1", "C2"]
