"""Beam search: minimax over the ``beam_width`` children of every node with the best evals
(the notes' forward pruning, 3.3), or over the first ones in action order."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grader.errors import GameError
from grader.trees.tree import Tree, parse_tree
from tests.reference.runs import full, run
from tests.reference.test_properties import PROPERTY, Case, searches


def min_node(nid: str, ev: int, leaves: list[int], mover: int = 1) -> dict[str, Any]:
    """A node of ``mover`` with an eval and one leaf per value (``B`` -> ``B1``, ...)."""
    kids = {f"{nid.lower()}{i + 1}": f"{nid}{i + 1}" for i in range(len(leaves))}
    nodes: dict[str, Any] = {nid: {"to_move": mover, "children": kids, "eval": ev}}
    nodes.update({f"{nid}{i + 1}": {"utility": v} for i, v in enumerate(leaves)})
    return nodes


def tree_of(root_mover: int, *kids: dict[str, Any]) -> dict[str, Any]:
    """A root ``A`` (eval 0) over the nodes given, moves a1, a2, ... in order."""
    ids = [next(iter(k)) for k in kids]
    root = {"to_move": root_mover, "children": {f"a{i + 1}": n for i, n in enumerate(ids)}}
    nodes: dict[str, Any] = {"A": {**root, "eval": 0}}
    for k in kids:
        nodes.update(k)
    return full("A", nodes)


# A(max) -a1-> B(min, eval 5): 3 12 8
#        -a2-> C(min, eval 1): 2 4 6
#        -a3-> D(min, eval 6): 14 5 2      minimax 3 by a1
# width 2: A keeps D (6) and B (5), D first; D keeps D3 = 2, D2 = 5 (D = 2); B keeps
# B1 = 3, B3 = 8 (B = 3): 3 by a1. Width 1: D only, D3 only: 2 by a3.
FIG52 = tree_of(
    0, min_node("B", 5, [3, 12, 8]), min_node("C", 1, [2, 4, 6]), min_node("D", 6, [14, 5, 2])
)
FIG52_NESTED = {"format": "game-tree/1", "nested": [[3, 12, 8], [2, 4, 6], [14, 5, 2]]}
RANKED = ["B", "C", "D"]  # A's children, each evaluated for the ranking, in action order

# A(min) -a1-> B(max, eval 2): 1 5 3
#        -a2-> C(max, eval 7): 0 2 1
#        -a3-> D(max, eval 4): 6 3 8      MIN keeps B and D, MAX its two highest leaves:
#                                         B = 5, D = 8: 5 by a1 (minimax: 2 by a2)
MIN_ROOT = tree_of(
    1,
    min_node("B", 2, [1, 5, 3], 0),
    min_node("C", 7, [0, 2, 1], 0),
    min_node("D", 4, [6, 3, 8], 0),
)

# A(max) -a1-> B(min, eval 3): 2 4
#        -a2-> C(min, eval 5): 1 3
#        -a3-> D(min, eval 3): 6 8        B and D tie at the edge of a beam of 2: B, first
#        -a4-> E(min, eval 1): 0 9        in action order, is kept: C = 1, B = 2: 2 by a1
RANK_TIES = tree_of(
    0,
    min_node("B", 3, [2, 4]),
    min_node("C", 5, [1, 3]),
    min_node("D", 3, [6, 8]),
    min_node("E", 1, [0, 9]),
)

# A(max) -a1-> B(min, eval 2): 4 5
#        -a2-> C(min, eval 6): 4 7        C is searched first (4), then B (4): the first
#        -a3-> D(min, eval 0): 9 9        child searched keeps the tie: 4 by a2
VALUE_TIES = tree_of(
    0, min_node("B", 2, [4, 5]), min_node("C", 6, [4, 7]), min_node("D", 0, [9, 9])
)

# A(max) -a1-> T = 4 (terminal: ranked by its payoff)
#        -a2-> B(min, eval 6): 1 7        a beam of 2 keeps B (6) and T (4): B = 1, T = 4:
#        -a3-> C(min, eval 3): 5 9        4 by a1 (minimax: 5 by a3)
TERMINAL_CHILD = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "T", "a2": "B", "a3": "C"}, "eval": 0},
        "T": {"utility": 4},
        **min_node("B", 6, [1, 7]),
        **min_node("C", 3, [5, 9]),
    },
)


@pytest.mark.parametrize(
    ("tree", "depth", "width", "value", "action", "expanded", "evaluated"),
    [
        pytest.param(
            FIG52,
            2,
            2,
            3,
            "a1",
            ["A", "D", "B"],
            [*RANKED, "D1", "D2", "D3", "B1", "B2", "B3"],
            id="fig52-keeps-D-and-B",
        ),
        pytest.param(
            FIG52,
            2,
            1,
            2,
            "a3",
            ["A", "D"],
            [*RANKED, "D1", "D2", "D3"],
            id="fig52-width-1-is-greedy",
        ),
        pytest.param(
            FIG52,
            2,
            3,
            3,
            "a1",
            ["A", "D", "B", "C"],
            [*RANKED, "D1", "D2", "D3", "B1", "B2", "B3", "C1", "C2", "C3"],
            id="fig52-full-width-is-minimax-best-first",
        ),
        pytest.param(FIG52, 1, 2, 6, "a3", ["A"], RANKED, id="depth-1-evaluates-each-child-once"),
        pytest.param(FIG52, 0, 2, 0, None, [], ["A"], id="depth-0-evaluates-the-root"),
        pytest.param(
            MIN_ROOT,
            2,
            2,
            5,
            "a1",
            ["A", "B", "D"],
            ["B", "C", "D", "B1", "B2", "B3", "D1", "D2", "D3"],
            id="min-keeps-the-lowest",
        ),
        pytest.param(
            RANK_TIES,
            2,
            2,
            2,
            "a1",
            ["A", "C", "B"],
            ["B", "C", "D", "E", "C1", "C2", "B1", "B2"],
            id="equal-evals-keep-action-order",
        ),
        pytest.param(
            VALUE_TIES,
            2,
            2,
            4,
            "a2",
            ["A", "C", "B"],
            ["B", "C", "D", "C1", "C2", "B1", "B2"],
            id="equal-values-keep-the-first-searched",
        ),
        pytest.param(
            TERMINAL_CHILD,
            2,
            2,
            4,
            "a1",
            ["A", "B"],
            ["T", "B", "C", "B1", "B2"],
            id="a-terminal-child-is-ranked-by-its-payoff",
        ),
    ],
)
def test_keeps_the_best_rated_children(
    tree: dict[str, Any],
    depth: int,
    width: int,
    value: int,
    action: str | None,
    expanded: list[str],
    evaluated: list[str],
) -> None:
    got = run("beam", tree, depth, beam_width=width)
    assert (got.value, got.action) == (value, action)
    assert (got.expanded, got.evaluated) == (expanded, evaluated)


def test_the_ranking_evaluates_each_child_once_before_any_is_searched() -> None:
    # A ranks B, C, D (evaluate), then expands D; D ranks D1..D3 and searches D3 and D2
    # again without a new visit (their payoffs were read), nor a new expansion of A or D
    got = run("beam", FIG52, 2, beam_width=2)
    assert got.visits[:5] == [
        ("actions", "A"),
        ("evaluate", "B"),
        ("evaluate", "C"),
        ("evaluate", "D"),
        ("actions", "D"),
    ]
    assert [n for _, n in got.visits].count("A") == 1


# the old beam, kept by beam_ranking="actions": the first children in action order
# A(max) -a1-> B(min): 3 12 8     first two: 3      all: 3
#        -a2-> C(min): 2 4 6      first two: 2      all: 2
#        -a3-> D(min): 14 5 2     outside a beam of 2
@pytest.mark.parametrize(
    ("width", "value", "action", "evaluated"),
    [
        pytest.param(1, 3, "a1", ["B1"], id="width-1-follows-the-first-moves"),
        pytest.param(2, 3, "a1", ["B1", "B2", "C1", "C2"], id="width-2-misses-D"),
        pytest.param(
            3,
            3,
            "a1",
            ["B1", "B2", "B3", "C1", "C2", "C3", "D1", "D2", "D3"],
            id="full-width-is-minimax",
        ),
    ],
)
def test_ranking_by_action_order_searches_the_first_moves(
    width: int, value: int, action: str, evaluated: list[str]
) -> None:
    got = run("beam", FIG52_NESTED, 2, beam_width=width, beam_ranking="actions")
    assert (got.value, got.action, got.evaluated) == (value, action, evaluated)


def test_ranking_by_eval_needs_the_children_evals() -> None:
    with pytest.raises(GameError, match="no eval"):
        run("beam", FIG52_NESTED, 2, beam_width=2)


@pytest.mark.parametrize(
    ("options", "match"),
    [
        pytest.param({"beam_width": 0}, "beam_width", id="width-zero"),
        pytest.param({"beam_width": -1}, "beam_width", id="width-negative"),
        pytest.param({"beam_width": True}, "beam_width", id="width-bool"),
        pytest.param({"beam_width": 1.5}, "beam_width", id="width-float"),
        pytest.param({"beam_ranking": "random"}, "beam_ranking", id="unknown-ranking"),
    ],
)
def test_refuses_bad_options(options: dict[str, Any], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        run("beam", FIG52, 2, **options)


# --- properties against an independent formulation -------------------------------------


def kept_tree(tree: Tree, depth: int, width: int) -> Tree:
    """``tree`` cut to its beams: each node less than ``depth`` plies down keeps its
    ``width`` children with the best score for its mover (player 0's eval, a terminal's
    payoff; MAX the highest, MIN the lowest, the earlier move on equal scores), best first.
    For trees without transpositions (each node has one depth)."""
    nodes = dict(tree.nodes)
    layer, level = [tree.root], 0
    while layer and level < depth:
        below = []
        for nid in layer:
            node = nodes[nid]
            sign = 1 if node.to_move == 0 else -1

            def rank(i: int, node: Any = node, sign: int = sign) -> tuple[float, int]:
                child = tree.nodes[node.children[i]]
                score = (child.utility or child.eval or (0,))[0]
                return (-sign * score, i)

            order = sorted(range(len(node.children)), key=rank)[:width]
            nodes[nid] = dataclasses.replace(
                node,
                actions=tuple(node.actions[i] for i in order),
                children=tuple(node.children[i] for i in order),
            )
            below += [node.children[i] for i in order]
        layer, level = below, level + 1
    return Tree(name=tree.name, players=tree.players, root=tree.root, nodes=nodes)


@PROPERTY
@given(searches(), st.integers(1, 4))
def test_beam_is_minimax_on_the_tree_cut_to_its_beams(case: Case, width: int) -> None:
    # cut the tree first (each node above the depth keeps its best-rated children, best
    # first), then search what is left with plain minimax: the same answer and expansions
    tree, depth = case.tree, case.depth
    got = run("beam", tree, depth, beam_width=width)
    plain = run("minimax", kept_tree(tree, depth, width), depth)
    assert (got.value, got.action) == (plain.value, plain.action)
    assert got.expanded == plain.expanded


@PROPERTY
@given(searches())
def test_full_width_gives_the_minimax_value(case: Case) -> None:
    tree, depth = case.tree, case.depth
    assert run("beam", tree, depth, beam_width=4).value == run("minimax", tree, depth).value


@PROPERTY
@given(searches(evals="exact"), st.integers(1, 4))
def test_with_a_perfect_evaluation_any_width_gives_the_minimax_value(
    case: Case, width: int
) -> None:
    tree, depth = case.tree, case.depth
    assert run("beam", tree, depth, beam_width=width).value == run("minimax", tree, depth).value


@PROPERTY
@given(searches(), st.integers(1, 4))
def test_every_child_of_an_expanded_node_is_evaluated(case: Case, width: int) -> None:
    tree, depth = case.tree, case.depth
    got = run("beam", tree, depth, beam_width=width)
    for node in got.expanded:
        assert set(tree.nodes[node].children) <= set(got.evaluated), node


def test_kept_tree_cuts_fig52_to_its_beam() -> None:
    kept = kept_tree(parse_tree(FIG52), 2, 2)
    assert kept.nodes["A"].children == ("D", "B")
    assert kept.nodes["D"].children == ("D3", "D2")
    assert kept.nodes["B"].children == ("B1", "B3")
