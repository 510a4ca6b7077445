"""The negamax assignment: the notes' worked examples, and the root value in both terms.

A test leaves ``value_for`` unset, so the value for the player to move at the root (the
notes' negamax) and player 0's both pass; they differ only where MIN moves first, and
there the report names the one matched. A test that sets it grades that one alone.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from grader.authoring.assignment import load_assignment
from grader.authoring.build import build_assignment
from grader.authoring.golden import load_golden
from grader.grading.check import grade_submission
from grader.reports.feedback import describe_test
from grader.trees.tree import load_tree

REPO = Path(__file__).resolve().parents[2]
CORRECT = REPO / "examples" / "negamax" / "correct.py"  # the notes' form: the mover's value
PLAYER_ZERO = REPO / "tests" / "examples" / "forms" / "negamax" / "player_zero_value.py"


def golden(test: str) -> Any:
    loaded = load_assignment("negamax")
    return load_golden(loaded.golden_path(loaded.test(test)))


@pytest.mark.parametrize(
    ("test", "value", "action"),
    [
        # the notes' simple game tree: s0(max) -a0-> s1(min): s3 = 1, s4 = -1;
        # -a1-> s2(min) -a0-> s5(max): s6 = 0, s4 = -1. MAX a1, MIN a0, MAX a0: 0
        pytest.param("notes-game-tree", 0, "a1", id="notes-game-tree"),
        # the notes' alpha-beta diagram (AIMA fig 5.2): B = 3, C = 2, D = 2; A = 3 by a1
        pytest.param("aima-fig5.2", 3, "a1", id="notes-fig5.2"),
        # leaves at plies 1 to 4: a2 = 5 beats B = 4 and the deep a3 = 3
        pytest.param("uneven-depths", 5, "a2", id="uneven"),
        # the evals at ply 2: B = min(6, 4) = 4, C = min(3, 5) = 3; A = 4 by a1
        pytest.param("cutoff-depth-2", 4, "a1", id="cutoff-2"),
        # at ply 1, on MIN's turn: B = 2, C = 1; A = 2 by a1
        pytest.param("cutoff-depth-1", 2, "a1", id="cutoff-1"),
        pytest.param("cutoff-depth-0", 0, None, id="depth-0"),
        pytest.param("first-best-tie", 5, "a1", id="tie"),
        # min-at-root: A(min) -> B(max): 3 12 | C(max): 2 4 | D(max): 14 1; A = 4 by a2,
        # which is -4 for MIN, the player to move
        pytest.param("min-at-root", -4, "a2", id="min-at-root-for-the-mover"),
    ],
)
def test_goldens_give_the_worked_answers(test: str, value: Any, action: str | None) -> None:
    record = golden(test).record
    assert (record.value, record.action) == (value, action)


def test_the_notes_tree_searches_s4_on_both_paths() -> None:
    record = golden("notes-game-tree").record
    assert record.expanded == ["s0", "s1", "s2", "s5"]
    assert record.evaluated == ["s3", "s4", "s6", "s4"]
    assert record.prunes == 0


def test_two_values_are_accepted_exactly_where_min_moves_first() -> None:
    loaded = load_assignment("negamax")
    for spec in loaded.spec.tests:
        tree = load_tree(loaded.tree_path(spec))
        forms = load_golden(loaded.golden_path(spec)).forms
        min_first = tree.nodes[tree.root].to_move == 1
        assert bool(forms) == min_first, spec.name
        if min_first:
            mover, player0 = (f.record for f in forms)
            assert [f.name for f in forms] == ["value for the mover", "value for player 0"]
            assert mover.value == -player0.value != 0
            assert (mover.action, mover.visits) == (player0.action, player0.visits)


@pytest.mark.parametrize(
    ("path", "form"),
    [
        pytest.param(CORRECT, "value for the mover", id="notes-form"),
        pytest.param(PLAYER_ZERO, "value for player 0", id="player-0"),
    ],
)
def test_both_values_pass_and_the_report_names_the_one_matched(path: Path, form: str) -> None:
    report = grade_submission(
        submission=path, assignment="negamax", tests=["min-at-root", "aima-fig5.2"]
    )
    by_name = {t.name: t for t in report.tests}
    assert report.score == report.max_score
    assert by_name["min-at-root"].form == form
    assert f"graded as {form}" in describe_test(by_name["min-at-root"])
    assert by_name["aima-fig5.2"].form is None  # MAX at the root: one value


@pytest.mark.parametrize(
    ("pinned", "path", "expected", "got"),
    [
        pytest.param("player0", CORRECT, 4, -4, id="player0-pinned"),
        pytest.param("mover", PLAYER_ZERO, -4, 4, id="mover-pinned"),
    ],
)
def test_a_test_that_sets_value_for_grades_that_value_alone(
    tmp_path: Path, pinned: str, path: Path, expected: int, got: int
) -> None:
    folder = tmp_path / "negamax"
    shutil.copytree(load_assignment("negamax").folder, folder)
    spec = yaml.safe_load((folder / "assignment.yaml").read_text())
    spec["tests"] = [
        dict(t, value_for=pinned)
        for t in spec["tests"]
        if t["name"] in ("min-at-root", "aima-fig5.2")
    ]
    (folder / "assignment.yaml").write_text(yaml.safe_dump(spec, sort_keys=False))
    build_assignment(assignment=folder)
    report = grade_submission(submission=path, assignment=folder)
    by_name = {t.name: t for t in report.tests}
    assert by_name["aima-fig5.2"].passed  # MAX at the root: the same value either way
    result = by_name["min-at-root"]
    assert not result.passed and result.form is None
    assert result.message == f"root value: expected {expected}, got {got}"
    assert result.feedback[0].startswith(
        "Known mistake: your root value is the other player's: this test sets game.value_for"
    )
