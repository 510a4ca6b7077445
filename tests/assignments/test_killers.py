"""The killers assignment: its goldens agree with the trees worked by hand.

The notes (Topic 4.1) state the heuristic without numbers: "the move that caused a cutoff
at the same depth in a previous search is likely to be good again. Try it first." The
worked example is their alpha-beta diagram (Topic 3.2), its moves named, with a third MIN
reply D: B sees 3 and 12 and picks 3 (alpha = 3); C sees 2 and stops, so C's other moves
are pruned; and the move that gave C's 2 is then tried first at D.
"""

from __future__ import annotations

from typing import Any

import pytest

from grader.authoring.assignment import load_assignment
from grader.authoring.golden import load_golden
from grader.trees.game import TreeGame
from grader.trees.record import SearchRecord
from grader.trees.tree import load_tree
from reference.algorithms import search

LEAVES = {
    "notes-diagram": ["Ba", "Bb", "Cc", "Ca", "Cb", "Da", "Db", "Dc"],
    "one-killer": ["Bx", "By", "Cx", "Cy", "Dx", "Dy"],
    "two-killers": ["Bx", "By", "Bz", "Cx", "Cy", "Dx", "Dy", "Dz", "Ex", "Ey", "Ez"],
    "best-is-no-killer": ["By", "Bx", "Cy", "Cx"],
    "killer-not-legal": ["Bx", "By", "Cx", "Cy", "Dx", "Dz"],
    "equality-prunes": ["Bx", "By", "Cx", "Cy", "Cz", "Dx", "Dy", "Dz"],
}


def record(test: str) -> SearchRecord:
    loaded = load_assignment("killers")
    return load_golden(loaded.golden_path(loaded.test(test))).record


# (test, value, action, leaves read in order): worked from each tree's drawing
HAND_WORKED = [
    # B = min(3, 12) = 3; C's c = 2 <= 3 cuts (a, b pruned); D tries c first: 1 <= 3 cuts
    pytest.param("notes-diagram", 3, "a1", ["Ba", "Bb", "Cc", "Dc"], id="notes-diagram"),
    # y cuts C (1 <= 3); D tries y first (2 <= 3): Dx is pruned
    pytest.param("one-killer", 3, "a1", ["Bx", "By", "Cx", "Cy", "Dy"], id="one-killer"),
    # killers after D: z, y; E tries z (8), then y (2 <= 3)
    pytest.param(
        "two-killers",
        3,
        "a1",
        ["Bx", "By", "Bz", "Cx", "Cy", "Dy", "Dx", "Dz", "Ez", "Ey"],
        id="two-killers",
    ),
    # one killer a ply: z replaced y, so E tries z, then x, then y
    pytest.param(
        "one-killer-a-ply",
        3,
        "a1",
        ["Bx", "By", "Bz", "Cx", "Cy", "Dy", "Dx", "Dz", "Ez", "Ex", "Ey"],
        id="one-killer-a-ply",
    ),
    # B's x is its best move but cut nothing: C keeps its order, and y cuts at once
    pytest.param("best-is-no-killer", 3, "a1", ["By", "Bx", "Cy"], id="best-is-no-killer"),
    # D has no move y: action order there
    pytest.param(
        "killer-not-legal", 3, "a1", ["Bx", "By", "Cx", "Cy", "Dx", "Dz"], id="killer-not-legal"
    ),
    # C's y = 3 = alpha cuts (>=) and is the killer: D tries y (3 <= 3)
    pytest.param("equality-prunes", 3, "a1", ["Bx", "By", "Cx", "Cy", "Dy"], id="equality-prunes"),
    # strictly: C's y = 3 does not cut, z = 1 does; D tries z (2 < 3)
    pytest.param(
        "equality-strict", 3, "a1", ["Bx", "By", "Cx", "Cy", "Cz", "Dz"], id="equality-strict"
    ),
    # MIN first: B = 4 (beta 4); C's r = 6 >= 4 cuts; D tries r (5 >= 4): Dl is pruned
    pytest.param("min-at-root", 4, "a1", ["Bl", "Br", "Cl", "Cr", "Dr"], id="min-at-root"),
    # r cuts E at ply 2; F tries r first; l cuts C at ply 1 (F = 5 <= 5): G is pruned
    pytest.param(
        "killers-per-ply", 5, "l", ["Dl", "Dr", "El", "Er", "Fr", "Fl"], id="killers-per-ply"
    ),
]


@pytest.mark.parametrize(("test", "value", "action", "evaluated"), HAND_WORKED)
def test_goldens_agree_with_hand_worked_answers(
    test: str, value: Any, action: str, evaluated: list[str]
) -> None:
    got = record(test)
    assert (got.value, got.action, got.evaluated) == (value, action, evaluated)


@pytest.mark.parametrize(
    ("test", "pruned"),
    [
        # the notes: C's other moves are pruned once C sees 2; D's a and b, by the killer
        pytest.param("notes-diagram", ["Ca", "Cb", "Da", "Db"], id="notes-diagram"),
        pytest.param("one-killer", ["Dx"], id="one-killer"),
        pytest.param("two-killers", ["Ex"], id="two-killers"),
        pytest.param("best-is-no-killer", ["Cx"], id="best-is-no-killer"),
        pytest.param("killer-not-legal", [], id="killer-not-legal"),
        pytest.param("equality-prunes", ["Cz", "Dx", "Dz"], id="equality-prunes"),
    ],
)
def test_pruned_leaves(test: str, pruned: list[str]) -> None:
    got = record(test)
    assert [leaf for leaf in LEAVES[test] if leaf not in got.evaluated] == pruned
    assert got.prunes == len(pruned)


@pytest.mark.parametrize(
    "test",
    [
        pytest.param(t, id=t)
        for t in ("notes-diagram", "one-killer", "equality-prunes", "min-at-root")
    ],
)
def test_killers_read_fewer_leaves_than_alphabeta_in_action_order(test: str) -> None:
    loaded = load_assignment("killers")
    spec = loaded.test(test)
    tree = load_tree(loaded.tree_path(spec))
    game = TreeGame(tree)
    search("alphabeta", game, tree.root, spec.depth)
    assert len(game.trace.evaluated()) > len(record(test).evaluated)
