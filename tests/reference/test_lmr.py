"""Late-move reductions: a reduced null-window test of late moves, re-searched if it passes."""

from __future__ import annotations

import pytest

from tests.reference.runs import full, run

# lmr_full = 1, depth 2: the 2nd and 3rd moves are tested at depth 0 (their eval).
# A(max) -a1-> B(min, eval 9) -b1-> 4, -b2-> 6     full search: B = 4, alpha = 4
#        -a2-> C(min, eval 3) -c1-> 8, -c2-> 7     test: 3 <= 4, kept as 3 (C's 7 is missed)
#        -a3-> D(min, eval 5) -d1-> 5, -d2-> 1     test: 5 > 4, re-searched: D1 = 5, D2 = 1
#                                                  cuts (1 <= 4), D = 4 (clamped)
#  A = 4 by a1; minimax says 7 by a2.
MAX_ROOT = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "C", "a3": "D"}},
        "B": {"to_move": 1, "children": {"b1": "B1", "b2": "B2"}, "eval": 9},
        "C": {"to_move": 1, "children": {"c1": "C1", "c2": "C2"}, "eval": 3},
        "D": {"to_move": 1, "children": {"d1": "D1", "d2": "D2"}, "eval": 5},
        "B1": {"utility": 4},
        "B2": {"utility": 6},
        "C1": {"utility": 8},
        "C2": {"utility": 7},
        "D1": {"utility": 5},
        "D2": {"utility": 1},
    },
)

# A(min) -a1-> B(max, eval 0) -b1-> 5, -b2-> 3     full search: B = 5, beta = 5
#        -a2-> C(max, eval 6) -c1-> 2, -c2-> 4     test: 6 >= 5, kept as 6 (C's 4 is missed)
#        -a3-> D(max, eval 1) -d1-> 3, -d2-> 9     test: 1 < 5, re-searched: 3, then 9 >= 5
#                                                  cuts, D = 5 (clamped)
#  A = 5 by a1; minimax says 4 by a2.
MIN_ROOT = full(
    "A",
    {
        "A": {"to_move": 1, "children": {"a1": "B", "a2": "C", "a3": "D"}},
        "B": {"to_move": 0, "children": {"b1": "B1", "b2": "B2"}, "eval": 0},
        "C": {"to_move": 0, "children": {"c1": "C1", "c2": "C2"}, "eval": 6},
        "D": {"to_move": 0, "children": {"d1": "D1", "d2": "D2"}, "eval": 1},
        "B1": {"utility": 5},
        "B2": {"utility": 3},
        "C1": {"utility": 2},
        "C2": {"utility": 4},
        "D1": {"utility": 3},
        "D2": {"utility": 9},
    },
)


@pytest.mark.parametrize(
    ("tree", "value", "action", "minimax"),
    [
        pytest.param(MAX_ROOT, 4, "a1", (7, "a2"), id="max-node"),
        pytest.param(MIN_ROOT, 5, "a1", (4, "a2"), id="min-node"),
    ],
)
def test_reduced_test_then_re_search(
    tree: dict[str, object], value: int, action: str, minimax: tuple[int, str]
) -> None:
    got = run("lmr", tree, 2, lmr_full=1)
    assert (got.value, got.action) == (value, action)
    assert got.expanded == ["A", "B", "D"]
    assert got.evaluated == ["B1", "B2", "C", "D", "D1", "D2"]
    plain = run("minimax", tree, 2)
    assert (plain.value, plain.action) == minimax  # the reductions changed the answer


def test_no_late_moves_is_alpha_beta() -> None:
    got = run("lmr", MAX_ROOT, 2, lmr_full=3)
    assert (got.value, got.action) == (7, "a2")
    assert got.visits == run("alphabeta", MAX_ROOT, 2).visits


def test_depth_one_has_nothing_to_reduce() -> None:
    got = run("lmr", MAX_ROOT, 1, lmr_full=1)
    assert (got.value, got.action, got.evaluated) == (9, "a1", ["B", "C", "D"])


@pytest.mark.parametrize("full_moves", [0, -2, True], ids=["zero", "negative", "bool"])
def test_refuses_fewer_than_one_full_move(full_moves: object) -> None:
    with pytest.raises(ValueError, match="lmr_full"):
        run("lmr", MAX_ROOT, 2, lmr_full=full_moves)
