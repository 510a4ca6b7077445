"""Diagnosis: a known mistake is named only when it gives exactly the student's record.

Submissions run in-process on a traced ``TreeGame`` here; one test goes through the real
local sandbox.
"""

from __future__ import annotations

import importlib.util
import itertools
import random
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from grader.authoring import assignment
from grader.authoring.assignment import builtin_names
from grader.errors import GameError
from grader.feedback.diagnosis import Evidence, diagnose
from grader.grading.check import grade_submission
from grader.grading.report import Report
from grader.grading.scoring import TestContext, score_run
from grader.hosts.base import RunResult
from grader.trees.game import TreeGame
from grader.trees.record import SearchRecord, make_record
from grader.trees.tree import Tree, parse_tree
from reference.algorithms import search
from reference.api import Action, Game
from reference.variants import FAMILIES, variants_for
from tests.reference.test_variants import Case, as_agent, builtin_cases, same, submit

REPO = Path(__file__).resolve().parents[3]
Agent = Callable[[Any, Any, int], tuple[Any, Any]]

# fig 5.2:  A(max) -> B(min): 3 12 8 | C(min): 2 4 6 | D(min): 14 5 2
# alpha-beta visits A, B, B1, B2, B3, C, C1, D, D1, D2, D3: 11 visits (C1 = 2 <= 3 cuts C)
FIG52 = {"format": "game-tree/1", "nested": [[3, 12, 8], [2, 4, 6], [14, 5, 2]]}
# root ties: A(max) -> B(min): 5 7 5 | C(min): 6 5 8 | D(min): 9 5;  all worth 5
# alpha-beta visits A, B, B1, B2, B3, C, C1, C2, D, D1, D2: 11 (C2 = 5 and D2 = 5 cut)
ROOT_TIES = {"format": "game-tree/1", "nested": [[5, 7, 5], [6, 5, 8], [9, 5]]}


def case_of(data: dict[str, Any], algorithm: str = "alphabeta", depth: int = 2) -> Case:
    tree = parse_tree(data)
    game = TreeGame(tree)
    value, action = search(algorithm, game, tree.root, depth)
    golden = make_record(tree, game.trace, value, action, depth_plies=depth)
    return Case(algorithm, "drawn", tree, depth, {}, golden)


def diagnosis_of(agent: Agent, case: Case) -> Any:
    return diagnose(
        tree=case.tree, algorithm=case.family, depth=case.depth,
        conventions=case.conventions, expected=case.golden, got=submit(agent, case),
    )


def ordered_search(order: Callable[[Any, list[Action]], list[Action]], *, prune: bool = True,
                   ties_last: bool = False) -> Agent:
    """A fail-hard alpha-beta that searches children in ``order(state, actions)``."""

    def value_of(game: Game, s: Any, depth: int, alpha: float, beta: float) -> tuple[Any, Any]:
        if game.is_terminal(s):
            return game.utility(s, 0), None
        if depth == 0:
            return game.evaluate(s, 0), None
        maximizing = game.to_move(s) == 0
        best: Any = None
        best_action = None
        for a in order(s, list(game.actions(s))):
            v, _ = value_of(game, game.result(s, a), depth - 1, alpha, beta)
            if best is None or (v > best if maximizing else v < best) or (
                ties_last and v == best
            ):
                best, best_action = v, a
            if prune and (best >= beta if maximizing else best <= alpha):
                break
            alpha, beta = (max(alpha, best), beta) if maximizing else (alpha, min(beta, best))
        return min(max(best, alpha), beta), best_action

    def agent(game: Any, state: Any, depth: int) -> tuple[Any, Any]:
        return value_of(game, state, depth, -float("inf"), float("inf"))

    return agent


def reference_agent(algorithm: str) -> Agent:
    def agent(game: Any, state: Any, depth: int) -> tuple[Any, Any]:
        return search(algorithm, game, state, depth)

    return agent


def test_the_reference_itself_needs_no_diagnosis() -> None:
    assert diagnosis_of(reference_agent("alphabeta"), case_of(FIG52)) is None


def test_a_search_in_an_unknown_order_gets_no_name_and_how_far_it_agrees() -> None:
    # root children a1, a3, a2: A, B, B1, B2, B3 as expected, then D where C was due
    def a1_a3_a2(state: Any, actions: list[Action]) -> list[Action]:
        return [actions[0], actions[2], actions[1]] if state == "A" else actions

    found = diagnosis_of(ordered_search(a1_a3_a2), case_of(FIG52))
    assert found is not None
    assert found.names == [] and found.node is None
    assert (found.agreed, found.total) == (5, 11)
    assert "agrees with the expected one for the first 5 of 11 visits" in found.sentence
    assert "none of the known mistakes" in found.sentence


def test_two_mistakes_at_once_get_no_name() -> None:
    # no pruning and ties to the last: every leaf, then a3; no single variant does both.
    # It agrees up to C2 (A, B, B1, B2, B3, C, C1, C2), then searches C3 where D was due.
    found = diagnosis_of(ordered_search(lambda s, a: a, prune=False, ties_last=True),
                         case_of(ROOT_TIES))
    assert found is not None and found.names == []
    assert "first 8 of 11 visits" in found.sentence


def test_a_wrong_answer_with_the_right_visits_is_said_so() -> None:
    def off_by_one(game: Any, state: Any, depth: int) -> tuple[Any, Any]:
        value, action = search("alphabeta", game, state, depth)
        return value + 1, action

    found = diagnosis_of(off_by_one, case_of(FIG52))
    assert found is not None and found.names == []
    assert found.sentence.startswith("Your search makes the same 11 visits as the expected one")


def test_a_mistake_seen_only_in_the_root_action_says_so() -> None:
    # minimax on root ties: B = C = D = 5; the last best is a3
    found = diagnosis_of(ordered_search(lambda s, a: a, prune=False, ties_last=True),
                         case_of(ROOT_TIES, "minimax"))
    assert found is not None and found.names == ["ties-to-last"]
    assert found.node is None
    assert "on ties you keep the last best action" in found.sentence
    assert "root action: a3 instead of a1" in found.sentence


def test_a_search_without_variants_only_says_how_far_it_agrees() -> None:
    found = diagnosis_of(ordered_search(lambda s, a: a[::-1], prune=False),
                         case_of(FIG52, "paranoid"))
    assert found is not None and found.names == []
    assert "first 1 of 11 visits" in found.sentence  # paranoid prunes C2, C3: 11 visits
    assert "known mistakes" not in found.sentence


def shuffled(seed: int) -> Callable[[Any, list[Action]], list[Action]]:
    rng = random.Random(seed)

    def order(state: Any, actions: list[Action]) -> list[Action]:
        out = list(actions)
        rng.shuffle(out)
        return out

    return order


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize(
    "test", ["aima-fig5.2", "equality-prunes", "deep-cutoff", "random-b3-d4", "random-ties"]
)
def test_a_random_order_search_is_never_given_a_wrong_name(test: str, seed: int) -> None:
    case = next(c for c in builtin_cases("alphabeta") if c.test == test)
    got = submit(ordered_search(shuffled(seed)), case)
    found = diagnose(tree=case.tree, algorithm="alphabeta", depth=case.depth,
                     conventions=case.conventions, expected=case.golden, got=got)
    if same(got, case.golden):
        assert found is None
        return
    assert found is not None
    for variant in found.variants:  # a name is given only for the very same record
        assert same(submit(as_agent(variant), case), got), variant.name
    assert found.names == []  # and no variant searches in a random order
    pairs = zip(case.golden.visits, got.visits, strict=False)
    agreed = next((i for i, (e, g) in enumerate(pairs) if e != g),
                  min(len(case.golden.visits), len(got.visits)))
    assert f"for the first {agreed} of {len(case.golden.visits)} visits" in found.sentence


# --- in the report ----------------------------------------------------------------------

# equality: A(max) -> B(min): 3 5 | C(min): 3 9 1 | D(min): 2 7;  C1 = 3 = alpha cuts C
EQUALITY = {"format": "game-tree/1", "nested": [[3, 5], [3, 9, 1], [2, 7]]}
CHECKS = ["value", "action", "expanded", "evaluated", "prunes"]


def scored(agent: Agent, checks: list[str], time_s: float = 0.01) -> Any:
    tree: Tree = parse_tree(EQUALITY)
    spec = assignment.TestSpec.model_validate(
        {"name": "t", "tree": "t.tree.json", "depth": 2, "points": 5.0, "checks": checks}
    )
    case = case_of(EQUALITY)
    ctx = TestContext(spec=spec, tree=tree, golden=case.golden, algorithm="alphabeta",
                      time_limit=1.0)
    game = TreeGame(tree)
    value, action = agent(game, tree.root, 2)
    run = RunResult(status="ok", trace=game.trace, value=value, action=action, time_s=time_s)
    return score_run(run, ctx)


def strict_pruning(game: Any, state: Any, depth: int) -> tuple[Any, Any]:
    return search("alphabeta", game, state, depth, prune_on_equality=False)


def test_the_sentence_of_a_failing_run_is_in_its_feedback() -> None:
    out = scored(strict_pruning, CHECKS)
    assert out.status == "failed"
    assert out.message is not None and "C2" in out.message  # the first divergence stays first
    sentence = next(line for line in out.feedback if line.startswith("Known mistake"))
    assert "you prune only when alpha > beta" in sentence
    assert "visit 7, where you evaluated C2" in sentence  # A B B1 B2 C C1, then C2


def test_a_passing_run_and_a_slow_one_get_no_diagnosis() -> None:
    passing = scored(reference_agent("alphabeta"), CHECKS)
    assert passing.status == "passed" and passing.feedback == []
    slow = scored(reference_agent("alphabeta"), ["value", "time"], time_s=5.0)
    assert slow.status == "failed"
    assert not any("mistake" in line or "visits" in line
                   for line in [slow.message or "", *slow.feedback])


# --- the example submissions, as students send them ----------------------------------

EXAMPLES: dict[str, str] = {
    "alphabeta/alpha_not_passed_at_root": "root-window-reset",
    "alphabeta/no_pruning": "no-pruning",
    "alphabeta/perspective_flipped": "wrong-perspective",
    "alphabeta/prune_wrong_condition": "prune-strict",
    "alphabeta/root_expanded_at_depth_0": "root-expanded-at-depth-0",
    "maxn/no_shallow_pruning": "no-pruning",
    "maxn/player_zero_everywhere": "player-zero-component",
    "maxn/ties_to_last": "ties-to-last",
    "minimax/depth_off_by_one": "depth-minus-one",
    "minimax/ties_to_last": "ties-to-last",
    "minimax/turn_by_flag": "turn-by-parity",
    "minimax/root_player_value": "root-player-value",
    "minimax/successors_full_depth": "successors-full-depth-as-max",
    "quiescence/all_moves_at_horizon": "quiet-moves-too",
    "quiescence/ignores_quiescence_depth": "ignores-quiescence-depth",
    "quiescence/no_stand_pat": "no-stand-pat",
}
"""Each wrong example and the variant that makes its mistake."""


@cache
def example_agent(key: str) -> Agent:
    path = REPO / "examples" / f"{key}.py"
    spec = importlib.util.spec_from_file_location(f"example_{key.replace('/', '_')}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    agent: Agent = getattr(module, key.split("/")[0])
    return agent


def record_or_none(agent: Agent, case: Case) -> SearchRecord | None:
    try:
        return submit(agent, case)
    except GameError:
        return None  # the run would end as an error: nothing to diagnose


@pytest.mark.parametrize(("key", "mistake"), [pytest.param(k, m, id=k) for k, m in
                                              EXAMPLES.items()])
def test_each_wrong_example_is_named_as_its_mistake(key: str, mistake: str) -> None:
    family = key.split("/")[0]
    variant = next(v for v in variants_for(family) if v.name == mistake)
    named_on = []
    for case in builtin_cases(family):
        got = record_or_none(example_agent(key), case)
        if got is None or same(got, case.golden):
            continue
        found = diagnose(tree=case.tree, algorithm=family, depth=case.depth,
                         conventions=case.conventions, expected=case.golden, got=got)
        assert found is not None
        for named in found.variants:  # never a wrong name
            known = next(v for v in variants_for(family) if v.name == named.name)
            assert same(submit(as_agent(known), case), got), (case.test, named.name)
        if same(submit(as_agent(variant), case), got):
            assert mistake in found.names, case.test
            named_on.append(case.test)
    assert named_on, f"{key} is never named as {mistake}"


def test_the_sentence_shows_in_a_report_through_the_local_sandbox() -> None:
    report = grade_submission(
        submission=REPO / "examples" / "alphabeta" / "prune_wrong_condition.py",
        assignment="alphabeta",
        tests=["equality-prunes"],
    )
    (result,) = report.tests
    assert result.status == "failed" and report.sandbox == "local"
    said = "\n".join([result.message or "", *result.feedback])
    assert "Known mistake: you prune only when alpha > beta; this test prunes on alpha >= "\
        "beta too" in said
    assert "where you evaluated C2" in said  # C1 = 3 = alpha: C2 is where it first shows


# --- mistakes with the same trace --------------------------------------------------------

def variant_record(variant: Any, case: Case) -> SearchRecord | str:
    """The variant's record on the case, or "refused" when the game refuses it a call."""
    try:
        return submit(as_agent(variant), case)
    except GameError:
        return "refused"


def differ(a: SearchRecord | str, b: SearchRecord | str) -> bool:
    if isinstance(a, str) or isinstance(b, str):
        return a != b
    return not same(a, b)


@pytest.mark.parametrize("family", [f for f in FAMILIES if f in builtin_names()])
def test_a_builtin_test_tells_apart_each_pair_of_mistakes_it_can_name(family: str) -> None:
    cases = builtin_cases(family)
    records = {v.name: [variant_record(v, c) for c in cases] for v in variants_for(family)}
    shows = {name: any(differ(r, c.golden) for r, c in zip(rs, cases, strict=True))
             for name, rs in records.items()}
    alike = [
        (a, b) for a, b in itertools.combinations(records, 2)
        if (shows[a] or shows[b])
        and not any(differ(x, y) for x, y in zip(records[a], records[b], strict=True))
    ]
    assert alike == []


def test_mistakes_alike_on_one_test_are_told_apart_by_the_others() -> None:
    # min-at-root: A(min) -> B(max): 3 12 | C(max): 2 4 | D(max): 14 1. A flag that makes
    # the root MAX and a search maximising for player 1 both give 3 by a1 with the same
    # visits; on fig 5.2 (a MAX root) the flag is right, the flipped perspective is not.
    agent = example_agent("minimax/turn_by_flag")
    cases = {c.test: c for c in builtin_cases("minimax")}
    case, fig = cases["min-at-root"], cases["aima-fig5.2"]
    got = submit(agent, case)
    alone = diagnose(tree=case.tree, algorithm="minimax", depth=case.depth,
                     conventions=case.conventions, expected=case.golden, got=got)
    assert alone is not None
    assert alone.names == ["wrong-perspective", "turn-by-parity"]
    assert alone.sentence.startswith("Known mistake, one of 2 that give exactly your trace")
    elsewhere = [Evidence(tree=fig.tree, algorithm="minimax", depth=fig.depth,
                          conventions=fig.conventions, got=submit(agent, fig))]
    told = diagnose(tree=case.tree, algorithm="minimax", depth=case.depth,
                    conventions=case.conventions, expected=case.golden, got=got,
                    elsewhere=elsewhere)
    assert told is not None and told.names == ["turn-by-parity"]
    assert told.sentence.startswith("Known mistake: you take turns MAX, MIN, MAX")


MISTAKES = REPO / "tests" / "examples" / "mistakes"


def _sentences(report: Report) -> list[str]:
    return [line for t in report.tests for line in t.feedback if "mistake" in line]


def test_mistakes_that_the_other_tests_refute_are_not_named_together() -> None:
    # Where several known mistakes give this test's trace, a name stays only if the
    # submission's other tests do not refute it; here every test refutes both.
    report = grade_submission(submission=MISTAKES / "max_never_raises_alpha.py",
                              assignment="alphabeta")
    said = _sentences(report)
    assert not any("one of 2" in line for line in said), said  # "no pruning" or "fresh
    fig = next(t for t in report.tests if t.name == "aima-fig5.2")  # window" alike here
    assert any("matches none of the known mistakes" in line for line in fig.feedback)


def test_a_fail_soft_student_is_named_as_a_fail_hard_one_is() -> None:
    # The other tests' evidence is read in every form they accept: a fail-soft search
    # is not refuted by a strict test where fail-soft and fail-hard visit differently.
    report = grade_submission(submission=MISTAKES / "root_fresh_window_fail_soft.py",
                              assignment="alphabeta")
    said = _sentences(report)
    assert any(line.startswith("Known mistake: you search every child of the root with a "
                               "fresh window") for line in said), said
    assert not any("one of 2" in line for line in said), said
