"""MCTS (UCT): the reference on tiny drawn trees, and hypothesis properties against an
independent formulation (a recursive UCT over paths) and against minimax."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.errors import GameError
from grader.trees.game import TreeGame
from grader.trees.generate import random_tree
from grader.trees.tree import parse_tree
from reference.mcts import mcts
from reference.minimax import minimax


def nested(rows: Any) -> Any:
    return parse_tree({"format": "game-tree/1", "nested": rows})


def run(tree: Any, iterations: int, seed: int, **conventions: Any) -> tuple[Any, Any, TreeGame]:
    game = TreeGame(tree, random_seed=seed)
    counts, action = mcts(game, tree.root, iterations, random_seed=seed, **conventions)
    return counts, action, game


# A(max) -a1-> 1, -a2-> -1, -a3-> 0: one iteration a child, in action order, then UCB1
@pytest.mark.parametrize(
    ("iterations", "counts", "action"),
    [
        pytest.param(1, [1, 0, 0], "a1", id="one-iteration"),
        pytest.param(3, [1, 1, 1], "a1", id="each-child-once-ties-first"),
        pytest.param(4, [2, 1, 1], "a1", id="then-the-best-ucb"),
    ],
)
def test_unvisited_children_first_in_action_order(
    iterations: int, counts: list[int], action: str
) -> None:
    got_counts, got_action, game = run(nested([1, -1, 0]), iterations, 0)
    assert (got_counts, got_action) == (counts, action)
    assert game.trace.draws == []  # the children are terminals: no playout draws


def test_a_playout_draws_once_a_move_and_expands_nothing() -> None:
    # A(max) -a1-> B(min) -b1-> 3, -b2-> 5: iteration 1 expands A, plays out from B
    tree = nested([[3, 5]])
    _, _, game = run(tree, 1, 7)
    assert len(game.trace.draws) == 1
    assert game.trace.expanded() == ["A"]
    assert len(game.trace.evaluated()) == 1


def test_exploration_zero_is_greedy() -> None:
    # a1 pays 1 and a2 pays 0: with c = 0 every iteration after the first two takes a1
    counts, action, _ = run(nested([1, 0]), 10, 0, exploration=0.0)
    assert (counts, action) == ([9, 1], "a1")


def test_preconditions_are_refused() -> None:
    tree = nested([1, 0])
    with pytest.raises(GameError, match="random_seed"):  # no stream: the playout's draw
        mcts(TreeGame(nested([[1, 0]])), "A", 3)
    with pytest.raises(ValueError, match="iterations"):
        mcts(TreeGame(tree, random_seed=1), tree.root, 0, random_seed=1)


def independent_uct(game: TreeGame, root: str, iterations: int, c: float) -> list[int]:
    """UCT written as statistics keyed by the path from the root, searched recursively."""
    visits: dict[tuple[str, ...], int] = {}
    total: dict[tuple[str, ...], float] = {}

    def iterate(s: str, path: tuple[str, ...]) -> float:
        if game.is_terminal(s):
            payoff = game.utility(s, 0)
        else:
            moves = game.actions(s)
            fresh = [a for a in moves if (*path, a) not in visits]
            if fresh:
                child = game.result(s, fresh[0])
                key = (*path, fresh[0])
                t = child
                while not game.is_terminal(t):
                    t = game.result(t, game.random_choice(game.actions(t)))
                payoff = game.utility(t, 0)
                sign = 1 if game.to_move(s) == 0 else -1
                visits[key], total[key] = 1, sign * payoff
            else:
                sign = 1 if game.to_move(s) == 0 else -1
                n = visits.get(path, iterations)
                scores = [
                    total[(*path, a)] / visits[(*path, a)]
                    + c * math.sqrt(math.log(n) / visits[(*path, a)])
                    for a in moves
                ]
                a = moves[scores.index(max(scores))]
                payoff = iterate(game.result(s, a), (*path, a))
                key = (*path, a)
                visits[key] += 1
                total[key] += sign * payoff
        return payoff

    for k in range(iterations):
        visits[()] = k  # the root's visits before this iteration
        iterate(root, ())
    return [visits.get((a,), 0) for a in game.actions(root)]


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    iterations=st.integers(1, 60),
    c=st.sampled_from([0.0, 0.7, 1.4, 3.0]),
)
def test_the_reference_is_an_independent_uct(seed: int, iterations: int, c: float) -> None:
    tree = parse_tree(random_tree(seed=seed, depth=3, branching=(1, 3), evals="none"))
    if tree.nodes[tree.root].terminal:
        return
    counts, _, game = run(tree, iterations, seed, exploration=c)
    other = TreeGame(tree, random_seed=seed)
    assert independent_uct(other, tree.root, iterations, c) == counts
    assert other.trace.draws == game.trace.draws  # the same draws, in the same order


@settings(max_examples=25, deadline=None)
@given(rows=st.lists(st.lists(st.sampled_from([-1, 1]), min_size=1, max_size=3),
                     min_size=2, max_size=3))
def test_the_visits_converge_to_the_minimax_move(rows: list[list[int]]) -> None:
    # two plies of wins and losses where exactly one root move wins against every reply
    winners = [i for i, replies in enumerate(rows) if min(replies) == 1]
    if len(winners) != 1:
        return
    tree = nested(rows)
    _, best = minimax(TreeGame(tree), tree.root, 2)
    counts, action, _ = run(tree, 400, 1)
    assert action == best
    assert counts[winners[0]] > sum(counts) / 2
