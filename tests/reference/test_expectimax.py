"""Expectimax: chance nodes average their outcomes, MAX and MIN as in minimax."""

from __future__ import annotations

from typing import Any

import pytest

from tests.reference.runs import full, run

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
