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

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from grader.authoring.assignment import load_assignment
from grader.authoring.sources import searched_tree
from grader.games.chess import Chess
from grader.grading.check import grade_submission
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


# The notes' quiescence, a negamax: fail-hard, values for the player to move, so the
# root's value is Black's where Black moves first (black-poisoned-pawn, trade-not-a-win).
NOTES_NEGAMAX = '''
import math


def quiescence(game, state, depth):
    limit = getattr(game, "quiescence_depth", None)
    return negamax(game, state, depth, -math.inf, math.inf,
                   math.inf if limit is None else limit)


def negamax(game, s, depth, alpha, beta, limit):
    me = game.to_move(s)
    if game.is_terminal(s):
        return game.utility(s, me), None
    if depth == 0:
        return quiesce(game, s, alpha, beta, limit), None
    best = None
    for a in game.actions(s):
        score = -negamax(game, game.result(s, a), depth - 1, -beta, -alpha, limit)[0]
        if score >= beta:
            return beta, a
        if best is None or score > alpha:
            best = a
        alpha = max(alpha, score)
    return alpha, best


def quiesce(game, s, alpha, beta, left):
    me = game.to_move(s)
    if game.is_terminal(s):
        return game.utility(s, me)
    stand_pat = game.evaluate(s, me)
    if left <= 0:
        return stand_pat
    if stand_pat >= beta:
        return beta
    alpha = max(alpha, stand_pat)
    for m in game.noisy_actions(s):
        score = -quiesce(game, game.result(s, m), -beta, -alpha, left - 1)
        if score >= beta:
            return beta
        alpha = max(alpha, score)
    return alpha
'''


@pytest.mark.parametrize("assignment", ["chess-quiescence", "quiescence"])
def test_the_notes_negamax_returning_the_movers_value_scores_full_marks(
    tmp_path: Path, assignment: str
) -> None:
    agent = tmp_path / "agent.py"
    agent.write_text(NOTES_NEGAMAX)
    report = grade_submission(submission=agent, assignment=assignment)
    assert [(t.name, t.message) for t in report.tests if not t.passed] == []
    movers = {t.form for t in report.tests if t.form and "mover" in t.form}
    assert movers or assignment == "quiescence"  # Black moves first in two chess tests
