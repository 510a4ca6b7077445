"""Iterative deepening: alpha-beta at depths 1..d, the previous best root move first."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.reference.runs import Run, full, run
from tests.reference.test_properties import Case, searches

# A(max) -a1-> B(min, eval 1) -b1-> B1 = 6, -b2-> B2 = 7
#        -a2-> C(min, eval 5) -c1-> C1 = 2, -c2-> C2 = 9
# depth 1: B = 1, C = 5 -> a2.
# depth 2, a2 first: C = min(2, 9) = 2, alpha = 2; then B = min(6, 7) = 6 -> 6 by a1.
REORDERED = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "C"}},
        "B": {"to_move": 1, "children": {"b1": "B1", "b2": "B2"}, "eval": 1},
        "C": {"to_move": 1, "children": {"c1": "C1", "c2": "C2"}, "eval": 5},
        "B1": {"utility": 6},
        "B2": {"utility": 7},
        "C1": {"utility": 2},
        "C2": {"utility": 9},
    },
)

# A(max) -a1-> B(min, eval 1) -b1-> B1 = 4
#        -a2-> C(min, eval 3) -c1-> C1 = 4
# depth 1 prefers a2; at depth 2 both are worth 4 and a2, searched first, keeps the tie.
TIE = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "C"}},
        "B": {"to_move": 1, "children": {"b1": "B1"}, "eval": 1},
        "C": {"to_move": 1, "children": {"c1": "C1"}, "eval": 3},
        "B1": {"utility": 4},
        "C1": {"utility": 4},
    },
    players=2,
)


def test_previous_best_move_is_searched_first() -> None:
    got = run("iterative_deepening", REORDERED, 2)
    assert (got.value, got.action) == (6, "a1")
    assert got.expanded == ["A", "A", "C", "B"]
    assert got.evaluated == ["B", "C", "C1", "C2", "B1", "B2"]


def test_one_iteration_is_alpha_beta() -> None:
    got = run("iterative_deepening", REORDERED, 1)
    assert (got.value, got.action, got.evaluated) == (5, "a2", ["B", "C"])


def test_a_tie_goes_to_the_first_in_searched_order() -> None:
    got = run("iterative_deepening", TIE, 2)
    assert (got.value, got.action) == (4, "a2")
    assert run("alphabeta", TIE, 2).action == "a1"  # action order alone would pick a1


def test_depth_zero_evaluates_the_root() -> None:
    tree = full("A", {"A": {"to_move": 0, "children": {"a1": "X"}, "eval": 8}, "X": {"utility": 1}})
    got = run("iterative_deepening", tree, 0)
    assert (got.value, got.action, got.evaluated) == (8, None, ["A"])


def test_terminal_root_is_read_once() -> None:
    got = run("iterative_deepening", full("X", {"X": {"utility": 2}}), 3)
    assert (got.value, got.action, got.evaluated) == (2, None, ["X"])


# --- the clock: time_budget ticks, one a node expanded or evaluated ----------------------

# A(max) -a1-> B(min, eval 6) -b1-> B1 = 1, -b2-> B2 = 2
#        -a2-> C(min, eval 4) -c1-> C1 = 5, -c2-> C2 = 7
#        -a3-> D(min, eval 3) -d1-> D1 = 3, -d2-> D2 = 9
# depth 1: A expanded, B C D evaluated (4 ticks): 6 by a1.
# depth 2, a1 first: A B B1 B2 (B = 1) C C1 C2 (C = 5) D D1 (3 <= 5: D2 pruned), 9 ticks
# more: 5 by a2.
CLOCK = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "C", "a3": "D"}, "eval": 0},
        "B": {"to_move": 1, "children": {"b1": "B1", "b2": "B2"}, "eval": 6},
        "C": {"to_move": 1, "children": {"c1": "C1", "c2": "C2"}, "eval": 4},
        "D": {"to_move": 1, "children": {"d1": "D1", "d2": "D2"}, "eval": 3},
        "B1": {"utility": 1},
        "B2": {"utility": 2},
        "C1": {"utility": 5},
        "C2": {"utility": 7},
        "D1": {"utility": 3},
        "D2": {"utility": 9},
    },
)
ITERATION_1 = ["B", "C", "D"]
ITERATION_2 = ["B1", "B2", "C1", "C2", "D1"]


@pytest.mark.parametrize(
    ("budget", "answer", "expanded", "evaluated"),
    [
        pytest.param(
            None, (5, "a2"), ["A", "A", "B", "C", "D"], ITERATION_1 + ITERATION_2, id="no-clock"
        ),
        # the last node, D1, is entered with 13 - 12 = 1 tick left
        pytest.param(
            13, (5, "a2"), ["A", "A", "B", "C", "D"], ITERATION_1 + ITERATION_2, id="just-enough"
        ),
        # on entering D1 no time is left: iteration 2 is abandoned, iteration 1's answer
        # stands (not the 5 by a2 that iteration 2 had found so far)
        pytest.param(
            12,
            (6, "a1"),
            ["A", "A", "B", "C", "D"],
            ITERATION_1 + ITERATION_2[:4],
            id="out-on-the-last-node",
        ),
        # on entering C2 (A B B1 B2 C C1 after iteration 1: 10 ticks)
        pytest.param(
            10, (6, "a1"), ["A", "A", "B", "C"], ITERATION_1 + ITERATION_2[:3], id="out-in-a-reply"
        ),
        # B's expansion begins A's again: 4 + 2 = 6 ticks before B1 is entered
        pytest.param(5, (6, "a1"), ["A", "A", "B"], ITERATION_1, id="out-in-the-first-reply"),
        # iteration 2 stops at its root
        pytest.param(4, (6, "a1"), ["A"], ITERATION_1, id="out-after-iteration-1"),
        # the first iteration always runs to its end
        pytest.param(0, (6, "a1"), ["A"], ITERATION_1, id="no-time-at-all"),
    ],
)
def test_the_clock_abandons_the_iteration_it_runs_out_in(
    budget: int | None, answer: tuple[int, str], expanded: list[str], evaluated: list[str]
) -> None:
    got = run("iterative_deepening", CLOCK, 2, time_budget=budget)
    assert ((got.value, got.action), got.expanded, got.evaluated) == (answer, expanded, evaluated)


def test_depth_zero_never_reads_the_clock() -> None:
    got = run("iterative_deepening", CLOCK, 0, time_budget=0)
    assert (got.value, got.action, got.evaluated) == (0, None, ["A"])


def visits_of(case: Case, depth: int, **conventions: Any) -> Run:
    return run("iterative_deepening", case.tree, depth, **conventions)


def completed(case: Case, got: Run) -> int:
    """The deepest iteration whose whole search (alone, without a clock) ``got`` begins with:
    an independent reading of how far a run with a clock went."""
    deepest = 1
    for k in range(1, case.depth + 1):
        if got.visits[: len(alone := visits_of(case, k).visits)] == alone:
            deepest = k
    return deepest


@settings(deadline=None, max_examples=40)
@given(searches(evals="random"), st.integers(0, 120))
def test_a_clock_stops_the_unbounded_search_and_keeps_the_last_whole_iteration(
    case: Case, budget: int
) -> None:
    tree, depth = case.tree, case.depth
    unbounded = visits_of(case, depth)
    got = run("iterative_deepening", tree, depth, time_budget=budget)
    assert got.visits == unbounded.visits[: len(got.visits)]  # the same search, cut short
    first = len(visits_of(case, 1).visits)
    assert len(got.visits) <= max(first, budget + 1)  # + 1: a root searched again
    k = completed(case, got)
    alone = visits_of(case, k)
    assert (got.value, got.action) == (alone.value, alone.action)
    if budget >= len(unbounded.visits):  # enough time for the whole search
        assert (got.value, got.action, got.visits) == (
            unbounded.value,
            unbounded.action,
            unbounded.visits,
        )
