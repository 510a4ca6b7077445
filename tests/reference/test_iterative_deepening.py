"""Iterative deepening: alpha-beta at depths 1..d, the previous best root move first."""

from __future__ import annotations

from tests.reference.runs import full, run

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
