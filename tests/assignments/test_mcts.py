"""The mcts assignment: the notes' tree worked by hand, and the outcome tests find the
minimax move."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grader.authoring.assignment import load_assignment
from grader.authoring.golden import load_golden
from grader.errors import GraderError
from grader.reports.treeshow import show_tree_file
from grader.trees.game import TreeGame
from grader.trees.tree import load_tree
from reference.minimax import minimax
from tests.examples.tiny_assignment import write_assignment

LOADED = load_assignment("mcts")
TESTS = {t.name: t for t in LOADED.spec.tests}


def golden(name: str):  # type: ignore[no-untyped-def]
    return load_golden(LOADED.golden_path(TESTS[name])).record


def test_fig52_twelve_iterations_worked_by_hand() -> None:
    # A(max) -a1-> B(min): 3 12 8 | -a2-> C: 2 4 6 | -a3-> D: 14 5 2
    # iterations 1-3 add B, C, D and play out once each (B3 = 8, C3 = 6, D1 = 14);
    # D's 14 leads UCB1 (payoffs dwarf sqrt 2), so D is expanded three times (d1 d2 d3)
    record = golden("notes-fig52-12")
    assert record.expanded[:6] == ["A", "A", "A", "D", "D", "D"]
    assert record.evaluated[:3] == ["B3", "C3", "D1"]
    assert (record.value, record.action) == ([3, 2, 7], "a3")
    assert sum(record.value) == 12  # every iteration visits one root child


@pytest.mark.parametrize("name", ["one-winning-move", "deep-win", "trap", "notes-fig52-60"])
def test_enough_iterations_find_the_minimax_move(name: str) -> None:
    tree = load_tree(LOADED.tree_path(TESTS[name]))
    _, best = minimax(TreeGame(tree), tree.root, 10)
    assert golden(name).action == best


def test_outcome_tests_check_the_action_only() -> None:
    assert [n for n, t in TESTS.items() if t.checks == ["action"]] == ["one-winning-move",
                                                                       "deep-win"]
    assert len(TESTS) >= 12 and any(t.visibility == "hidden" for t in TESTS.values())


def test_few_iterations_on_a_deep_tree_need_no_evals(tmp_path: Path) -> None:
    # MCTS's depth counts iterations and its playouts go to the terminals: two iterations
    # on the three-ply deep-win tree (no evals) build, where a depth of 2 plies would not
    data = json.loads(LOADED.tree_path(TESTS["deep-win"]).read_text())
    test = {"name": "t", "tree": "trees/deep.tree.json", "depth": 2, "points": 1,
            "random_seed": 1, "checks": ["value", "action", "expanded", "evaluated"]}
    folder = write_assignment(tmp_path / "a", {"deep": data}, [test], entry="mcts")
    record = load_golden(folder / "golden" / "t.json").record
    assert record.value == [1, 1] and record.expanded == ["A", "A"]
    with pytest.raises(GraderError, match="eval"):
        write_assignment(tmp_path / "b", {"deep": data}, [{**test, "checks": ["value"]}],
                         entry="minimax")


def test_a_seed_is_refused_where_the_search_draws_nothing(tmp_path: Path) -> None:
    # a stream would make the graded game read a growing tree: only mcts takes a seed
    data = json.loads(LOADED.tree_path(TESTS["deep-win"]).read_text())
    test = {"name": "t", "tree": "trees/deep.tree.json", "depth": 3, "points": 1,
            "random_seed": 1}
    with pytest.raises(GraderError, match=r"tests\[t\]\.random_seed: minimax draws no random"):
        write_assignment(tmp_path / "a", {"deep": data}, [test], entry="minimax")


def test_tree_show_runs_iterations_and_values_to_the_terminals() -> None:
    # six plies, no evals: five iterations add five nodes below the root, and their
    # playouts read three more positions (the others are marked)
    path = LOADED.tree_path(TESTS["random-b2-d6"])
    text = show_tree_file(path=path, depth=5, algorithm="mcts")
    head, *lines = text.splitlines()
    assert "mcts, 5 iterations with the random stream of seed 0" in head
    visited = [line for line in lines if "[pruned]" not in line]
    assert f"visits {len(visited)} of {len(lines)} positions" in head
    assert 6 <= len(visited) < len(lines)
