"""Max^n: every player maximises its own payoff; Korf's shallow pruning with a bound on the sum."""

from __future__ import annotations

import math
from typing import Any

import pytest

from grader.trees.tree import parse_tree
from tests.reference.runs import full, run


def three(root: str, nodes: dict[str, Any]) -> dict[str, Any]:
    return full(root, nodes, players=3)


# A(p0) -a1-> B(p1) -b1-> B1 (3, 3, 3)
#                   -b2-> B2 (1, 5, 0)    p1 takes 5: B = (1, 5, 0)
#       -a2-> C(p1) -c1-> C1 (4, 2, 1)
#                   -c2-> C2 (0, 2, 6)    a tie at 2: the first, C = (4, 2, 1)
#       -a3-> D(p1) -d1-> D1 (2, 2, 2)    D = (2, 2, 2)
#                                         p0: 1, 4, 2 -> a2, (4, 2, 1)
PLAIN = three(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "C", "a3": "D"}},
        "B": {"to_move": 1, "children": {"b1": "B1", "b2": "B2"}},
        "C": {"to_move": 1, "children": {"c1": "C1", "c2": "C2"}},
        "D": {"to_move": 1, "children": {"d1": "D1"}},
        "B1": {"utility": [3, 3, 3]},
        "B2": {"utility": [1, 5, 0]},
        "C1": {"utility": [4, 2, 1]},
        "C2": {"utility": [0, 2, 6]},
        "D1": {"utility": [2, 2, 2]},
    },
)


# Payoffs >= 0 summing to at most 10.
# A(p0) -a1-> B(p1) -b1-> B1 (6, 3, 1)
#                   -b2-> B2 (2, 2, 6)    B = (6, 3, 1): p0 is sure of 6
#       -a2-> C(p1) -c1-> C1 (c, c', c'') bound for p1 at C: 10 - 6 = 4
#                   -c2-> C2 (9, 0, 1)    pruned once p1 has >= 4 at C: p0 could get
#                                         at most 10 - 4 = 6 from C, no better than B
def shallow(c1: list[int]) -> dict[str, Any]:
    return three(
        "A",
        {
            "A": {"to_move": 0, "children": {"a1": "B", "a2": "C"}},
            "B": {"to_move": 1, "children": {"b1": "B1", "b2": "B2"}},
            "C": {"to_move": 1, "children": {"c1": "C1", "c2": "C2"}},
            "B1": {"utility": [6, 3, 1]},
            "B2": {"utility": [2, 2, 6]},
            "C1": {"utility": c1},
            "C2": {"utility": [9, 0, 1]},
        },
    )


@pytest.mark.parametrize(
    ("tree", "depth", "value", "action"),
    [
        pytest.param(PLAIN, 2, [4, 2, 1], "a2", id="each-maximises-its-own"),
        pytest.param(shallow([1, 5, 4]), 2, [6, 3, 1], "a1", id="shallow-tree-unpruned"),
        pytest.param(
            {"format": "game-tree/1", "nested": [[3, 12, 8], [2, 4, 6], [14, 5, 2]]},
            2,
            [3, -3],
            "a1",
            id="two-player-zero-sum-is-minimax",
        ),
    ],
)
def test_value_and_action(tree: dict[str, Any], depth: int, value: list[int], action: str) -> None:
    got = run("maxn", tree, depth)
    assert (got.value, got.action) == (value, action)
    assert got.evaluated == parse_leaves(tree)  # no pruning without a bound


def parse_leaves(tree: dict[str, Any]) -> list[str]:
    """Leaves in depth-first action order, for a tree without transpositions."""
    t = parse_tree(tree)
    out: list[str] = []

    def walk(nid: str) -> None:
        node = t.nodes[nid]
        if node.terminal:
            out.append(nid)
        for child in node.children:
            walk(child)

    walk(t.root)
    return out


@pytest.mark.parametrize(
    ("c1", "eq", "evaluated"),
    [
        pytest.param([1, 5, 4], True, ["B1", "B2", "C1"], id="over-the-bound-prunes"),
        pytest.param([2, 4, 4], True, ["B1", "B2", "C1"], id="at-the-bound-prunes-on-equality"),
        pytest.param([2, 4, 4], False, ["B1", "B2", "C1", "C2"], id="at-the-bound-strict-keeps"),
        pytest.param([5, 3, 2], True, ["B1", "B2", "C1", "C2"], id="under-the-bound-keeps"),
    ],
)
def test_shallow_pruning(c1: list[int], eq: bool, evaluated: list[str]) -> None:
    got = run("maxn", shallow(c1), 2, utility_bound=10, prune_on_equality=eq)
    assert got.evaluated == evaluated
    assert (got.value, got.action) == ([6, 3, 1], "a1")  # pruning never changes the answer


def test_root_player_sure_of_the_whole_bound_stops() -> None:
    # A(p0) -a1-> (10, 0, 0): all there is to get, so a2 is never looked at
    #       -a2-> (0, 0, 10)
    tree = three(
        "A",
        {
            "A": {"to_move": 0, "children": {"a1": "A1", "a2": "A2"}},
            "A1": {"utility": [10, 0, 0]},
            "A2": {"utility": [0, 0, 10]},
        },
    )
    got = run("maxn", tree, 1, utility_bound=10)
    assert (got.value, got.action, got.evaluated) == ([10, 0, 0], "a1", ["A1"])


def test_cut_off_reads_the_eval_vectors() -> None:
    # A(p0) -a1-> B (eval (1, 2, 3)) ...
    #       -a2-> C (eval (3, 0, 0)) ...      depth 1: p0 takes 3 by a2
    tree = three(
        "A",
        {
            "A": {"to_move": 0, "children": {"a1": "B", "a2": "C"}},
            "B": {"to_move": 1, "children": {"b1": "L"}, "eval": [1, 2, 3]},
            "C": {"to_move": 1, "children": {"c1": "L"}, "eval": [3, 0, 0]},
            "L": {"utility": [0, 0, 0]},
        },
    )
    got = run("maxn", tree, 1)
    assert (got.value, got.action, got.evaluated) == ([3, 0, 0], "a2", ["B", "C"])


@pytest.mark.parametrize("bound", [-1.0, math.inf, math.nan], ids=["negative", "inf", "nan"])
def test_refuses_a_bound_that_is_not_a_finite_non_negative_number(bound: float) -> None:
    with pytest.raises(ValueError, match="utility_bound"):
        run("maxn", PLAIN, 2, utility_bound=bound)


# R(p0) -a-> A (3, 3, 4)
#       -b-> X(p0) -x1-> X1 (7, 0, 3)      p0 moves again at X: X = (9, 0, 1)
#                  -x2-> X2 (9, 0, 1)
#       -c-> C (8, 1, 1)                  p0: 3, 9, 8 -> b, (9, 0, 1)
# With a bound of 10, Korf's bound at X would be 10 - 3 = 7 and X1's 7 would cut X2
# off, turning X into (7, 0, 3) and the root into c: the bound holds only between two
# different players, so nothing is pruned at X.
SAME_PLAYER_TWICE = three(
    "R",
    {
        "R": {"to_move": 0, "children": {"a": "A", "b": "X", "c": "C"}},
        "X": {"to_move": 0, "children": {"x1": "X1", "x2": "X2"}},
        "A": {"utility": [3, 3, 4]},
        "X1": {"utility": [7, 0, 3]},
        "X2": {"utility": [9, 0, 1]},
        "C": {"utility": [8, 1, 1]},
    },
)


@pytest.mark.parametrize("eq", [True, False], ids=["prune-on-equality", "strict"])
@pytest.mark.parametrize("bound", [None, 10], ids=["plain", "bound-10"])
def test_no_shallow_cut_where_a_player_moves_twice(bound: float | None, eq: bool) -> None:
    got = run("maxn", SAME_PLAYER_TWICE, 2, utility_bound=bound, prune_on_equality=eq)
    assert (got.value, got.action) == ([9, 0, 1], "b")
    assert got.evaluated == ["A", "X1", "X2", "C"]
