"""The expectimax assignment: its worked examples give the values and moves worked by hand.

The lecture notes teach minimax and its refinements but work no example with chance
nodes, so the hand-drawn trees are the textbook ones: CS188's expectimax examples and
AIMA's figure 5.12. Each golden must agree with the answer worked out from the drawing.
"""

from __future__ import annotations

from typing import Any

import pytest

from grader.authoring.assignment import load_assignment
from grader.authoring.golden import load_golden
from grader.trees.record import SearchRecord

ASSIGNMENT = load_assignment("expectimax")


def record(test: str) -> SearchRecord:
    return load_golden(ASSIGNMENT.golden_path(ASSIGNMENT.test(test))).record


# (test, value, action): answers worked out by hand from each tree's drawing
HAND_WORKED = [
    # A(max) -> B: 3 12 9 | C: 2 4 6 | D: 15 6 0, outcomes equally likely: 8, 4, 7
    pytest.param("cs188-uniform", 8, "a1", id="cs188-uniform"),
    # B: 8, 24, -12 at 1/2, 1/3, 1/6 = 4 + 8 - 2 = 10; C: 7, 9 at 1/2 = 8
    pytest.param("cs188-weighted", 10, "a1", id="cs188-weighted"),
    # 0.9 x 2 + 0.1 x 3 = 2.1 against 0.9 x 1 + 0.1 x 4 = 1.3
    pytest.param("aima-fig5.12-left", 2.1, "a1", id="aima-fig5.12-left"),
    # the leaves rescaled to 20, 30, 1, 400: 21 against 40.9, the best move changes
    pytest.param("aima-fig5.12-right", 40.9, "a2", id="aima-fig5.12-right"),
    # MIN nodes evaluated (6, 2 | 1, 4): 0.5 x 6 + 0.5 x 2 = 4, 0.25 x 1 + 0.75 x 4 = 3.25
    pytest.param("chance-is-a-ply", 4, "a1", id="chance-is-a-ply"),
    # the MIN nodes searched (3, 1 | 6, 4): 2 against 0.25 x 6 + 0.75 x 4 = 4.5
    pytest.param("chance-is-not-a-ply", 4.5, "a2", id="chance-is-not-a-ply"),
    # MIN at the root: B = 4, C = 0.8 x 1 + 0.2 x 10 = 2.8
    pytest.param("min-first", 2.8, "a2", id="min-first"),
    # 4, 4, 4: the first
    pytest.param("first-best-tie", 4, "a1", id="first-best-tie"),
    # a chance root: 0.25 x 10 + 0.75 x 7, and nobody chooses there
    pytest.param("chance-root", 7.75, None, id="chance-root"),
    pytest.param("cutoff-depth-0", 0, None, id="cutoff-depth-0"),
    pytest.param("cutoff-depth-1", 3, "a1", id="cutoff-depth-1"),
    # B = 0.5 x 6 + 0.5 x 1, C = 0.2 x 2 + 0.8 x 3
    pytest.param("cutoff-depth-2", 3.5, "a1", id="cutoff-depth-2"),
    # D = min(5, 5), E = min(2, 9), F = min(4, 7), G = min(4, 8): 3.5 against 4
    pytest.param("cutoff-depth-3", 4, "a2", id="cutoff-depth-3"),
    # D = min(6, 5), E = min(3, 9), F = min(6, 7), G = min(4, 5.4): 4 against 4.4
    pytest.param("cutoff-full-depth", 4.4, "a2", id="cutoff-full-depth"),
    # two plies of the players' moves reach the depth-3 cut-off of the counting search
    pytest.param("cutoff-not-a-ply-depth-2", 4, "a2", id="cutoff-not-a-ply-depth-2"),
    # C1 = 0.5 x 3 + 0.5 x 5 = 4, C2 = 0.25 x 8 + 0.75 x 2 = 3.5, B = 3.75; D = 3.6
    pytest.param("two-dice", 3.75, "a1", id="two-dice"),
    pytest.param("two-dice-not-a-ply", 3.75, "a1", id="two-dice-not-a-ply"),
]


@pytest.mark.parametrize(("test", "value", "action"), HAND_WORKED)
def test_goldens_agree_with_hand_worked_answers(test: str, value: Any, action: str | None) -> None:
    got = record(test)
    assert (got.value, got.action) == (pytest.approx(value), action)


@pytest.mark.parametrize(
    ("test", "evaluated"),
    [
        pytest.param("chance-is-a-ply", ["D", "E", "F", "G"], id="counted"),
        pytest.param(
            "chance-is-not-a-ply",
            ["D1", "D2", "E1", "E2", "F1", "F2", "G1", "G2"],
            id="not-counted",
        ),
        pytest.param("chance-is-not-a-ply-depth-1", ["B", "C"], id="chance-at-the-cut-off"),
    ],
)
def test_the_depth_tests_pin_the_chance_convention(test: str, evaluated: list[str]) -> None:
    # A(max) -> B(chance 1/2, 1/2) -> D(min): 3 7, E(min): 1 9
    #        -> C(chance 1/4, 3/4) -> F(min): 8 6, G(min): 5 4
    assert record(test).evaluated == evaluated


def test_every_chance_node_of_the_weighted_example_is_searched_in_order() -> None:
    assert record("cs188-weighted").visits == [
        ("actions", "A"),
        ("chance_outcomes", "B"),
        ("utility", "B1"),
        ("utility", "B2"),
        ("utility", "B3"),
        ("chance_outcomes", "C"),
        ("utility", "C1"),
        ("utility", "C2"),
    ]


def test_the_convention_is_set_only_where_chance_is_not_a_ply() -> None:
    unset = {t.name for t in ASSIGNMENT.spec.tests if t.convention("chance_counts_as_ply") is None}
    pinned = {t.name for t in ASSIGNMENT.spec.tests} - unset
    assert pinned == {
        "chance-is-not-a-ply",
        "chance-is-not-a-ply-depth-1",
        "cutoff-not-a-ply-depth-2",
        "two-dice-not-a-ply",
        "random-mixed-not-a-ply",
    }
    assert all(ASSIGNMENT.test(t).convention("chance_counts_as_ply") is False for t in pinned)
