"""The transposition assignment: its goldens agree with the trees worked by hand, and
other correct ways of keeping the table pass.

The notes (Topic 4.1) give no numbers: "a hash table (cache) storing previous board
states so you don't re-analyze the same position reached via a different path". The
trees here are drawn so that each kind of entry decides what is searched again: an
exact value, an upper and a lower bound that close the window, a bound that only
narrows it, an entry searched too shallow, a leaf reached twice.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest

from grader.authoring.assignment import load_assignment
from grader.authoring.golden import load_golden
from grader.trees.game import TreeGame
from grader.trees.record import SearchRecord, make_record
from grader.trees.tree import load_tree

ASSIGNMENT = "transposition"


def record(test: str) -> SearchRecord:
    loaded = load_assignment(ASSIGNMENT)
    return load_golden(loaded.golden_path(loaded.test(test))).record


# (test, value, action, nodes expanded, leaves read), in order: worked from each drawing
HAND_WORKED = [
    # D = 5 exact under B; under C the table answers 5 <= alpha 5: F pruned
    pytest.param(
        "exact-entry", 5, "a1", ["A", "B", "D", "C"], ["D1", "D2", "E"], id="exact-entry"
    ),
    # D fails low in [6, inf]: at most 6; under C beta = 6 <= alpha 6 closes the window
    pytest.param("upper-bound", 6, "a1", ["A", "B", "D", "C"], ["P", "D1", "D2"], id="upper"),
    # MIN first: D fails high in [-inf, 3]: at least 3; under C alpha = 3 >= beta 3
    pytest.param("lower-bound", 3, "a1", ["A", "B", "D", "C"], ["P", "D1", "D2"], id="lower"),
    # exact values only: D's bound is not kept, so D is searched again under C
    pytest.param(
        "exact-only",
        6,
        "a1",
        ["A", "B", "D", "C", "D"],
        ["P", "D1", "D2", "D1", "D2"],
        id="exact-only",
    ),
    # D <= 8 from C's window [8, inf]; at F the window [5, inf] narrows to [5, 8] and D is
    # searched again: D1 = 5 cuts it, F = 5, and E is cut before H
    pytest.param(
        "bound-not-exact",
        5,
        "a1",
        ["A", "B", "C", "D", "G", "E", "F", "D"],
        ["Q", "D1", "G1", "G2", "D1", "F2"],
        id="bound-not-exact",
    ),
    # D stored with 1 ply to go does not answer with 2: E is expanded, E1 = 0 cuts it
    pytest.param(
        "too-shallow",
        7,
        "a1",
        ["A", "B", "D", "D", "E"],
        ["E", "D2", "E1", "D2"],
        id="too-shallow",
    ),
    # a leaf is read again unless leaves are stored
    pytest.param("shared-leaf", 4, "a1", ["A", "B", "C"], ["X", "Y", "X"], id="shared-leaf"),
    pytest.param("leaves-stored", 4, "a1", ["A", "B", "C"], ["X", "Y"], id="leaves-stored"),
]


@pytest.mark.parametrize(("test", "value", "action", "expanded", "evaluated"), HAND_WORKED)
def test_goldens_agree_with_hand_worked_answers(
    test: str, value: Any, action: str, expanded: list[str], evaluated: list[str]
) -> None:
    got = record(test)
    assert (got.value, got.action, got.expanded, got.evaluated) == (
        value,
        action,
        expanded,
        evaluated,
    )


def test_the_forms_left_open_are_all_kept() -> None:
    loaded = load_assignment(ASSIGNMENT)
    golden = load_golden(loaded.golden_path(loaded.test("shared-leaf")))
    # storing leaves or not: two records, both accepted
    assert [f.conventions["tt_leaves"] for f in golden.forms] == [False, True]
    assert golden.forms[0].record.evaluated == ["X", "Y", "X"]
    assert golden.forms[1].record.evaluated == ["X", "Y"]


# --- other correct tables ----------------------------------------------------------------

Table = Callable[[TreeGame, Any, int], tuple[Any, Any]]


def keyed_by_depth(game: TreeGame, root: Any, depth: int) -> tuple[Any, Any]:
    """A table keyed by (state, plies to go), flagged against the window the state was
    reached with (before an entry narrowed it): the textbook negamax form, written for
    MAX and MIN, exact values and bounds, leaves read again, fail-hard."""
    eq = getattr(game, "prune_on_equality", True)
    bounds = getattr(game, "tt_bounds", True)
    leaves = getattr(game, "tt_leaves", False)
    table: dict[tuple[Any, int], tuple[Any, str, Any]] = {}

    def search(s: Any, d: int, alpha: Any, beta: Any) -> tuple[Any, Any]:
        first_alpha, first_beta = alpha, beta
        if (s, d) in table:
            v, flag, m = table[s, d]
            if flag == "exact":
                return v, m
            alpha, beta = (max(alpha, v), beta) if flag == "lower" else (alpha, min(beta, v))
            if alpha >= beta if eq else alpha > beta:
                return v, m
        if game.is_terminal(s) or d == 0:
            v = game.utility(s, 0) if game.is_terminal(s) else game.evaluate(s, 0)
            if leaves:
                table[s, d] = (v, "exact", None)
            return v, None
        maximizing = game.to_move(s) == 0
        best, move = (-math.inf if maximizing else math.inf), None
        lo, hi = alpha, beta
        for a in game.actions(s):
            v, _ = search(game.result(s, a), d - 1, lo, hi)
            if move is None or (v > best if maximizing else v < best):
                best, move = v, a
            if maximizing and (best >= hi if eq else best > hi):
                break
            if not maximizing and (best <= lo if eq else best < lo):
                break
            lo, hi = (max(lo, best), hi) if maximizing else (lo, min(hi, best))
        v = min(max(best, lo), hi)
        if alpha < beta:
            flag = "upper" if v <= first_alpha else "lower" if v >= first_beta else "exact"
            if flag == "exact" or bounds:
                table[s, d] = (v, flag, move)
        return v, move

    return search(root, depth, -math.inf, math.inf)


def builtin_tests() -> list[Any]:
    loaded = load_assignment(ASSIGNMENT)
    return [pytest.param(spec, id=spec.name) for spec in loaded.spec.tests]


@pytest.mark.parametrize("spec", builtin_tests())
def test_a_table_keyed_by_depth_and_flagged_before_narrowing_passes(spec: Any) -> None:
    loaded = load_assignment(ASSIGNMENT)
    golden = load_golden(loaded.golden_path(spec))
    tree = load_tree(loaded.tree_path(spec))
    game = TreeGame(tree)
    for name, value in spec.conventions().items():
        setattr(game, name, value)
    value, action = keyed_by_depth(game, tree.root, spec.depth)
    got = make_record(tree, game.trace, value, action, depth_plies=spec.depth)
    accepted = [golden.record, *(f.record for f in golden.forms)]
    assert any(got == r for r in accepted)
