"""Properties of the reference searches on random trees, checked against each other."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.trees.game import TreeGame
from grader.trees.generate import as_tree, perfectly_ordered_tree, random_tree
from grader.trees.tree import Tree
from reference.alphabeta import alphabeta
from tests.reference.runs import Run, is_subsequence, run

CONVENTIONS = [
    {"prune_on_equality": eq, "fail_soft": soft} for eq in (True, False) for soft in (False, True)
]
PROPERTY = settings(deadline=None, max_examples=40)


@dataclass(frozen=True)
class Case:
    """A random tree, named by its options so a failing case prints short, and a depth."""

    options: dict[str, Any]
    depth: int

    @cached_property
    def tree(self) -> Tree:
        return as_tree(random_tree(**self.options))


@st.composite
def searches(draw: st.DrawFn, **options: Any) -> Case:
    """A random tree (branching 1 to 4, depth 1 to 5, ties often, players in turn or
    not) and a search depth."""
    lo = draw(st.integers(1, 4))
    hi = draw(st.integers(lo, 4))
    depth = draw(st.integers(1, 5 if hi <= 3 else 4))
    shape = {
        "seed": draw(st.integers(0, 2**32 - 1)),
        "depth": depth,
        "branching": (lo, hi),
        "ties": draw(st.booleans()),
        "rotate": draw(st.booleans()),  # False: a player may move twice, or be skipped
    }
    return Case({**shape, **options}, draw(st.integers(1, depth)))


def root_children_values(tree: Tree, depth: int) -> list[Any]:
    """Minimax value of each root move, searched ``depth - 1`` plies below it."""
    root = tree.nodes[tree.root]
    return [run("minimax", _rooted(tree, c), depth - 1).value for c in root.children]


def _rooted(tree: Tree, root: str) -> Tree:
    return Tree(name=tree.name, players=tree.players, root=root, nodes=tree.nodes)


def same_answer(a: Run, b: Run) -> bool:
    return (a.value, a.action) == (b.value, b.action)


@PROPERTY
@given(searches())
def test_alphabeta_gives_minimax_answer_visiting_a_subsequence(case: Case) -> None:
    tree, depth = case.tree, case.depth
    plain = run("minimax", tree, depth)
    for conv in CONVENTIONS:
        got = run("alphabeta", tree, depth, **conv)
        assert same_answer(got, plain), conv
        assert is_subsequence(got.visits, plain.visits), conv


@PROPERTY
@given(searches(transpositions=True))
def test_negamax_is_minimax(case: Case) -> None:
    tree, depth = case.tree, case.depth
    got = run("negamax", tree, depth, value_for="player0")
    plain = run("minimax", tree, depth)
    assert same_answer(got, plain)
    assert got.visits == plain.visits


@PROPERTY
@given(searches())
def test_maxn_on_zero_sum_vectors_is_minimax(case: Case) -> None:
    tree, depth = case.tree, case.depth
    got, plain = run("maxn", tree, depth), run("minimax", tree, depth)
    assert got.value == [plain.value, -plain.value]
    assert got.action == plain.action


@PROPERTY
@given(searches(players=3, value_range=(0, 5)))
def test_shallow_pruning_keeps_the_maxn_answer(case: Case) -> None:
    tree, depth = case.tree, case.depth
    plain = run("maxn", tree, depth)
    for eq in (True, False):
        got = run("maxn", tree, depth, utility_bound=15, prune_on_equality=eq)
        assert same_answer(got, plain)
        assert is_subsequence(got.visits, plain.visits)


def constant_sum(data: dict[str, Any], total: int) -> dict[str, Any]:
    """The tree with every payoff vector's last entry set so the entries sum to ``total``."""
    for node in data["nodes"].values():
        for key in ("utility", "eval"):
            if key in node:
                node[key] = [*node[key][:-1], total - sum(node[key][:-1])]
    return data


@settings(deadline=None, max_examples=200)
@given(st.integers(0, 2**32 - 1), st.integers(2, 4))
def test_shallow_pruning_on_constant_sum_payoffs_keeps_the_maxn_answer(
    seed: int, depth: int
) -> None:
    # payoffs >= 0 summing to exactly the bound, as in Korf's setting, so cuts are
    # frequent; players do not rotate, so one often moves twice, where no bound applies
    data = random_tree(seed=seed, depth=depth, players=3, value_range=(0, 5),
                       branching=(2, 3), rotate=False)
    tree = as_tree(constant_sum(data, 10))
    plain = run("maxn", tree, depth)
    for eq in (True, False):
        got = run("maxn", tree, depth, utility_bound=10, prune_on_equality=eq)
        assert same_answer(got, plain)
        assert is_subsequence(got.visits, plain.visits)


@PROPERTY
@given(searches())
def test_paranoid_with_two_players_is_alphabeta(case: Case) -> None:
    # paranoid values the root player's payoff: player 1's is player 0's negated
    tree, depth = case.tree, case.depth
    sign = -1 if tree.nodes[tree.root].to_move == 1 else 1
    for conv in CONVENTIONS:
        got, plain = run("paranoid", tree, depth, **conv), run("alphabeta", tree, depth, **conv)
        assert (got.value, got.action) == (sign * plain.value, plain.action)
        assert got.visits == plain.visits


@PROPERTY
@given(searches(), st.sampled_from([None, 0, 1, 3]))
def test_quiescence_without_noisy_moves_is_alphabeta(case: Case, limit: int | None) -> None:
    tree, depth = case.tree, case.depth
    for conv in CONVENTIONS:
        got = run("quiescence", tree, depth, quiescence_depth=limit, **conv)
        plain = run("alphabeta", tree, depth, **conv)
        assert same_answer(got, plain)
        assert got.visits == plain.visits


@PROPERTY
@given(searches(noisy=0.5))
def test_quiescence_at_limit_zero_is_alphabeta(case: Case) -> None:
    tree, depth = case.tree, case.depth
    got, plain = run("quiescence", tree, depth, quiescence_depth=0), run("alphabeta", tree, depth)
    assert same_answer(got, plain)


@PROPERTY
@given(searches())
def test_iterative_deepening_gives_the_last_depths_answer(case: Case) -> None:
    tree, depth = case.tree, case.depth
    for conv in CONVENTIONS:
        got = run("iterative_deepening", tree, depth, **conv)
        plain = run("alphabeta", tree, depth, **conv)
        assert got.value == plain.value
        values = root_children_values(tree, depth)
        if values.count(plain.value) == 1:
            assert got.action == plain.action


@PROPERTY
@given(searches(transpositions=True))
def test_fail_soft_and_fail_hard_agree_at_the_root(case: Case) -> None:
    tree, depth = case.tree, case.depth
    for name in ("alphabeta", "transposition", "killers", "quiescence", "lmr"):
        for eq in (True, False):
            hard = run(name, tree, depth, prune_on_equality=eq, fail_soft=False)
            soft = run(name, tree, depth, prune_on_equality=eq, fail_soft=True)
            assert same_answer(hard, soft), (name, eq)


@PROPERTY
@given(searches(transpositions=True))
def test_transposition_and_killers_give_the_minimax_value(case: Case) -> None:
    tree, depth = case.tree, case.depth
    plain = run("minimax", tree, depth)
    for name in ("transposition", "killers"):
        for conv in CONVENTIONS:
            assert run(name, tree, depth, **conv).value == plain.value, (name, conv)


@PROPERTY
@given(searches(evals="exact"), st.integers(1, 3))
def test_lmr_with_a_perfect_evaluation_gives_the_minimax_value(case: Case, full_moves: int) -> None:
    tree, depth = case.tree, case.depth
    plain = run("minimax", tree, depth)
    for conv in CONVENTIONS:
        assert run("lmr", tree, depth, lmr_full=full_moves, **conv).value == plain.value


@PROPERTY
@given(searches())
def test_lmr_without_late_moves_is_alphabeta(case: Case) -> None:
    tree, depth = case.tree, case.depth
    got, plain = run("lmr", tree, depth, lmr_full=4), run("alphabeta", tree, depth)
    assert same_answer(got, plain)
    assert got.visits == plain.visits


@PROPERTY
@given(searches())
def test_full_width_beam_is_minimax(case: Case) -> None:
    tree, depth = case.tree, case.depth
    got = run("beam", tree, depth, beam_width=4, beam_ranking="actions")
    plain = run("minimax", tree, depth)
    assert same_answer(got, plain)
    assert got.visits == plain.visits


@PROPERTY
@given(searches(chance=0.4, evals="exact"))
def test_expectimax_at_full_depth_is_the_exact_value(case: Case) -> None:
    tree = case.tree
    exact = tree.nodes[tree.root].eval
    assert exact is not None
    got = run("expectimax", tree, 5)
    assert got.value == pytest.approx(exact[0])


# Fail-hard with strict pruning is left out: a refuted child comes back clamped to exactly
# alpha, and ``value < alpha`` then fails, so the cut-offs of the minimal tree are missed.
@pytest.mark.parametrize(
    "conv",
    [
        pytest.param({"prune_on_equality": True, "fail_soft": False}, id="hard-on-equality"),
        pytest.param({"prune_on_equality": True, "fail_soft": True}, id="soft-on-equality"),
        pytest.param({"prune_on_equality": False, "fail_soft": True}, id="soft-strict"),
    ],
)
@pytest.mark.parametrize("d", range(6))
@pytest.mark.parametrize("b", range(1, 5))
def test_knuth_moore_minimal_tree(b: int, d: int, conv: dict[str, bool]) -> None:
    tree = as_tree(perfectly_ordered_tree(b, d))
    game = TreeGame(tree)
    value, _ = alphabeta(game, tree.root, d, **conv)
    assert value == 0
    assert len(game.trace.evaluated()) == b ** math.ceil(d / 2) + b ** (d // 2) - 1
