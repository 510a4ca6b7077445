"""Generated trees: valid game-tree/1, seeded, shaped as asked, fast to build."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import pytest

from grader.trees.game import TreeGame
from grader.trees.generate import as_tree, perfectly_ordered_tree, random_tree, uniform_tree
from grader.trees.tree import Tree, parse_tree
from reference.expectimax import expectimax
from reference.maxn import maxn
from reference.minimax import minimax

OPTIONS: list[Any] = [
    pytest.param({}, id="defaults"),
    pytest.param({"branching": (0, 4), "ties": True}, id="early-terminals-and-ties"),
    pytest.param({"players": 3, "noisy": 0.5, "evals": "exact"}, id="three-players"),
    pytest.param({"vectors": True, "chance": 0.4, "evals": "exact"}, id="general-sum-chance"),
    pytest.param({"chance": 0.5, "transpositions": True}, id="chance-and-transpositions"),
    pytest.param({"players": 1, "evals": "none"}, id="one-player"),
    pytest.param({"players": 3, "rotate": False, "evals": "exact"}, id="players-not-in-turn"),
]


def depths(tree: Tree) -> dict[str, set[int]]:
    """Every depth at which each node is reached from the root."""
    seen: dict[str, set[int]] = {}
    stack = [(tree.root, 0)]
    while stack:
        nid, k = stack.pop()
        seen.setdefault(nid, set()).add(k)
        stack.extend((c, k + 1) for c in tree.nodes[nid].children)
    return seen


@pytest.mark.parametrize("options", OPTIONS)
def test_generated_trees_pass_the_loader_and_match_as_tree(options: dict[str, Any]) -> None:
    data = random_tree(seed=7, depth=4, **options)
    assert dict(as_tree(data).nodes) == dict(parse_tree(data).nodes)


@pytest.mark.parametrize("options", OPTIONS)
def test_same_seed_same_tree_other_seed_other_tree(options: dict[str, Any]) -> None:
    assert random_tree(seed=3, depth=4, **options) == random_tree(seed=3, depth=4, **options)
    assert random_tree(seed=3, depth=4, **options) != random_tree(seed=4, depth=4, **options)


@pytest.mark.parametrize(("b", "d"), [(1, 3), (2, 4), (3, 3), (5, 2)])
def test_uniform_tree_shape(b: int, d: int) -> None:
    tree = as_tree(uniform_tree(b, d, seed=1))
    assert len(tree.nodes) == sum(b**k for k in range(d + 1))
    assert all(len(n.children) in (0, b) for n in tree.nodes.values())
    leaves = [nid for nid, n in tree.nodes.items() if n.terminal]
    at = depths(tree)
    assert {k for nid in leaves for k in at[nid]} == {d}


def test_branching_range_and_players_by_depth() -> None:
    tree = as_tree(random_tree(seed=11, depth=5, branching=(0, 3), players=3))
    at = depths(tree)
    assert tree.nodes[tree.root].children  # the root always moves
    for nid, node in tree.nodes.items():
        assert len(node.children) <= 3
        if node.to_move is not None:
            assert {k % 3 for k in at[nid]} == {node.to_move}
        if node.utility is not None:
            assert len(node.utility) == 3 and all(-9 <= v <= 9 for v in node.utility)


def test_ties_draw_from_few_values() -> None:
    tree = as_tree(random_tree(seed=5, depth=5, branching=3, ties=True))
    values = Counter(n.utility[0] for n in tree.nodes.values() if n.utility is not None)
    assert len(values) <= 3 and max(values.values()) > 1


@pytest.mark.parametrize(("fraction", "all_noisy"), [(0.0, False), (1.0, True)])
def test_noisy_fraction(fraction: float, all_noisy: bool) -> None:
    tree = as_tree(random_tree(seed=2, depth=3, noisy=fraction))
    deciders = [n for n in tree.nodes.values() if n.children]
    assert all((n.noisy == set(n.actions)) is all_noisy for n in deciders)
    assert all(n.noisy <= set(n.actions) for n in deciders)


def test_chance_nodes_below_the_root_with_probabilities_summing_to_one() -> None:
    tree = as_tree(random_tree(seed=9, depth=4, chance=1.0))
    root = tree.nodes[tree.root]
    assert not root.chance and root.to_move == 0
    interior = [n for nid, n in tree.nodes.items() if n.children and nid != tree.root]
    assert interior and all(n.chance and n.to_move is None for n in interior)
    assert all(math.isclose(sum(n.probabilities or ()), 1.0) for n in interior)


def test_transpositions_share_nodes_at_one_depth() -> None:
    tree = as_tree(random_tree(seed=1, depth=4, branching=3, transpositions=True))
    parents = Counter(c for n in tree.nodes.values() for c in n.children)
    assert max(parents.values()) > 1
    assert all(len(ks) == 1 for ks in depths(tree).values())


@pytest.mark.parametrize(
    ("evals", "has_eval"), [("none", False), ("random", True), ("exact", True)]
)
def test_evals_on_every_interior_node_or_none(evals: Any, has_eval: bool) -> None:
    tree = as_tree(random_tree(seed=4, depth=3, evals=evals))
    interior = [n for n in tree.nodes.values() if n.children]
    assert all((n.eval is not None) is has_eval for n in interior)
    assert all(n.eval is None for n in tree.nodes.values() if n.terminal)


@pytest.mark.parametrize("seed", range(5))
def test_exact_evals_are_the_searched_values(seed: int) -> None:
    zero_sum = as_tree(random_tree(seed=seed, depth=4, evals="exact", transpositions=True))
    root = zero_sum.nodes[zero_sum.root]
    assert root.eval is not None
    assert minimax(TreeGame(zero_sum), zero_sum.root, 4)[0] == root.eval[0]
    chance = as_tree(random_tree(seed=seed, depth=4, evals="exact", chance=0.5))
    exact = chance.nodes[chance.root].eval or ()
    assert [expectimax(TreeGame(chance), chance.root, 4)[0]] == pytest.approx(list(exact[:1]))
    three = as_tree(random_tree(seed=seed, depth=4, players=3, evals="exact", ties=True))
    assert maxn(TreeGame(three), three.root, 4)[0] == list(three.nodes[three.root].eval or ())


def test_players_not_in_turn_move_twice_and_are_skipped() -> None:
    # with rotate=False a node's player is drawn: same as its parent's, or one skipped
    tree = as_tree(random_tree(seed=1, depth=4, players=3, branching=2, rotate=False))
    steps = Counter(
        (child.to_move - node.to_move) % 3
        for node in tree.nodes.values() if node.to_move is not None
        for child in map(tree.nodes.get, node.children) if child and child.to_move is not None
    )
    assert steps[0] and steps[2], steps  # a player again; the next player skipped
    rotating = as_tree(random_tree(seed=1, depth=4, players=3, branching=2))
    assert all(n.to_move == k % 3 for nid, n in rotating.nodes.items() if n.to_move is not None
               for k in depths(rotating)[nid])


@pytest.mark.parametrize("seed", range(5))
def test_exact_evals_follow_the_drawn_players(seed: int) -> None:
    three = as_tree(random_tree(seed=seed, depth=4, players=3, evals="exact", rotate=False))
    assert maxn(TreeGame(three), three.root, 4)[0] == list(three.nodes[three.root].eval or ())
    two = as_tree(random_tree(seed=seed, depth=4, evals="exact", rotate=False))
    assert minimax(TreeGame(two), two.root, 4)[0] == (two.nodes[two.root].eval or ())[0]


@pytest.mark.parametrize(("b", "d"), [(2, 3), (3, 4), (4, 2)])
def test_perfectly_ordered_tree_puts_the_best_move_first(b: int, d: int) -> None:
    tree = parse_tree(perfectly_ordered_tree(b, d))
    assert len(tree.nodes) == sum(b**k for k in range(d + 1))
    for nid, node in tree.nodes.items():
        if node.terminal:
            continue
        game = TreeGame(tree)
        values = [minimax(game, c, d)[0] for c in node.children]
        best = max(values) if node.to_move == 0 else min(values)
        assert values[0] == best and values.count(best) == 1, nid


@pytest.mark.parametrize(
    "options",
    [
        pytest.param({"depth": -1}, id="negative-depth"),
        pytest.param({"depth": 2, "branching": 0}, id="no-branching"),
        pytest.param({"depth": 2, "branching": (3, 2)}, id="empty-branching-range"),
        pytest.param({"depth": 2, "players": 0}, id="no-players"),
        pytest.param({"depth": 2, "value_range": (1, 0)}, id="empty-value-range"),
        pytest.param({"depth": 2, "noisy": 1.5}, id="noisy-over-one"),
        pytest.param({"depth": 2, "chance": -0.1}, id="negative-chance"),
    ],
)
def test_refuses_impossible_options(options: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        random_tree(seed=0, **options)
