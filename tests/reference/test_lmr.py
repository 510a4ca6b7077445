"""Late-move reductions: a reduced null-window test of late moves, re-searched if it passes."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grader.trees.game import TreeGame
from grader.trees.tree import Tree
from tests.reference.runs import full, run
from tests.reference.test_properties import CONVENTIONS, PROPERTY, Case, searches

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


def test_no_re_search_keeps_the_reduced_value() -> None:
    # MAX_ROOT: D's eval 5 beats alpha 4 but stands; A = 5 by a3
    got = run("lmr", MAX_ROOT, 2, lmr_full=1, lmr_research=False)
    assert (got.value, got.action) == (5, "a3")
    assert got.expanded == ["A", "B"]
    assert got.evaluated == ["B1", "B2", "C", "D"]


def test_a_reduction_that_leaves_no_depth_reduces_nothing() -> None:
    # two plies taken off at depth 2 would leave -1: the late moves are searched in full
    got = run("lmr", MAX_ROOT, 2, lmr_full=1, lmr_reduction=2)
    assert got.visits == run("alphabeta", MAX_ROOT, 2).visits


@pytest.mark.parametrize(
    ("name", "bad"),
    [
        pytest.param("lmr_reduction", -1, id="negative-reduction"),
        pytest.param("lmr_reduction", 1.5, id="fractional-reduction"),
        pytest.param("lmr_window", "half", id="unknown-window"),
    ],
)
def test_refuses_a_reduction_it_cannot_make(name: str, bad: object) -> None:
    with pytest.raises(ValueError, match=name):
        run("lmr", MAX_ROOT, 2, **{name: bad})


# --- properties on random trees, against an independent formulation -------------------

REDUCTIONS = [
    {"lmr_full": full_moves, "lmr_reduction": r, "lmr_research": research, "lmr_window": w}
    for full_moves in (1, 2)
    for r in (1, 2)
    for research in (True, False)
    for w in ("null", "full")
]


def lmr_search(
    tree: Tree, depth: int, conv: dict[str, Any]
) -> tuple[Any, Any, list[tuple[str, str]]]:
    """Late-move reductions written apart from the reference: MAX and MIN each in full,
    the window as two plain numbers, the re-search decided where the move is searched."""
    game = TreeGame(tree)
    eq, soft = bool(conv["prune_on_equality"]), bool(conv["fail_soft"])
    full_moves, r = conv["lmr_full"], conv["lmr_reduction"]

    def search(s: Any, d: int, alpha: Any, beta: Any) -> tuple[Any, Any]:
        if game.is_terminal(s):
            return game.utility(s, 0), None
        if d == 0:
            return game.evaluate(s, 0), None
        maximizing = game.to_move(s) == 0
        best, best_move = (-math.inf if maximizing else math.inf), None
        for i, m in enumerate(game.actions(s)):
            child = game.result(s, m)
            v = None
            if i >= full_moves and r > 0 and d - 1 - r >= 0:
                lo, hi = alpha, beta
                if conv["lmr_research"] and conv["lmr_window"] == "null":
                    lo, hi = (alpha, alpha + 1) if maximizing else (beta - 1, beta)
                v, _ = search(child, d - 1 - r, lo, hi)
                if conv["lmr_research"] and (v > alpha if maximizing else v < beta):
                    v = None
            if v is None:
                v, _ = search(child, d - 1, alpha, beta)
            if best_move is None or (v > best if maximizing else v < best):
                best, best_move = v, m
            if maximizing:
                if best >= beta if eq else best > beta:
                    break
                alpha = max(alpha, best)
            else:
                if best <= alpha if eq else best < alpha:
                    break
                beta = min(beta, best)
        return (best if soft else min(max(best, alpha), beta)), best_move

    value, action = search(tree.root, depth, -math.inf, math.inf)
    return value, action, game.trace.visits()


@PROPERTY
@given(searches())
def test_lmr_matches_an_independent_formulation(case: Case) -> None:
    for conv in CONVENTIONS:
        for reductions in REDUCTIONS:
            got = run("lmr", case.tree, case.depth, **conv, **reductions)
            want = lmr_search(case.tree, case.depth, {**conv, **reductions})
            assert (got.value, got.action, got.visits) == want


@PROPERTY
@given(searches(), st.integers(1, 3))
def test_no_reduction_is_alphabeta(case: Case, full_moves: int) -> None:
    for conv in CONVENTIONS:
        got = run("lmr", case.tree, case.depth, lmr_full=full_moves, lmr_reduction=0, **conv)
        plain = run("alphabeta", case.tree, case.depth, **conv)
        assert (got.value, got.action, got.visits) == (plain.value, plain.action, plain.visits)


@PROPERTY
@given(searches(branching=3))
def test_as_many_full_moves_as_moves_is_alphabeta(case: Case) -> None:
    for conv in CONVENTIONS:
        got = run("lmr", case.tree, case.depth, lmr_full=3, **conv)
        plain = run("alphabeta", case.tree, case.depth, **conv)
        assert (got.value, got.action, got.visits) == (plain.value, plain.action, plain.visits)


@PROPERTY
@given(searches(evals="exact"), st.sampled_from(REDUCTIONS))
def test_with_a_perfect_evaluation_reductions_keep_the_minimax_value(
    case: Case, reductions: dict[str, Any]
) -> None:
    # every eval is its subtree's exact value: a shallower search sees the same value
    got = run("lmr", case.tree, case.depth, **reductions)
    assert got.value == run("minimax", case.tree, case.depth).value
