"""Quiescence: at the horizon, stand pat on the evaluation or play on noisy moves only."""

from __future__ import annotations

from typing import Any

import pytest

from tests.reference.runs import full, run

# A(max) -a1-> B(min, eval 5, noisy b1) -b1-> B1 = 1     MIN's capture: B = min(5, 1) = 1
#                                      -b2-> B2 = 9
#        -a2-> C(min, eval 4, quiet)    -c1-> C1 = 0     quiet: C = 4
# depth 1: A = max(1, 4) = 4 by a2 (plain alpha-beta: max(5, 4) = 5 by a1)
CAPTURE = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "C"}},
        "B": {"to_move": 1, "children": {"b1": "B1", "b2": "B2"}, "eval": 5, "noisy": ["b1"]},
        "C": {"to_move": 1, "children": {"c1": "C1"}, "eval": 4},
        "B1": {"utility": 1},
        "B2": {"utility": 9},
        "C1": {"utility": 0},
    },
)

# A(max) -a1-> B(min, eval 6, quiet)                     B = 6, alpha = 6
#        -a2-> C(min, eval 3, noisy c1) -c1-> C1 = 0     stand-pat 3 <= alpha: cut, C not expanded
STAND_PAT_CUT = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "C"}},
        "B": {"to_move": 1, "children": {"b1": "B1"}, "eval": 6},
        "C": {"to_move": 1, "children": {"c1": "C1"}, "eval": 3, "noisy": ["c1"]},
        "B1": {"utility": 9},
        "C1": {"utility": 0},
    },
)

# A(max) -a1-> B(min, eval 5, noisy b1) -b1-> C(max, eval 1, noisy c1) -c1-> C1 = 3
# depth 1 -> B is the horizon.  unlimited: C = max(1, 3) = 3, B = min(5, 3) = 3
#   quiescence_depth 1: C is evaluated, C = 1, B = min(5, 1) = 1;  0: B = 5
CHAIN = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "B"}},
        "B": {"to_move": 1, "children": {"b1": "C"}, "eval": 5, "noisy": ["b1"]},
        "C": {"to_move": 0, "children": {"c1": "C1"}, "eval": 1, "noisy": ["c1"]},
        "C1": {"utility": 3},
    },
)


@pytest.mark.parametrize(
    ("tree", "conventions", "value", "action", "expanded", "evaluated"),
    [
        pytest.param(CAPTURE, {}, 4, "a2", ["A", "B"], ["B", "B1", "C"], id="capture"),
        pytest.param(
            CAPTURE, {"quiescence_depth": 0}, 5, "a1", ["A"], ["B", "C"], id="limit-0-is-ab"
        ),
        pytest.param(STAND_PAT_CUT, {}, 6, "a1", ["A"], ["B", "C"], id="stand-pat-cuts"),
        pytest.param(CHAIN, {}, 3, "a1", ["A", "B", "C"], ["B", "C", "C1"], id="until-quiet"),
        pytest.param(CHAIN, {"quiescence_depth": 1}, 1, "a1", ["A", "B"], ["B", "C"], id="limit-1"),
    ],
)
def test_value_action_and_record(
    tree: dict[str, Any],
    conventions: dict[str, Any],
    value: int,
    action: str,
    expanded: list[str],
    evaluated: list[str],
) -> None:
    got = run("quiescence", tree, 1, **conventions)
    assert (got.value, got.action) == (value, action)
    assert (got.expanded, got.evaluated) == (expanded, evaluated)


def test_horizon_root_stands_pat_or_captures() -> None:
    # depth 0 at the noisy root B of a MIN-rooted tree: B = min(5, B1 = 1) = 1, no action
    tree = full(
        "B",
        {
            "B": {"to_move": 1, "children": {"b1": "B1", "b2": "B2"}, "eval": 5, "noisy": ["b1"]},
            "B1": {"utility": 1},
            "B2": {"utility": 9},
        },
    )
    got = run("quiescence", tree, 0)
    assert (got.value, got.action) == (1, None)


def test_refuses_a_negative_limit() -> None:
    with pytest.raises(ValueError, match="quiescence_depth"):
        run("quiescence", CAPTURE, 1, quiescence_depth=-1)
