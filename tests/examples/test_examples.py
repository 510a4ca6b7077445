"""Every example submission in examples/, graded through the real local sandbox.

An example is graded on the assignment its folder is named after. ``correct.py`` must
score full marks, hidden tests included. Every other example is a typical mistake; the
table below says, from working the trees by hand, on which tests the mistake must show
and a phrase the feedback must contain there, which tests it cannot touch (they must
pass), and which checks it can get wrong at all (no other check may fail).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import pytest

from grader.authoring.assignment import load_assignment
from grader.grading.check import Prepared, grade_submission, prepare
from grader.grading.report import Report, TestResult
from reference.variants import variants_for

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((REPO / "examples").glob("*/*.py"))
SEARCH = frozenset({"expanded", "evaluated", "prunes"})  # the checks of the visited nodes
ALL_CHECKS = frozenset({"value", "action", *SEARCH})


@dataclass(frozen=True)
class Mistake:
    """What one wrong example must do to its grade."""

    named: str  # the known mistake (a variant's name) the report names, alone
    shows_in: dict[str, tuple[str, ...]]  # test -> phrases its message or feedback holds
    checks: frozenset[str] = ALL_CHECKS  # the only checks it may fail
    spared: tuple[str, ...] = ()  # tests where the mistake cannot show: they pass
    statuses: frozenset[str] = field(default_factory=lambda: frozenset({"failed"}))


def names_of(assignment: str) -> list[str]:
    return [t.name for t in load_assignment(assignment).spec.tests]


MINIMAX_TESTS = names_of("minimax")
ALPHABETA_TESTS = names_of("alphabeta")

MISTAKES: dict[str, Mistake] = {
    # fig 5.2: B(min) 3 12 8 | C(min) 2 4 6 | D(min) 14 5 2. Stopping at depth 1 asks B
    # for an eval it does not have; the cut-off tree has evals at depth 1 and 2.
    "minimax/depth_off_by_one": Mistake(
        named="depth-minus-one",
        shows_in={
            "aima-fig5.2": ("the tree gives B no eval",),
            "cutoff-depth-2": ("you evaluated B (depth cut-off) but B is at depth 1 of 2",),
        },
        # depth 0 evaluates the root either way; depth 6 on fig 5.2 meets terminals first
        spared=("cutoff-depth-0", "depth-beyond-tree"),
        statuses=frozenset({"failed", "error"}),
    ),
    # ties: A(max) -> B(min) 5 7 5 | C(min) 6 5 8 | D(min) 9 5: all worth 5, last is a3
    "minimax/ties_to_last": Mistake(
        named="ties-to-last",
        shows_in={"first-best-tie": ("root action: expected a1, got a3",)},
        checks=frozenset({"action"}),
        # fig 5.2's root values 3, 2, 2 have one best; depth 0 has no action
        spared=("aima-fig5.2", "cutoff-depth-0"),
    ),
    # fig 5.2 with alpha-beta: C1 = 2 <= alpha = 3 prunes C2 and C3
    "alphabeta/no_pruning": Mistake(
        named="no-pruning",
        shows_in={
            "aima-fig5.2": ("after evaluating C1 = 2 you evaluated C2", "2 <= alpha = 3 at C"),
        },
        checks=SEARCH,
        spared=("worst-order",),  # nothing can be pruned there
    ),
    # the root's second child C is searched with alpha = -inf instead of 3
    "alphabeta/alpha_not_passed_at_root": Mistake(
        named="root-window-reset",
        shows_in={"aima-fig5.2": ("after evaluating C1 = 2 you evaluated C2",)},
        checks=SEARCH,
        spared=("worst-order",),
    ),
    # flipped on fig 5.2: B = 12 for the "MAX" at B; C = 6 is the "MIN" root's choice
    "alphabeta/perspective_flipped": Mistake(
        named="wrong-perspective",
        shows_in={
            "aima-fig5.2": ("root value: expected 3, got 6", "root action: expected a1, got a2"),
        },
    ),
    # equality tree: A(max) -> B(min) 3 5 | C(min) 3 9 1 | D(min) 2 7; C1 = 3 = alpha
    "alphabeta/prune_wrong_condition": Mistake(
        named="prune-strict",
        shows_in={
            "equality-prunes": ("after evaluating C1 = 3 you evaluated C2", "3 <= alpha = 3"),
        },
        checks=SEARCH,
        # its strict rule is the convention of the *-strict tests; fig 5.2 has no ties
        # with a bound, and nothing can be pruned in worst-order
        spared=("equality-strict", "random-ties-strict", "aima-fig5.2", "worst-order"),
    ),
    # fig 5.4 maximising component 0 everywhere: D (4,2,3), E (7,4,1), B (7,4,1),
    # F (5,1,1), G (7,7,1), C (7,7,1); the root's tie 7 = 7 keeps a1, so only the value
    # differs. ties: B2 (9,5,0) beats C2 (4,1,8) and D2 (2,3,3).
    "maxn/player_zero_everywhere": Mistake(
        named="player-zero-component",
        shows_in={
            "aima-fig5.4": ("root value: expected (1, 2, 6), got (7, 4, 1)",),
            "first-best-tie": ("root value: expected (2, 5, 3), got (9, 5, 0)",),
        },
    ),
    # fig 5.4: A's children are worth 1 to player 0 both; the last is C = (1, 5, 2).
    # ties: B keeps B2 (9,5,0) over B1 (2,5,3), and A then takes a1 = (9,5,0).
    "maxn/ties_to_last": Mistake(
        named="ties-to-last",
        shows_in={
            "aima-fig5.4": (
                "root value: expected (1, 2, 6), got (1, 5, 2)",
                "root action: expected a1, got a2",
            ),
            "first-best-tie": ("root value: expected (2, 5, 3), got (9, 5, 0)",),
        },
        spared=("four-player",),  # no node of that tree has a tie for its mover
    ),
    # shallow-pruning, bound 10: B = (3,3,4) after E, so F's bound is 10 - 3 = 7 and
    # F1 = (1,2,7) reaches it: F2 is pruned. Strictly (7 > 7 fails) nothing is pruned.
    "maxn/no_shallow_pruning": Mistake(
        named="no-pruning",
        shows_in={
            "shallow-pruning": ("after evaluating F1 = (1, 2, 7) you evaluated F2",),
        },
        checks=SEARCH,
        spared=(
            "aima-fig5.4", "first-best-tie", "uneven-depths", "no-bound-no-pruning",
            "four-player", "cutoff-depth-2", "two-player-vectors", "shallow-pruning-strict",
            "cutoff-one-round", "cutoff-depth-4", "transposition", "random-ties",
        ),
    ),
    # stand-pat: A(max) -> B(min, eval 2, noisy b1 -> B1 eval 8) | C(min, eval 1, quiet).
    # Forced to capture, B is worth 8 instead of standing pat at 2.
    "quiescence/no_stand_pat": Mistake(
        named="no-stand-pat",
        shows_in={
            "stand-pat": ("at B (the horizon, not quiet) you skipped the stand-pat",
                          "root value: expected 2, got 8"),
        },
        checks=frozenset({"value", "action", "expanded", "evaluated"}),
        spared=("quiet",),  # no noisy moves anywhere
    ),
    # multi-noisy: B(min, stand pat 4) noisy b1 6, b2 -1, b4 0, quiet b3 -8; C(min,
    # stand pat 2) noisy c1 3, quiet c2 1. Noisy only: B = -1, C = 2, A = 2 by a2; every
    # move: B = -8, C = 1, A = 1.
    "quiescence/all_moves_at_horizon": Mistake(
        named="quiet-moves-too",
        shows_in={
            "quiet-actions-ignored": ("at B, past the horizon, you searched every move",
                                      "root value: expected 2, got 1"),
        },
        checks=frozenset({"value", "action", "expanded", "evaluated"}),
        spared=("quiet",),
    ),
    # exchange, one noisy ply: X0 = min(stand pat 5, X1's eval -1) = -1 < Q = 1, so a2;
    # until quiet X0 is worth 4 and a1 wins.
    "quiescence/ignores_quiescence_depth": Mistake(
        named="ignores-quiescence-depth",
        shows_in={
            "exchange-limit-1": ("root value: expected 1, got 4",
                                 "root action: expected a2, got a1"),
        },
        checks=frozenset({"value", "action", "expanded", "evaluated"}),
        spared=(  # every test that sets no quiescence_depth
            "horizon-trap", "stand-pat", "exchange", "quiet", "quiet-actions-ignored",
            "noisy-terminal", "deeper", "noisy-root", "random-a-depth-2", "random-a-depth-3",
            "random-b-depth-2", "random-transpositions",
        ),
    ),
    # min-at-root: A(min) -> B(max): 3 12 | C(max): 2 4 | D(max): 14 1; B = 12, C = 4,
    # D = 14, A = 4 by a2. A flag that calls the root MAX: B = 3, C = 2, D = 1, A = 3 by a1.
    # extra-moves has a player moving twice; every other tree alternates from a MAX root.
    "minimax/turn_by_flag": Mistake(
        named="turn-by-parity",
        shows_in={"min-at-root": ("root value: expected 4, got 3",
                                  "root action: expected a2, got a1")},
        checks=frozenset({"value", "action"}),
        spared=tuple(t for t in MINIMAX_TESTS if t not in ("min-at-root", "extra-moves")),
    ),
    # min-at-root read for player 1, the root's mover: the same search, value -4
    "minimax/root_player_value": Mistake(
        named="root-player-value",
        shows_in={"min-at-root": ("root value: expected 4, got -4",)},
        checks=frozenset({"value"}),
        spared=tuple(t for t in MINIMAX_TESTS if t != "min-at-root"),
    ),
    # fig 5.2: B, C, D searched as MAX with the full depth: 12, 6, 14, so a3 = 14
    "minimax/successors_full_depth": Mistake(
        named="successors-full-depth-as-max",
        shows_in={"aima-fig5.2": ("root value: expected 3, got 14",
                                  "root action: expected a1, got a3")},
        checks=frozenset({"value", "action", "expanded"}),
    ),
    # cutoff, depth 0: the root is evaluated (0) and no action returned; this one searches
    # the root's children at depth 0 and returns a move
    "alphabeta/root_expanded_at_depth_0": Mistake(
        named="root-expanded-at-depth-0",
        shows_in={"cutoff-depth-0": ("you expanded A, but A is at depth 0 of 0",
                                     "root action: expected nothing, got a1")},
        spared=tuple(t for t in ALPHABETA_TESTS if t != "cutoff-depth-0"),
    ),
}


@cache
def prepared(assignment: str) -> Prepared:
    """Each assignment's trees and goldens, loaded once for all its examples."""
    return prepare(assignment=assignment)


def grade(path: Path) -> Report:
    return grade_submission(submission=path, assignment=prepared(path.parent.name))


def key(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


def by_name(report: Report) -> dict[str, TestResult]:
    return {t.name: t for t in report.tests}


def test_every_assignment_has_examples_and_every_mistake_a_file() -> None:
    assert {p.parent.name for p in EXAMPLES} == {"alphabeta", "maxn", "minimax", "quiescence"}
    assert all((REPO / "examples" / name / "correct.py").is_file()
               for name in ("alphabeta", "maxn", "minimax", "quiescence"))
    wrong = {key(p) for p in EXAMPLES if p.stem != "correct"}
    assert wrong == set(MISTAKES)


@pytest.mark.parametrize(
    "path", [pytest.param(p, id=str(p.relative_to(REPO))) for p in EXAMPLES if p.stem == "correct"]
)
def test_correct_example_scores_full_marks(path: Path) -> None:
    report = grade(path)
    assert report.sandbox == "local"
    assert [(t.name, t.status, t.message) for t in report.tests if not t.passed] == []
    assert report.score == report.max_score > 0
    assert {t.visibility for t in report.tests} == {"visible", "hidden"}


@pytest.mark.parametrize(
    "path", [pytest.param(p, id=str(p.relative_to(REPO))) for p in EXAMPLES if p.stem != "correct"]
)
def test_wrong_example_loses_points_where_its_mistake_shows(path: Path) -> None:
    mistake = MISTAKES[key(path)]
    report = grade(path)
    tests = by_name(report)
    assert report.score < report.max_score
    assert report.grader_faults == []
    for name, phrases in mistake.shows_in.items():
        result = tests[name]
        assert not result.passed, name
        said = "\n".join([result.message or "", *result.feedback])
        for phrase in phrases:
            assert phrase in said, (name, phrase, said)
    assert [n for n in mistake.spared if not tests[n].passed] == []
    for result in report.tests:
        if result.passed:
            continue
        assert result.status in mistake.statuses, (result.name, result.status, result.message)
        assert result.score < result.max_score
        wrong = {c.check for c in result.checks if not c.passed}
        assert wrong <= mistake.checks, (result.name, wrong)
    visible = [t.name for t in report.tests if t.visibility == "visible" and not t.passed]
    assert visible, "a student should see the mistake in a visible test"
    variant = next(v for v in variants_for(path.parent.name) if v.name == mistake.named)
    named = [t.name for t in report.tests if f"Known mistake: {variant.mistake}" in t.feedback
             or any(line.startswith(f"Known mistake: {variant.mistake} (") for line in t.feedback)]
    assert set(named) & set(visible), f"{mistake.named} is never named alone in a visible test"
