"""The iterative deepening assignment: its goldens against answers worked by hand, the
notes' alpha-beta diagram first, then the clock's tests."""

from __future__ import annotations

from typing import Any

import pytest

from grader.authoring.assignment import load_assignment
from grader.authoring.golden import load_golden
from grader.trees.record import SearchRecord


def golden(test: str) -> SearchRecord:
    loaded = load_assignment("iterative_deepening")
    return load_golden(loaded.golden_path(loaded.test(test))).record


def test_the_notes_alphabeta_diagram_is_the_last_iteration() -> None:
    # A(max) -> B(min, eval 5): 3 12 8 | C(min, eval 1): 2 x y | D(min, eval 3): 14 5 2
    # depth 1: B = 5 is best, so depth 2 searches B, C, D as the notes' diagram does:
    # B picks 3, alpha = 3; C sees 2 < 3 and stops (x, y pruned); D = 2. Root: 3 by a1.
    record = golden("notes-fig52")
    assert (record.value, record.action) == (3, "a1")
    assert record.expanded == ["A", "A", "B", "C", "D"]
    assert record.evaluated == ["B", "C", "D", "B1", "B2", "B3", "C1", "D1", "D2", "D3"]
    assert {"C2", "C3"}.isdisjoint(record.evaluated)  # the notes' pruned x and y


def test_the_previous_best_move_is_searched_first() -> None:
    # the same leaves, D's eval 9: depth 2 searches D (= 2), then B (= 3), then C (C1 = 2
    # <= alpha = 3 prunes C2, C3)
    record = golden("previous-best-first")
    assert (record.value, record.action) == (3, "a1")
    assert record.expanded == ["A", "A", "D", "B", "C"]
    assert record.evaluated[3:] == ["D1", "D2", "D3", "B1", "B2", "B3", "C1"]


# (test, value, action): worked by hand from each tree's drawing in its description
HAND_WORKED = [
    pytest.param("notes-fig52-depth-1", 5, "a1", id="fig52-depth-1"),
    pytest.param("previous-best-first-prunes", 6, "a1", id="reorder-prunes"),
    pytest.param("root-ties", 5, "a2", id="root-ties"),  # a2 searched first keeps the tie
    pytest.param("min-at-root", 6, "a3", id="min-at-root"),
    pytest.param("terminal-replies", 5, "a3", id="terminal-replies"),
    pytest.param("depth-0", 0, None, id="depth-0"),
    # clock tree: depth 1 says 6 by a1 (4 ticks), depth 2 says 5 by a2 (9 ticks more)
    pytest.param("depth-limit", 5, "a2", id="depth-limit"),
    pytest.param("budget-just-enough", 5, "a2", id="budget-13"),
    pytest.param("budget-runs-out-mid-iteration", 6, "a1", id="budget-12"),
    pytest.param("budget-runs-out-in-first-reply", 6, "a1", id="budget-10"),
    pytest.param("budget-spent-by-iteration-1", 6, "a1", id="budget-4"),
    pytest.param("no-budget-left", 6, "a1", id="budget-0"),
]


@pytest.mark.parametrize(("test", "value", "action"), HAND_WORKED)
def test_goldens_agree_with_hand_worked_answers(test: str, value: Any, action: str | None) -> None:
    record = golden(test)
    assert (record.value, record.action) == (value, action)


@pytest.mark.parametrize(
    ("test", "evaluated"),
    [
        # iteration 2 reaches D1 and prunes D2
        pytest.param("budget-just-enough", ["B1", "B2", "C1", "C2", "D1"], id="13-ticks"),
        # 12 ticks: no time is left on entering D1
        pytest.param("budget-runs-out-mid-iteration", ["B1", "B2", "C1", "C2"], id="12-ticks"),
        # 10 ticks: none on entering C2
        pytest.param("budget-runs-out-in-first-reply", ["B1", "B2", "C1"], id="10-ticks"),
        pytest.param("budget-spent-by-iteration-1", [], id="4-ticks"),
        pytest.param("no-budget-left", [], id="0-ticks"),  # iteration 1 always ends
    ],
)
def test_the_clock_stops_iteration_2_where_its_ticks_run_out(
    test: str, evaluated: list[str]
) -> None:
    record = golden(test)
    assert record.evaluated == ["B", "C", "D", *evaluated]
