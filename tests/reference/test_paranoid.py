"""Paranoid: the root player against a coalition of all the others, by alpha-beta."""

from __future__ import annotations

from typing import Any

import pytest

from tests.reference.runs import full, run

# A(p0) -a1-> B(p1) -b1-> B1 (5, 0, 5)
#                   -b2-> B2 (3, 9, 0)    coalition: min over p0's payoff, B = 3
#       -a2-> C(p2) -c1-> C1 (4, 4, 4)
#                   -c2-> C2 (6, 0, 7)    C = 4 (max^n would let p2 take C2: 6 for p0)
#                                         A = max(3, 4) = 4 by a2
COALITION = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "C"}},
        "B": {"to_move": 1, "children": {"b1": "B1", "b2": "B2"}},
        "C": {"to_move": 2, "children": {"c1": "C1", "c2": "C2"}},
        "B1": {"utility": [5, 0, 5]},
        "B2": {"utility": [3, 9, 0]},
        "C1": {"utility": [4, 4, 4]},
        "C2": {"utility": [6, 0, 7]},
    },
    players=3,
)

# A(p0) -a1-> B(p1) -b1-> (5, 0, 5), -b2-> (3, 9, 0)     B = 3, alpha = 3
#       -a2-> C(p2) -c1-> (2, 4, 4)                      2 <= alpha: C2 is pruned
#                   -c2-> (6, 0, 7)
PRUNED = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "C"}},
        "B": {"to_move": 1, "children": {"b1": "B1", "b2": "B2"}},
        "C": {"to_move": 2, "children": {"c1": "C1", "c2": "C2"}},
        "B1": {"utility": [5, 0, 5]},
        "B2": {"utility": [3, 9, 0]},
        "C1": {"utility": [2, 4, 4]},
        "C2": {"utility": [6, 0, 7]},
    },
    players=3,
)

# A(p1) -a1-> B(p2) -b1-> (0, 5, 1), -b2-> (0, 2, 0)     B = 2 for p1
#       -a2-> A2 (1, 1, 1)                               A = max(2, 1) = 2 by a1
P1_AT_ROOT = full(
    "A",
    {
        "A": {"to_move": 1, "children": {"a1": "B", "a2": "A2"}},
        "B": {"to_move": 2, "children": {"b1": "B1", "b2": "B2"}},
        "B1": {"utility": [0, 5, 1]},
        "B2": {"utility": [0, 2, 0]},
        "A2": {"utility": [1, 1, 1]},
    },
    players=3,
)


@pytest.mark.parametrize(
    ("tree", "value", "action", "evaluated"),
    [
        pytest.param(COALITION, 4, "a2", ["B1", "B2", "C1", "C2"], id="coalition-minimises"),
        pytest.param(PRUNED, 3, "a1", ["B1", "B2", "C1"], id="alpha-beta-prunes"),
        pytest.param(P1_AT_ROOT, 2, "a1", ["B1", "B2", "A2"], id="value-for-the-root-player"),
    ],
)
def test_value_action_and_leaves(
    tree: dict[str, Any], value: int, action: str, evaluated: list[str]
) -> None:
    got = run("paranoid", tree, 2)
    assert (got.value, got.action, got.evaluated) == (value, action, evaluated)


def test_terminal_root_is_player_zero_payoff() -> None:
    got = run("paranoid", full("X", {"X": {"utility": [4, 5, 6]}}, players=3), 2)
    assert (got.value, got.action) == (4, None)
