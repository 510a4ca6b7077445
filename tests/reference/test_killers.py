"""Killer moves: a move that cut off at a ply is tried first at that ply's next nodes."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grader.trees.game import TreeGame
from grader.trees.tree import Tree
from reference.killers import killers
from tests.reference.runs import full, run
from tests.reference.test_properties import CONVENTIONS, PROPERTY, Case, searches


def min_node(name: str, values: dict[str, int], to_move: int = 1) -> dict[str, Any]:
    """A node ``name`` (MIN unless told) whose action ``m`` leads to the leaf ``<name><m>``."""
    nodes: dict[str, Any] = {name: {"to_move": to_move, "children": {m: name + m for m in values}}}
    nodes.update({name + m: {"utility": v} for m, v in values.items()})
    return nodes


def max_root(*children: str) -> dict[str, Any]:
    return {"A": {"to_move": 0, "children": {f"a{i}": c for i, c in enumerate(children, 1)}}}


# A(max) -a1-> B(min) -x-> 3, -y-> 5          B = 3 (no cut: alpha is -inf), alpha = 3
#        -a2-> C(min) -x-> 4, -y-> 1          y cuts (1 <= 3): killers at ply 1 = [y]
#        -a3-> D(min) -x-> 6, -y-> 2          y first: 2 <= 3 cuts, Dx is never read
ONE_KILLER = full(
    "A",
    {
        **max_root("B", "C", "D"),
        **min_node("B", {"x": 3, "y": 5}),
        **min_node("C", {"x": 4, "y": 1}),
        **min_node("D", {"x": 6, "y": 2}),
    },
)

# A(max) -a1-> B(min) x=3 y=5 z=4          B = 3, alpha = 3
#        -a2-> C(min) x=4 y=1              y cuts: killers [y]
#        -a3-> D(min) x=5 y=6 z=0          order y, x, z: z cuts: killers [z, y]
#        -a4-> E(min) x=7 y=2 z=8          order z, y, x: y cuts: killers [y, z]
TWO_KILLERS = full(
    "A",
    {
        **max_root("B", "C", "D", "E"),
        **min_node("B", {"x": 3, "y": 5, "z": 4}),
        **min_node("C", {"x": 4, "y": 1}),
        **min_node("D", {"x": 5, "y": 6, "z": 0}),
        **min_node("E", {"x": 7, "y": 2, "z": 8}),
    },
)


def test_killer_is_tried_first() -> None:
    got = run("killers", ONE_KILLER, 2)
    assert (got.value, got.action) == (3, "a1")
    assert got.evaluated == ["Bx", "By", "Cx", "Cy", "Dy"]
    assert run("alphabeta", ONE_KILLER, 2).evaluated[-2:] == ["Dx", "Dy"]


def test_two_killers_most_recent_first() -> None:
    got = run("killers", TWO_KILLERS, 2)
    assert (got.value, got.action) == (3, "a1")
    assert got.evaluated == ["Bx", "By", "Bz", "Cx", "Cy", "Dy", "Dx", "Dz", "Ez", "Ey"]


def test_one_killer_a_ply_keeps_only_the_newest() -> None:
    # TWO_KILLERS with one killer a ply: z replaces y after D, so E tries z, then x, y
    got = run("killers", TWO_KILLERS, 2, killers_per_ply=1)
    assert got.evaluated == ["Bx", "By", "Bz", "Cx", "Cy", "Dy", "Dx", "Dz", "Ez", "Ex", "Ey"]


def test_a_killer_that_cuts_again_becomes_the_newest() -> None:
    # TWO_KILLERS, then F(min) x=9 z=1 y=8: after E the killers are [y, z] (y renewed to the
    # front), so F tries y (8, no cut), then z (1 <= 3) cuts; Fx is never read
    tree = full(
        "A",
        {
            **TWO_KILLERS["nodes"],
            **max_root("B", "C", "D", "E", "F"),
            **min_node("F", {"x": 9, "z": 1, "y": 8}),
        },
    )
    assert run("killers", tree, 2).evaluated[-2:] == ["Fy", "Fz"]


def test_a_best_move_that_cut_nothing_is_no_killer() -> None:
    # A(max) -a1-> B(min) -y-> 5, -x-> 3      B = 3 by x, but nothing was cut off
    #        -a2-> C(min) -y-> 1, -x-> 4      action order: y cuts at once (1 <= 3)
    tree = full(
        "A",
        {
            **max_root("B", "C"),
            **min_node("B", {"y": 5, "x": 3}),
            **min_node("C", {"y": 1, "x": 4}),
        },
    )
    assert run("killers", tree, 2).evaluated == ["By", "Bx", "Cy"]


def test_a_killer_that_is_not_legal_is_skipped() -> None:
    # ONE_KILLER but D(min) -x-> 6, -z-> 2: the killer y is no move of D
    tree = full(
        "A",
        {
            **max_root("B", "C", "D"),
            **min_node("B", {"x": 3, "y": 5}),
            **min_node("C", {"x": 4, "y": 1}),
            **min_node("D", {"x": 6, "z": 2}),
        },
    )
    got = run("killers", tree, 2)
    assert got.evaluated == ["Bx", "By", "Cx", "Cy", "Dx", "Dz"]


def test_killers_are_kept_per_ply() -> None:
    # A(max) -y-> B(min) -x-> 3, -y-> 5       B = 3; the root never cuts, so no killer at ply 0
    #        -x-> C(min) -x-> 4, -y-> 1       y cuts at ply 1: killers[1] = [y]
    # The root's order stays y, x: a ply-1 killer does not reorder ply 0.
    tree = full(
        "A",
        {
            "A": {"to_move": 0, "children": {"y": "B", "x": "C"}},
            **min_node("B", {"x": 3, "y": 5}),
            **min_node("C", {"x": 4, "y": 1}),
        },
    )
    got = run("killers", tree, 2)
    assert got.expanded == ["A", "B", "C"]
    assert (got.value, got.action) == (3, "y")


def test_a_deeper_killer_does_not_reorder_a_shallower_ply() -> None:
    # A(max) -l-> B(min) -l-> D(max): 3 5           D = 5, beta = 5 at B
    #                    -r-> E(max): l 1, r 6      r cuts E (6 >= 5): killers[2] = [r]
    #        -r-> C(min) -l-> F(max): l 2, r 4      alpha = 5; F tries r first; F = 5 (hard)
    #                    -r-> G(max): 7 8           l cut C (5 <= 5): G is never searched
    # C at ply 1 has no killer yet, so it tries l before r: r is a ply-2 killer only.
    def lr(name: str, left: str, right: str, to_move: int) -> dict[str, Any]:
        return {name: {"to_move": to_move, "children": {"l": left, "r": right}}}

    tree = full(
        "A",
        {
            **lr("A", "B", "C", 0),
            **lr("B", "D", "E", 1),
            **lr("C", "F", "G", 1),
            **min_node("D", {"l": 3, "r": 5}, 0),
            **min_node("E", {"l": 1, "r": 6}, 0),
            **min_node("F", {"l": 2, "r": 4}, 0),
            **min_node("G", {"l": 7, "r": 8}, 0),
        },
    )
    got = run("killers", tree, 3)
    assert got.expanded == ["A", "B", "D", "E", "C", "F"]
    assert got.evaluated == ["Dl", "Dr", "El", "Er", "Fr", "Fl"]
    assert (got.value, got.action) == (5, "l")


@pytest.mark.parametrize(
    ("eq", "killer_at_d"),
    [
        # A(max) -> B(min) x 3 y 5 | C(min) x 4 y 3 z 1 | D(min) x 6 y 3 z 2; Cy = 3 = alpha
        pytest.param(True, ["Dy"], id="on-equality-y-cuts-and-is-the-killer"),
        pytest.param(False, ["Dz"], id="strictly-z-cuts-and-is-the-killer"),
    ],
)
def test_the_killer_follows_the_pruning_convention(eq: bool, killer_at_d: list[str]) -> None:
    tree = full(
        "A",
        {
            **max_root("B", "C", "D"),
            **min_node("B", {"x": 3, "y": 5}),
            **min_node("C", {"x": 4, "y": 3, "z": 1}),
            **min_node("D", {"x": 6, "y": 3, "z": 2}),
        },
    )
    got = run("killers", tree, 2, prune_on_equality=eq)
    assert [n for n in got.evaluated if n.startswith("D")] == killer_at_d


@pytest.mark.parametrize(
    "size",
    [pytest.param(0, id="zero"), pytest.param(True, id="bool"), pytest.param(1.5, id="fraction")],
)
def test_killers_per_ply_must_be_a_whole_number_of_at_least_one(size: Any) -> None:
    from grader.trees.tree import parse_tree

    tree = parse_tree(ONE_KILLER)
    with pytest.raises(ValueError, match="killers_per_ply"):
        killers(TreeGame(tree), tree.root, 2, killers_per_ply=size)


# --- properties on random trees, against an independent formulation -------------------


def killer_search(
    tree: Tree, depth: int, size: int, eq: bool, soft: bool
) -> tuple[Any, Any, list[tuple[str, str]]]:
    """Killer moves written apart from the reference: MAX and MIN each in full, the
    table a dict from ply to a list, the window as two plain numbers."""
    game = TreeGame(tree)
    table: dict[int, list[Any]] = {}

    def cuts(best: Any, bound: Any, maximizing: bool) -> bool:
        if maximizing:
            return bool(best >= bound if eq else best > bound)
        return bool(best <= bound if eq else best < bound)

    def search(s: Any, d: int, ply: int, alpha: Any, beta: Any) -> tuple[Any, Any]:
        if game.is_terminal(s):
            return game.utility(s, 0), None
        if d == 0:
            return game.evaluate(s, 0), None
        moves = list(game.actions(s))
        first = [k for k in table.get(ply, []) if k in moves]
        maximizing = game.to_move(s) == 0
        best, best_move = (-math.inf if maximizing else math.inf), None
        for m in first + [m for m in moves if m not in first]:
            v, _ = search(game.result(s, m), d - 1, ply + 1, alpha, beta)
            if best_move is None or (v > best if maximizing else v < best):
                best, best_move = v, m
            if cuts(best, beta if maximizing else alpha, maximizing):
                old = table.get(ply, [])
                if not old or old[0] != m:
                    table[ply] = ([m] + [k for k in old if k != m])[:size]
                break
            if maximizing:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
        return (best if soft else min(max(best, alpha), beta)), best_move

    value, action = search(tree.root, depth, 0, -math.inf, math.inf)
    return value, action, game.trace.visits()


@PROPERTY
@given(searches(), st.integers(1, 3))
def test_killers_match_an_independent_formulation(case: Case, size: int) -> None:
    tree, depth = case.tree, case.depth
    for conv in CONVENTIONS:
        got = run("killers", tree, depth, killers_per_ply=size, **conv)
        eq, soft = bool(conv["prune_on_equality"]), bool(conv["fail_soft"])
        assert (got.value, got.action, got.visits) == killer_search(tree, depth, size, eq, soft)


def renamed(tree: Tree) -> Tree:
    """``tree`` with every action named after its node, so no move name recurs."""
    from dataclasses import replace

    nodes = {
        nid: replace(n, actions=tuple(f"{nid}.{a}" for a in n.actions))
        for nid, n in tree.nodes.items()
    }
    return Tree(name=tree.name, players=tree.players, root=tree.root, nodes=nodes)


@PROPERTY
@given(searches())
def test_without_recurring_move_names_killers_are_alphabeta(case: Case) -> None:
    tree = renamed(case.tree)
    for conv in CONVENTIONS:
        got = run("killers", tree, case.depth, **conv)
        plain = run("alphabeta", tree, case.depth, **conv)
        assert (got.value, got.action, got.visits) == (plain.value, plain.action, plain.visits)


@PROPERTY
@given(searches(), st.integers(1, 3))
def test_killers_give_the_minimax_value_and_never_search_a_node_twice(
    case: Case, size: int
) -> None:
    tree, depth = case.tree, case.depth
    plain = run("minimax", tree, depth)
    for conv in CONVENTIONS:
        got = run("killers", tree, depth, killers_per_ply=size, **conv)
        assert got.value == plain.value
        assert len(set(got.visits)) == len(got.visits)  # no transpositions: each once
        assert set(got.visits) <= set(plain.visits)
