"""Negamax: one rule for both players, reported from MAX's view like minimax."""

from __future__ import annotations

from typing import Any

import pytest

from tests.reference.runs import full, run

# AIMA fig 5.2:  A(max) -> B(min): 3 12 8 | C(min): 2 4 6 | D(min): 14 5 2
FIG52: dict[str, Any] = {"format": "game-tree/1", "nested": [[3, 12, 8], [2, 4, 6], [14, 5, 2]]}

# A(min) -a1-> A1 = 4
#        -a2-> B(max) -b1-> B1 = 2
#                     -b2-> B2 = 7          B = 7, A = min(4, 7) = 4 by a1
MIN_ROOT = full(
    "A",
    {
        "A": {"to_move": 1, "children": {"a1": "A1", "a2": "B"}},
        "B": {"to_move": 0, "children": {"b1": "B1", "b2": "B2"}},
        "A1": {"utility": 4},
        "B1": {"utility": 2},
        "B2": {"utility": 7},
    },
)

# A(max) -a1-> B(min) -b1-> C(min) -c1-> C1 = 5
#                                  -c2-> C2 = 1     C = 1
#                     -b2-> B2 = 3                  B = 1 (MIN moves twice in a row)
#        -a2-> A2 = 2                               A = max(1, 2) = 2 by a2
TWO_MIN_MOVES = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "A2"}},
        "B": {"to_move": 1, "children": {"b1": "C", "b2": "B2"}},
        "C": {"to_move": 1, "children": {"c1": "C1", "c2": "C2"}},
        "C1": {"utility": 5},
        "C2": {"utility": 1},
        "B2": {"utility": 3},
        "A2": {"utility": 2},
    },
)

# A(min) -a1-> B (eval 6) -b1-> B1 = 0
#        -a2-> C (eval 2) -c1-> C1 = 0      depth 1: A = min(6, 2) = 2 by a2
CUT_OFF = full(
    "A",
    {
        "A": {"to_move": 1, "children": {"a1": "B", "a2": "C"}},
        "B": {"to_move": 0, "children": {"b1": "B1"}, "eval": 6},
        "C": {"to_move": 0, "children": {"c1": "C1"}, "eval": 2},
        "B1": {"utility": 0},
        "C1": {"utility": 0},
    },
)

# A(max) -a1-> A1 = 5
#        -a2-> A2 = 5     a tie: the first best, a1
TIE = {"format": "game-tree/1", "nested": [5, 5]}


@pytest.mark.parametrize(
    ("tree", "depth", "value", "action"),
    [
        pytest.param(FIG52, 2, 3, "a1", id="fig52"),
        pytest.param(MIN_ROOT, 2, 4, "a1", id="min-at-root-reported-for-max"),
        pytest.param(TWO_MIN_MOVES, 3, 2, "a2", id="min-moves-twice"),
        pytest.param(CUT_OFF, 1, 2, "a2", id="evals-at-the-cut-off"),
        pytest.param(TIE, 1, 5, "a1", id="tie-to-first"),
    ],
)
def test_value_and_action(tree: dict[str, Any], depth: int, value: int, action: str) -> None:
    got = run("negamax", tree, depth)
    assert (got.value, got.action) == (value, action)


def test_visits_every_node_like_minimax() -> None:
    got = run("negamax", FIG52, 2)
    assert got.expanded == ["A", "B", "C", "D"]
    assert got.evaluated == ["B1", "B2", "B3", "C1", "C2", "C3", "D1", "D2", "D3"]


def test_terminal_root_has_no_action() -> None:
    got = run("negamax", full("X", {"X": {"utility": -7}}), 3)
    assert (got.value, got.action) == (-7, None)
