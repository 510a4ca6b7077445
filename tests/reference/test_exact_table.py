"""The ``transposition_table`` convention: a table of exact values by (state, depth to go)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given

from grader.trees.tree import Tree
from reference.algorithms import ALGORITHMS
from reference.conventions import CONVENTIONS
from tests.reference.runs import full, is_subsequence, run
from tests.reference.test_properties import PROPERTY, Case, same_answer, searches

FORMS = [value for _, value in CONVENTIONS["transposition_table"].forms]
TAKERS = sorted(n for n, a in ALGORITHMS.items() if "transposition_table" in a.conventions)

# X is reached by A-a1-B-b1-X and A-a2-C-c2-X, with one ply to go both times; X1 is a
# leaf below X and below D, so a memoised search reads it once
TREE = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "C"}},
        "B": {"to_move": 1, "children": {"b1": "X", "b2": "D"}},
        "C": {"to_move": 1, "children": {"c1": "C1", "c2": "X"}},
        "D": {"to_move": 0, "children": {"d1": "X1"}},
        "X": {"to_move": 0, "children": {"x1": "X1", "x2": "X2"}},
        "C1": {"utility": 6},
        "X1": {"utility": 3},
        "X2": {"utility": 7},
    },
)


@pytest.mark.parametrize(
    ("form", "expanded", "evaluated"),
    [
        pytest.param("none", "A B X D C X", "X1 X2 X1 C1 X1 X2", id="none"),
        pytest.param("searched", "A B X D C", "X1 X2 X1 C1", id="searched"),
        pytest.param("all", "A B X D C", "X1 X2 C1", id="all"),
    ],
)
def test_a_position_reached_again_is_read_from_the_table(
    form: str, expanded: str, evaluated: str
) -> None:
    got = run("minimax", TREE, 3, transposition_table=form)
    assert (got.value, got.action) == (6, "a2")
    assert got.expanded == expanded.split()
    assert got.evaluated == evaluated.split()


def test_a_position_reached_with_other_depth_to_go_is_searched_again() -> None:
    # X is two plies below A on one path and one ply on the other: two table entries
    tree = full(
        "A",
        {
            "A": {"to_move": 0, "children": {"a1": "X", "a2": "B"}},
            "B": {"to_move": 1, "children": {"b1": "X"}},
            "X": {"to_move": 0, "children": {"x1": "X1"}},
            "X1": {"utility": 3},
        },
    )
    got = run("minimax", tree, 3, transposition_table="all")
    assert got.expanded == ["A", "X", "B", "X"]


@pytest.mark.parametrize("name", TAKERS)
def test_an_unknown_form_is_refused(name: str) -> None:
    with pytest.raises(ValueError, match="transposition_table must be one of"):
        run(name, TREE, 2, transposition_table="by state")


def interior_and_leaves(tree: Tree, depth: int) -> tuple[set[Any], set[Any], int]:
    """An independent count: the (node, depth to go) pairs searched from the root, split
    into interior ones and leaves, and the edges from interior pairs to leaf pairs."""
    interior: set[Any] = set()
    leaves: set[Any] = set()
    leaf_edges = 0
    todo = [(tree.root, depth)]
    while todo:
        pair = todo.pop()
        node = tree.nodes[pair[0]]
        if node.terminal or pair[1] == 0:
            leaves.add(pair)
            continue
        if pair in interior:
            continue
        interior.add(pair)
        children = [(c, pair[1] - 1) for c in node.children]
        leaf_edges += sum(tree.nodes[c].terminal or d == 0 for c, d in children)
        todo.extend(children)
    return interior, leaves, leaf_edges


@PROPERTY
@given(searches(transpositions=True))
def test_a_table_keeps_the_minimax_answer_and_searches_each_pair_once(case: Case) -> None:
    tree, depth = case.tree, case.depth
    plain = run("minimax", tree, depth, transposition_table="none")
    interior, leaves, leaf_edges = interior_and_leaves(tree, depth)
    searched = run("minimax", tree, depth, transposition_table="searched")
    memoised = run("minimax", tree, depth, transposition_table="all")
    for got in (searched, memoised):
        assert same_answer(got, plain)
        assert is_subsequence(got.visits, plain.visits)
        assert len(got.expanded) == len(interior)
    assert len(searched.evaluated) == leaf_edges + (not interior)
    assert len(memoised.evaluated) == len(leaves)
    assert is_subsequence(memoised.visits, searched.visits)


@PROPERTY
@given(searches(transpositions=True))
def test_negamax_with_a_table_is_minimax_with_it(case: Case) -> None:
    tree, depth = case.tree, case.depth  # a player may move twice: MAX's values are kept
    for form in FORMS:
        got = run("negamax", tree, depth, value_for="player0", transposition_table=form)
        plain = run("minimax", tree, depth, transposition_table=form)
        assert same_answer(got, plain), form
        assert got.visits == plain.visits, form


@PROPERTY
@given(searches(transpositions=True, chance=0.3))
def test_a_table_keeps_the_expectimax_answer(case: Case) -> None:
    tree, depth = case.tree, case.depth
    for counts in (True, False):
        plain = run("expectimax", tree, depth, chance_counts_as_ply=counts)
        for form in FORMS:
            got = run(
                "expectimax", tree, depth, chance_counts_as_ply=counts, transposition_table=form
            )
            assert same_answer(got, plain), form
            assert is_subsequence(got.visits, plain.visits), form


@PROPERTY
@given(searches(transpositions=True, players=3, value_range=(0, 5)))
def test_a_table_keeps_the_maxn_answer_with_and_without_shallow_pruning(case: Case) -> None:
    tree, depth = case.tree, case.depth
    for bound in (None, 15.0):
        for eq in (True, False):
            rules: dict[str, Any] = {"utility_bound": bound, "prune_on_equality": eq}
            if bound is None:
                del rules["utility_bound"]
            plain = run("maxn", tree, depth, **rules)
            for form in FORMS:
                got = run("maxn", tree, depth, transposition_table=form, **rules)
                assert same_answer(got, plain), (rules, form)
                assert is_subsequence(got.visits, plain.visits), (rules, form)


@PROPERTY
@given(searches())
def test_without_transpositions_a_table_changes_nothing(case: Case) -> None:
    tree, depth = case.tree, case.depth
    for name in TAKERS:
        plain = run(name, tree, depth)
        for form in FORMS:
            assert run(name, tree, depth, transposition_table=form).visits == plain.visits
