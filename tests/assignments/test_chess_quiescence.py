"""The chess-quiescence assignment: the horizon effect on real positions, and every form
of quiescence finding what it searches in the unfolded trees.

Each horizon test is a position where alpha-beta at the test's depth, evaluating the
horizon as it stands, picks another move than quiescence (a capture that is taken back,
a piece that is not free, a promotion it cannot see). A search that is a correct form of
quiescence (fail-hard or fail-soft, pruning on >= or >), or one of its known mistakes,
must find every position it visits in the tree the test unfolds, so that it is graded,
never refused for a missing position.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from grader.authoring.assignment import load_assignment
from grader.authoring.sources import searched_tree
from grader.games.chess import Chess
from grader.trees.game import TreeGame
from reference.algorithms import search, variants_for

if TYPE_CHECKING:
    from grader.authoring.assignment import TestSpec

LOADED = load_assignment("chess-quiescence")
TESTS = [pytest.param(t, id=t.name) for t in LOADED.spec.tests]
GAME = Chess()


@pytest.mark.parametrize(
    ("test", "plain", "deep"),
    [
        pytest.param("poisoned-pawn", "Qxd5", "Qa1", id="poisoned-pawn"),
        pytest.param("trap-before-free-piece", "Rxa6", "Bxh5", id="trap-before-free-piece"),
        pytest.param("exchange-on-d5", "Bxd5", "Ba2", id="exchange-on-d5"),
        pytest.param("stand-pat", "a4", "f3", id="stand-pat"),
        pytest.param("promotion-past-the-horizon", "Kxb1", "f7", id="promotion"),
        pytest.param("black-poisoned-pawn", "Qxd4", "Qa5", id="black-poisoned-pawn"),
    ],
)
def test_alphabeta_blunders_at_the_horizon_where_quiescence_does_not(
    test: str, plain: str, deep: str
) -> None:
    spec = LOADED.test(test)
    tree = searched_tree(LOADED, spec)
    _, blunder = search("alphabeta", TreeGame(tree), tree.root, spec.depth, depth_unit="ply")
    _, best = search("quiescence", TreeGame(tree), tree.root, spec.depth, depth_unit="ply")
    assert blunder is not None and best is not None
    assert (GAME.say_move(tree.root, blunder), GAME.say_move(tree.root, best)) == (plain, deep)
    # quiescence's own verdict on alpha-beta's move: it loses material against the best
    after = GAME.result(tree.root, blunder)
    worse, _ = search("quiescence", TreeGame(tree), after, spec.depth - 1, depth_unit="ply")
    best_value, _ = search("quiescence", TreeGame(tree), tree.root, spec.depth, depth_unit="ply")
    assert worse != best_value


@pytest.mark.parametrize("test", TESTS)
def test_every_form_and_known_mistake_finds_its_positions_unfolded(test: TestSpec) -> None:
    tree = searched_tree(LOADED, test)
    limit = test.convention("quiescence_depth")
    answers = set()
    for soft in (False, True):
        for equality in (True, False):
            game = TreeGame(tree)
            value, action = search("quiescence", game, tree.root, test.depth, depth_unit="ply",
                                   quiescence_depth=limit, fail_soft=soft,
                                   prune_on_equality=equality)
            answers.add((value, action))
    assert len(answers) == 1  # the forms differ in the positions they visit, not the answer
    for variant in variants_for("quiescence"):  # a GameError names the position missing
        variant.search(TreeGame(tree), tree.root, test.depth, quiescence_depth=limit)
