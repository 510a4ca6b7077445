"""Killer moves: a move that cut off at a ply is tried first at that ply's next nodes."""

from __future__ import annotations

from typing import Any

from tests.reference.runs import full, run


def min_node(name: str, values: dict[str, int]) -> dict[str, Any]:
    """A MIN node ``name`` whose action ``m`` leads to the leaf ``<name><m>``."""
    nodes: dict[str, Any] = {name: {"to_move": 1, "children": {m: name + m for m in values}}}
    nodes.update({name + m: {"utility": v} for m, v in values.items()})
    return nodes


# A(max) -a1-> B(min) -x-> 3, -y-> 5          B = 3 (no cut: alpha is -inf), alpha = 3
#        -a2-> C(min) -x-> 4, -y-> 1          y cuts (1 <= 3): killers at ply 1 = [y]
#        -a3-> D(min) -x-> 6, -y-> 2          y first: 2 <= 3 cuts, Dx is never read
ONE_KILLER = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "C", "a3": "D"}},
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
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "C", "a3": "D", "a4": "E"}},
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
