"""The order a submission's tests run in: the visible ones first. One sandbox runs them
all, so what a submission read in a hidden test must have no visible test left to be
printed in; the report still lists the tests in the assignment's order."""

from __future__ import annotations

import json
from pathlib import Path

from grader.grading.check import grade_submission
from grader.grading.report import student_view
from tests.examples.tiny_assignment import write_assignment

# keeps what it read in every test (the number of the root's moves), and prints all it
# kept: what a hidden test showed it must never reach a visible test's output
KEEPER = """
SEEN = []


def alphabeta(game, state, depth):
    SEEN.append(len(game.actions(state)))
    print(SEEN)
    return 3, "a1"
"""


def tree(moves: int) -> dict[str, object]:
    # the root has ``moves`` moves, each to a MIN node over two leaves
    return {"format": "game-tree/1", "name": f"root-{moves}",
            "nested": [[m, m + 1] for m in range(moves)]}


def test_the_visible_tests_run_before_the_hidden_ones(tmp_path: Path) -> None:
    tests = [
        {"name": name, "tree": f"trees/root-{moves}.tree.json", "depth": 2, "points": 1,
         "checks": ["action"], "visibility": visibility}
        for name, moves, visibility in [("h1", 1, "hidden"), ("v2", 2, "visible"),
                                        ("h3", 3, "hidden"), ("v4", 4, "visible")]
    ]
    trees = {f"root-{moves}": tree(moves) for moves in (1, 2, 3, 4)}
    folder = write_assignment(tmp_path / "assignment", trees, tests)
    agent = tmp_path / "agent.py"
    agent.write_text(KEEPER)
    report = grade_submission(submission=agent, assignment=folder)
    assert [t.name for t in report.tests] == ["h1", "v2", "h3", "v4"]  # as written
    printed = {t.name: json.loads(t.output or "null") for t in report.tests}
    assert printed["v2"] == [2] and printed["v4"] == [2, 4]  # no hidden depth before them
    assert printed["h3"] == [2, 4, 1, 3]
    shown = student_view(report)
    assert all(1 not in json.loads(t.output or "[]") and 3 not in json.loads(t.output or "[]")
               for t in shown.tests)
