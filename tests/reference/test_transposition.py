"""Transposition table: a state reached again is answered from the table, exact or bound."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given

from grader.trees.game import TreeGame
from grader.trees.tree import Tree
from tests.reference.runs import full, run
from tests.reference.test_properties import CONVENTIONS, PROPERTY, Case, searches

# A(max) -a1-> B(min) -b1-> D(max) -d1-> D1 = 3, -d2-> D2 = 5    D = 5, exact (full window)
#                     -b2-> E = 8                                B = 5, alpha = 5
#        -a2-> C(min) -c1-> D   (again: 5 from the table)        5 <= alpha: cut, F pruned
#                     -c2-> F = 2
#  A = 5 by a1 (the tie with C keeps the first)
EXACT = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "C"}},
        "B": {"to_move": 1, "children": {"b1": "D", "b2": "E"}},
        "C": {"to_move": 1, "children": {"c1": "D", "c2": "F"}},
        "D": {"to_move": 0, "children": {"d1": "D1", "d2": "D2"}},
        "D1": {"utility": 3},
        "D2": {"utility": 5},
        "E": {"utility": 8},
        "F": {"utility": 2},
    },
)

# A(max) -a1-> P = 6                                  alpha = 6
#        -a2-> B(min) -b1-> D(max) -d1-> 3, -d2-> 4   D fails low in [6, inf]: upper bound 6
#                     -b2-> G = 0                     B cut after D (6 <= alpha)
#        -a3-> C(min) -c1-> D                         table: D <= 6, window [6, 6] closes: 6
#                     -c2-> H = 1
#  A = 6 by a1
UPPER_BOUND = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "P", "a2": "B", "a3": "C"}},
        "B": {"to_move": 1, "children": {"b1": "D", "b2": "G"}},
        "C": {"to_move": 1, "children": {"c1": "D", "c2": "H"}},
        "D": {"to_move": 0, "children": {"d1": "D1", "d2": "D2"}},
        "P": {"utility": 6},
        "D1": {"utility": 3},
        "D2": {"utility": 4},
        "G": {"utility": 0},
        "H": {"utility": 1},
    },
)

# A(max) -a1-> B(min) -b1-> D(max) -d1-> E(min, eval 7) -e1-> E1 = 0
#                                  -d2-> D2 = 3
#        -a2-> D
# depth 3: via a1, D has 1 ply to go: E is evaluated, D = 7 is stored for depth 1.
# Via a2, D has 2 plies to go: the entry is too shallow, so D is searched again
# (E = 0 <= alpha 7 cuts E; D = 7).  A = 7 by a1.
TOO_SHALLOW = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "D"}},
        "B": {"to_move": 1, "children": {"b1": "D"}},
        "D": {"to_move": 0, "children": {"d1": "E", "d2": "D2"}},
        "E": {"to_move": 1, "children": {"e1": "E1"}, "eval": 7},
        "E1": {"utility": 0},
        "D2": {"utility": 3},
    },
)


def test_exact_entry_answers_a_transposition() -> None:
    got = run("transposition", EXACT, 3)
    assert (got.value, got.action) == (5, "a1")
    assert got.expanded == ["A", "B", "D", "C"]
    assert got.evaluated == ["D1", "D2", "E"]
    plain = run("alphabeta", EXACT, 3)
    assert plain.expanded == ["A", "B", "D", "C", "D"]  # without the table D is searched again


def test_bound_entry_closes_the_window() -> None:
    got = run("transposition", UPPER_BOUND, 3)
    assert (got.value, got.action) == (6, "a1")
    assert got.expanded == ["A", "B", "D", "C"]
    assert got.evaluated == ["P", "D1", "D2"]


def test_entry_searched_shallower_is_not_used() -> None:
    got = run("transposition", TOO_SHALLOW, 3)
    assert (got.value, got.action) == (7, "a1")
    assert got.expanded == ["A", "B", "D", "D", "E"]
    assert got.evaluated == ["E", "D2", "E1", "D2"]


# A(max) -a1-> B(min) -b1-> X = 4, -b2-> Y = 6      B = 4, alpha = 4
#        -a2-> C(min) -c1-> X (again), -c2-> Z = 9   X = 4 <= alpha cuts C
SHARED_LEAF = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "C"}},
        "B": {"to_move": 1, "children": {"b1": "X", "b2": "Y"}},
        "C": {"to_move": 1, "children": {"c1": "X", "c2": "Z"}},
        "X": {"utility": 4},
        "Y": {"utility": 6},
        "Z": {"utility": 9},
    },
)


@pytest.mark.parametrize(
    ("leaves", "evaluated"),
    [
        pytest.param(False, ["X", "Y", "X"], id="leaves-read-again"),
        pytest.param(True, ["X", "Y"], id="leaves-stored"),
    ],
)
def test_a_leaf_is_stored_only_when_the_test_says(leaves: bool, evaluated: list[str]) -> None:
    got = run("transposition", SHARED_LEAF, 2, tt_leaves=leaves)
    assert (got.value, got.action, got.evaluated) == (4, "a1", evaluated)


@pytest.mark.parametrize(
    ("bounds", "expanded"),
    [
        pytest.param(True, ["A", "B", "D", "C"], id="bounds-stored"),
        pytest.param(False, ["A", "B", "D", "C", "D"], id="exact-values-only"),
    ],
)
def test_a_bound_is_stored_only_when_the_test_says(bounds: bool, expanded: list[str]) -> None:
    # UPPER_BOUND: D failed low; without bounds in the table it is searched again under C
    got = run("transposition", UPPER_BOUND, 3, tt_bounds=bounds)
    assert (got.value, got.action, got.expanded) == (6, "a1", expanded)


# --- properties on random trees, against an independent formulation -------------------

TABLE_FORMS = [
    {"tt_bounds": bounds, "tt_leaves": leaves}
    for bounds in (True, False)
    for leaves in (False, True)
]


def table_search(
    tree: Tree, depth: int, conv: dict[str, Any]
) -> tuple[Any, Any, list[tuple[str, str]]]:
    """Alpha-beta with a transposition table written apart from the reference: MAX and
    MIN each in full, entries as tuples, the flag from two comparisons."""
    game = TreeGame(tree)
    eq, soft = bool(conv["prune_on_equality"]), bool(conv["fail_soft"])
    table: dict[Any, tuple[int, Any, str, Any]] = {}

    def closed(alpha: Any, beta: Any) -> bool:
        return bool(alpha >= beta if eq else alpha > beta)

    def search(s: Any, d: int, alpha: Any, beta: Any) -> tuple[Any, Any]:
        if s in table and table[s][0] >= d:
            _, v, flag, m = table[s]
            if flag == "=":
                return v, m
            alpha, beta = (max(alpha, v), beta) if flag == ">" else (alpha, min(beta, v))
            if closed(alpha, beta):
                return v, m
        if game.is_terminal(s) or d == 0:
            v = game.utility(s, 0) if game.is_terminal(s) else game.evaluate(s, 0)
            if conv["tt_leaves"]:
                table[s] = (d, v, "=", None)
            return v, None
        maximizing = game.to_move(s) == 0
        lo, hi = alpha, beta
        best, move = (-math.inf if maximizing else math.inf), None
        for m in game.actions(s):
            v, _ = search(game.result(s, m), d - 1, lo, hi)
            if move is None or (v > best if maximizing else v < best):
                best, move = v, m
            if maximizing and (best >= hi if eq else best > hi):
                break
            if not maximizing and (best <= lo if eq else best < lo):
                break
            if maximizing:
                lo = max(lo, best)
            else:
                hi = min(hi, best)
        v = best if soft else min(max(best, lo), hi)
        flag = "<" if v <= alpha else ">" if v >= beta else "="
        if alpha < beta and (flag == "=" or conv["tt_bounds"]):
            table[s] = (d, v, flag, move)
        return v, move

    value, action = search(tree.root, depth, -math.inf, math.inf)
    return value, action, game.trace.visits()


@PROPERTY
@given(searches(transpositions=True))
def test_transposition_matches_an_independent_formulation(case: Case) -> None:
    for conv in CONVENTIONS:
        for form in TABLE_FORMS:
            got = run("transposition", case.tree, case.depth, **conv, **form)
            both = {**conv, **form}
            assert (got.value, got.action, got.visits) == table_search(case.tree, case.depth, both)


@PROPERTY
@given(searches(transpositions=True))
def test_a_table_never_changes_the_answer(case: Case) -> None:
    # a transposition of a generated tree sits at one depth: every entry is as deep as
    # the search that reads it, so the table changes what is searched, not the answer
    plain = run("minimax", case.tree, case.depth)
    for conv in CONVENTIONS:
        ab = run("alphabeta", case.tree, case.depth, **conv)
        for form in TABLE_FORMS:
            got = run("transposition", case.tree, case.depth, **conv, **form)
            assert (got.value, got.action) == (ab.value, ab.action)
            assert got.value == plain.value


@PROPERTY
@given(searches())
def test_without_transpositions_a_table_is_alphabeta(case: Case) -> None:
    for conv in CONVENTIONS:
        ab = run("alphabeta", case.tree, case.depth, **conv)
        got = run("transposition", case.tree, case.depth, **conv)
        assert (got.value, got.action, got.visits) == (ab.value, ab.action, ab.visits)
