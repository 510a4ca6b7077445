"""Expectimax: chance nodes average their outcomes, MAX and MIN as in minimax."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grader.trees.tree import Tree
from tests.reference.runs import full, run
from tests.reference.test_properties import PROPERTY, Case, searches

# A(max) -a1-> B(chance) -b1 (1/2)-> B1 = 2
#                        -b2 (1/2)-> B2 = 4       B = 3
#        -a2-> C(chance) -c1 (1/4)-> C1 = 0
#                        -c2 (3/4)-> C2 = 8       C = 6
#                                                 A = 6 by a2
AVERAGES = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "C"}},
        "B": {
            "chance": True,
            "children": {"b1": "B1", "b2": "B2"},
            "probabilities": {"b1": 0.5, "b2": 0.5},
            "eval": 9,
        },
        "C": {
            "chance": True,
            "children": {"c1": "C1", "c2": "C2"},
            "probabilities": {"c1": 0.25, "c2": 0.75},
            "eval": 1,
        },
        "B1": {"utility": 2},
        "B2": {"utility": 4},
        "C1": {"utility": 0},
        "C2": {"utility": 8},
    },
)

# A(max) -a1-> B(chance) -b1 (1/2)-> D(min) -d1-> 3, -d2-> 9      D = 3
#                        -b2 (1/2)-> E(min) -e1-> 5, -e2-> 1      E = 1    B = 2
#        -a2-> A2 = 2.5                                           A = 2.5 by a2
WITH_MIN = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "A2"}},
        "B": {
            "chance": True,
            "children": {"b1": "D", "b2": "E"},
            "probabilities": {"b1": 0.5, "b2": 0.5},
        },
        "D": {"to_move": 1, "children": {"d1": "D1", "d2": "D2"}},
        "E": {"to_move": 1, "children": {"e1": "E1", "e2": "E2"}},
        "D1": {"utility": 3},
        "D2": {"utility": 9},
        "E1": {"utility": 5},
        "E2": {"utility": 1},
        "A2": {"utility": 2.5},
    },
)

# B(chance) -b1 (0.2)-> 10
#           -b2 (0.8)-> 0     a chance root: 2, no action
CHANCE_ROOT = full(
    "B",
    {
        "B": {
            "chance": True,
            "children": {"b1": "B1", "b2": "B2"},
            "probabilities": {"b1": 0.2, "b2": 0.8},
        },
        "B1": {"utility": 10},
        "B2": {"utility": 0},
    },
)


# A(max) -a1-> B(chance, eval 9) -b1 (1/2)-> D(min, eval 6) -d1-> 3, -d2-> 7   D = 3
#                                 -b2 (1/2)-> E(min, eval 2) -e1-> 1, -e2-> 9   E = 1
#        -a2-> C(chance, eval 0) -c1 (1/4)-> F(min, eval 1) -f1-> 8, -f2-> 6   F = 6
#                                -c2 (3/4)-> G(min, eval 4) -g1-> 5, -g2-> 4   G = 4
# Depth 2, B and C counted as plies: D..G evaluated, B = 4, C = 3.25, a1 for 4.
# Depth 2, only the players' moves counted: the leaves, B = 2, C = 4.5, a2 for 4.5.
# Depth 1 either way: B and C are cut off and evaluated, a1 for 9.
LAYERS = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "C"}, "eval": 0},
        "B": {
            "chance": True,
            "children": {"b1": "D", "b2": "E"},
            "probabilities": {"b1": 0.5, "b2": 0.5},
            "eval": 9,
        },
        "C": {
            "chance": True,
            "children": {"c1": "F", "c2": "G"},
            "probabilities": {"c1": 0.25, "c2": 0.75},
            "eval": 0,
        },
        "D": {"to_move": 1, "children": {"d1": "D1", "d2": "D2"}, "eval": 6},
        "E": {"to_move": 1, "children": {"e1": "E1", "e2": "E2"}, "eval": 2},
        "F": {"to_move": 1, "children": {"f1": "F1", "f2": "F2"}, "eval": 1},
        "G": {"to_move": 1, "children": {"g1": "G1", "g2": "G2"}, "eval": 4},
        "D1": {"utility": 3},
        "D2": {"utility": 7},
        "E1": {"utility": 1},
        "E2": {"utility": 9},
        "F1": {"utility": 8},
        "F2": {"utility": 6},
        "G1": {"utility": 5},
        "G2": {"utility": 4},
    },
)

# B(chance, eval 5) -b1 (1/2)-> C(chance, eval 1) -c1 (1/2)-> 2, -c2 (1/2)-> 4    C = 3
#                   -b2 (1/2)-> D(max, eval 8)    -d1-> 6, -d2-> 0               D = 6
# two chance layers at the root. Counted: depth 1 evaluates C and D (4.5); depth 2 gives
# 4.5 too (C = 3, D = 6). Not counted: depth 1 reaches C's leaves and D's (4.5), and at
# depth 0 the root is evaluated (5) whether or not it counts.
DICE = full(
    "B",
    {
        "B": {
            "chance": True,
            "children": {"b1": "C", "b2": "D"},
            "probabilities": {"b1": 0.5, "b2": 0.5},
            "eval": 5,
        },
        "C": {
            "chance": True,
            "children": {"c1": "C1", "c2": "C2"},
            "probabilities": {"c1": 0.5, "c2": 0.5},
            "eval": 1,
        },
        "D": {"to_move": 0, "children": {"d1": "D1", "d2": "D2"}, "eval": 8},
        "C1": {"utility": 2},
        "C2": {"utility": 4},
        "D1": {"utility": 6},
        "D2": {"utility": 0},
    },
)


@pytest.mark.parametrize(
    ("tree", "depth", "counts", "value", "action", "evaluated"),
    [
        pytest.param(LAYERS, 2, True, 4, "a1", ["D", "E", "F", "G"], id="counted-stops-at-min"),
        pytest.param(
            LAYERS,
            2,
            False,
            4.5,
            "a2",
            ["D1", "D2", "E1", "E2", "F1", "F2", "G1", "G2"],
            id="not-counted-reaches-the-leaves",
        ),
        pytest.param(LAYERS, 1, True, 9, "a1", ["B", "C"], id="counted-chance-cut-off"),
        pytest.param(
            LAYERS, 1, False, 9, "a1", ["B", "C"], id="not-counted-chance-at-depth-0-is-evaluated"
        ),
        pytest.param(DICE, 1, True, 4.5, None, ["C", "D"], id="counted-two-dice"),
        pytest.param(
            DICE, 1, False, 4.5, None, ["C1", "C2", "D1", "D2"], id="not-counted-two-dice"
        ),
        pytest.param(DICE, 0, False, 5, None, ["B"], id="not-counted-depth-0"),
    ],
)
def test_chance_counts_as_ply(
    tree: dict[str, Any],
    depth: int,
    counts: bool,
    value: float,
    action: str | None,
    evaluated: list[str],
) -> None:
    got = run("expectimax", tree, depth, chance_counts_as_ply=counts)
    assert (got.value, got.action) == (pytest.approx(value), action)
    assert got.evaluated == evaluated


def test_the_default_counts_a_chance_node_as_a_ply() -> None:
    assert run("expectimax", LAYERS, 2) == run("expectimax", LAYERS, 2, chance_counts_as_ply=True)


@pytest.mark.parametrize(
    ("tree", "depth", "value", "action"),
    [
        pytest.param(AVERAGES, 2, 6, "a2", id="weighted-average"),
        pytest.param(AVERAGES, 1, 9, "a1", id="chance-node-at-the-cut-off-is-evaluated"),
        pytest.param(WITH_MIN, 3, 2.5, "a2", id="min-below-chance"),
        pytest.param(WITH_MIN, 4, 2.5, "a2", id="depth-past-the-leaves"),
        pytest.param(CHANCE_ROOT, 1, 2, None, id="chance-root-has-no-action"),
    ],
)
def test_value_and_action(tree: dict[str, Any], depth: int, value: float, action: str) -> None:
    got = run("expectimax", tree, depth)
    assert got.value == pytest.approx(value)
    assert got.action == action


def test_every_outcome_is_searched_in_order() -> None:
    got = run("expectimax", WITH_MIN, 3)
    assert got.expanded == ["A", "B", "D", "E"]
    assert got.evaluated == ["D1", "D2", "E1", "E2", "A2"]


def test_needs_two_players() -> None:
    three = full("X", {"X": {"utility": [1, 2, 3]}}, players=3)
    with pytest.raises(ValueError, match="two-player"):
        run("expectimax", three, 1)


# --- properties, against a formulation over the tree's own data -----------------------


def by_hand(tree: Tree, nid: str, left: int, counts: bool) -> tuple[float, str | None]:
    """Expectiminimax read straight off the tree's nodes, without the game or its trace:
    the value for player 0 and the first best action (None at a chance node or a leaf)."""
    node = tree.nodes[nid]
    if node.utility is not None:
        return node.utility[0], None
    if left == 0:
        assert node.eval is not None
        return node.eval[0], None
    if node.chance:
        below = left - 1 if counts else left
        probabilities = node.probabilities or ()
        values = [by_hand(tree, c, below, counts)[0] for c in node.children]
        return sum(p * v for p, v in zip(probabilities, values, strict=True)), None
    values = [by_hand(tree, c, left - 1, counts)[0] for c in node.children]
    best = max(values) if node.to_move == 0 else min(values)
    return best, node.actions[values.index(best)]


@PROPERTY
@given(searches(chance=0.4), st.booleans(), st.integers(0, 2))
def test_expectimax_is_expectiminimax_read_off_the_tree(
    case: Case, counts: bool, extra: int
) -> None:
    tree, depth = case.tree, case.depth + extra - 1  # from depth 0 to past the bottom
    got = run("expectimax", tree, depth, chance_counts_as_ply=counts)
    value, action = by_hand(tree, tree.root, depth, counts)
    assert got.value == pytest.approx(value)
    assert got.action == action


@PROPERTY
@given(searches(), st.booleans())
def test_without_chance_nodes_expectimax_is_minimax(case: Case, counts: bool) -> None:
    tree, depth = case.tree, case.depth
    got = run("expectimax", tree, depth, chance_counts_as_ply=counts)
    plain = run("minimax", tree, depth)
    assert (got.value, got.action, got.visits) == (plain.value, plain.action, plain.visits)


@PROPERTY
@given(searches(chance=0.4))
def test_not_counting_chance_searches_at_least_as_deep(case: Case) -> None:
    # every node the counting search expands, the other expands too (it only goes deeper)
    tree, depth = case.tree, case.depth
    counted = run("expectimax", tree, depth)
    free = run("expectimax", tree, depth, chance_counts_as_ply=False)
    assert set(counted.expanded) <= set(free.expanded)
