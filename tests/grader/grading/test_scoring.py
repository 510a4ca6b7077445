"""Scoring one run: per-check comparison, equal shares, unfinished runs, messages."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from grader.authoring import assignment
from grader.authoring.golden import Form
from grader.grading.check import grade_submission
from grader.grading.scoring import CLOCK_UNREAD, TestContext, score_run, values_match
from grader.hosts.base import RunResult
from grader.trees.game import TreeGame
from grader.trees.record import LISTED_VISITS, make_record
from grader.trees.tree import Tree, parse_tree
from reference.algorithms import search
from reference.minimax import minimax

ALL_CHECKS = ["value", "action", "expanded", "evaluated", "prunes"]
Search = Callable[[Any, str, int], tuple[Any, Any]]


@pytest.fixture
def tree(fig52: dict[str, object]) -> Tree:
    # A(max) -> B(min): 3 12 8 | C(min): 2 4 6 | D(min): 14 5 2
    return parse_tree(fig52)


def context(tree: Tree, checks: list[str], points: float = 5.0, **spec: Any) -> TestContext:
    test = assignment.TestSpec.model_validate(
        {"name": "t", "tree": "t.tree.json", "depth": 2, "points": points, "checks": checks,
         **spec}
    )
    game = TreeGame(tree)
    value, action = search("alphabeta", game, tree.root, 2)
    golden = make_record(tree, game.trace, value, action, depth_plies=2)
    return TestContext(spec=test, tree=tree, golden=golden, algorithm="alphabeta", time_limit=2.0)


def run_of(tree: Tree, fn: Search, **extra: Any) -> RunResult:
    game = TreeGame(tree)
    value, action = fn(game, tree.root, 2)
    return RunResult(status="ok", trace=game.trace, value=value, action=action, time_s=0.01,
                     **extra)


def reference_ab(game: Any, state: str, depth: int) -> tuple[Any, Any]:
    return search("alphabeta", game, state, depth)


@pytest.mark.parametrize(
    ("expected", "got", "same"),
    [
        pytest.param(3, 3, True, id="equal-ints"),
        pytest.param(3, 3.0000000001, True, id="within-tolerance"),
        pytest.param(0.1 + 0.2, 0.3, True, id="float-rounding"),
        pytest.param(3, 3.01, False, id="off-by-a-hundredth"),
        pytest.param([1, 2, 3], [1, 2, 3.0], True, id="vectors"),
        pytest.param([1, 2, 3], [1, 2], False, id="vector-too-short"),
        pytest.param([1, 2], 1, False, id="vector-vs-number"),
        pytest.param(3, None, False, id="nothing-returned"),
    ],
)
def test_values_match(expected: Any, got: Any, same: bool) -> None:
    assert values_match(expected, got) is same


def test_reference_itself_passes_with_full_points(tree: Tree) -> None:
    out = score_run(run_of(tree, reference_ab), context(tree, ALL_CHECKS))
    assert out.status == "passed"
    assert out.score == 5.0
    assert out.message is None
    assert all(c.passed for c in out.checks)


def test_minimax_earns_an_equal_share_per_matching_check(tree: Tree) -> None:
    # minimax gets value, action and expanded (A B C D) right; evaluated and prunes wrong
    out = score_run(run_of(tree, minimax), context(tree, ALL_CHECKS, points=5.0))
    assert out.status == "failed"
    assert [c.check for c in out.checks if not c.passed] == ["evaluated", "prunes"]
    assert out.score == pytest.approx(3.0)
    assert out.got is not None and out.expected is not None
    assert out.got["prunes"] == 0 and out.expected["prunes"] == 2
    assert out.message is not None and "C2" in out.message


def test_only_checked_fields_are_shown(tree: Tree) -> None:
    out = score_run(run_of(tree, reference_ab), context(tree, ["value", "action"]))
    assert out.expected is not None and set(out.expected) == {"value", "action"}


def test_a_flood_of_visits_is_reported_as_its_count_and_digest(tree: Tree) -> None:
    # fig 5.2's golden lists its few visits; a search that generates A's and B's first
    # children again and again (two expansions a round), far past LISTED_VISITS, is
    # shown as counts: its report stays small
    def flood(game: Any, state: str, depth: int) -> tuple[Any, Any]:
        for _ in range(LISTED_VISITS):
            game.result(game.result(state, "a1"), "b1")
        return reference_ab(game, state, depth)

    out = score_run(run_of(tree, flood), context(tree, ALL_CHECKS))
    assert out.status == "failed" and out.got is not None and out.expected is not None
    assert isinstance(out.expected["expanded"], list)  # the golden's own list
    count = out.got["expanded"]["count"]
    assert count > 2 * LISTED_VISITS and len(out.got["expanded"]["sha256"]) == 64
    assert len(out.model_dump_json()) < 20_000


def test_wrong_value_is_reported_with_both(tree: Tree) -> None:
    def negated(game: Any, state: str, depth: int) -> tuple[Any, Any]:
        value, action = reference_ab(game, state, depth)
        return -value, action

    out = score_run(run_of(tree, negated), context(tree, ["value", "action"], points=2.0))
    assert out.score == pytest.approx(1.0)
    assert out.message == "root value: expected 3, got -3"


@pytest.mark.parametrize(
    ("status", "message"),
    [
        pytest.param("timeout", "the search did not finish", id="timeout"),
        pytest.param("memory", "out of memory", id="memory"),
        pytest.param("error", "crashed", id="error"),
        pytest.param("sandbox_error", "not your fault", id="sandbox-error"),
    ],
)
def test_unfinished_runs_earn_nothing(tree: Tree, status: Any, message: str) -> None:
    out = score_run(RunResult(status=status, time_s=2.5), context(tree, ALL_CHECKS))
    assert out.status == status
    assert out.score == 0.0 and out.max_score == 5.0
    assert out.message is not None and message in out.message
    assert out.got is None and out.expected is not None


def test_the_sandbox_message_is_kept(tree: Tree) -> None:
    run = RunResult(status="error", message="ZeroDivisionError: division by zero",
                    detail='  File "agent.py", line 3')
    out = score_run(run, context(tree, ALL_CHECKS))
    assert out.message == "ZeroDivisionError: division by zero"
    assert out.detail is not None and "agent.py" in out.detail


def test_malformed_value_is_an_error_not_a_crash(tree: Tree) -> None:
    run = RunResult(status="ok", value={"not": "a number"}, action="a1")
    out = score_run(run, context(tree, ALL_CHECKS))
    assert out.status == "error"
    assert out.score == 0.0


@pytest.mark.parametrize(
    ("time_s", "passes"),
    [pytest.param(0.5, True, id="within"), pytest.param(2.5, False, id="over")],
)
def test_time_check(tree: Tree, time_s: float, passes: bool) -> None:
    run = run_of(tree, reference_ab)
    run.time_s = time_s
    out = score_run(run, context(tree, ["value", "time"], points=2.0))
    assert out.score == pytest.approx(2.0 if passes else 1.0)
    assert (out.message is None) is passes
    if not passes:
        assert out.message is not None and "limit" in out.message


def test_an_empty_check_list_is_refused() -> None:
    # no check would give full marks for any answer
    with pytest.raises(ValidationError, match="at least 1 item"):
        assignment.TestSpec.model_validate(
            {"name": "t", "tree": "t.tree.json", "depth": 2, "points": 3.0, "checks": []}
        )


# A(max) -a1-> B1 = 5                                    alpha = 5 at A
#        -a2-> C(min) -c1-> D(max) -d1-> D1 = 3         D: 3, fail-hard clamps it to 5
#                     -c2-> C2 = 9
# Pruning only on >: fail-hard C sees 5 < 5 false and searches C2; fail-soft C sees
# 3 < 5 and cuts. Both are correct alpha-beta.
WINDOWS = {
    "format": "game-tree/1", "players": 2, "root": "A",
    "nodes": {
        "A": {"to_move": 0, "children": {"a1": "B1", "a2": "C"}},
        "C": {"to_move": 1, "children": {"c1": "D", "c2": "C2"}},
        "D": {"to_move": 0, "children": {"d1": "D1"}},
        "B1": {"utility": 5}, "D1": {"utility": 3}, "C2": {"utility": 9},
    },
}


def form(tree: Tree, name: str, soft: bool) -> Form:
    game = TreeGame(tree)
    value, action = search("alphabeta", game, tree.root, 3, prune_on_equality=False,
                           fail_soft=soft)
    record = make_record(tree, game.trace, value, action, depth_plies=3)
    return Form(name=name, conventions={"fail_soft": soft}, record=record)


def strict_ab(soft: bool) -> Search:
    def agent(game: Any, state: str, depth: int) -> tuple[Any, Any]:
        return search("alphabeta", game, state, depth, prune_on_equality=False, fail_soft=soft)

    return agent


@pytest.mark.parametrize("soft", [False, True], ids=["fail-hard", "fail-soft"])
def test_each_correct_form_passes_and_is_named(soft: bool) -> None:
    tree = parse_tree(WINDOWS)
    forms = (form(tree, "fail-hard", False), form(tree, "fail-soft", True))
    assert forms[0].record.evaluated != forms[1].record.evaluated  # they do differ here
    spec = assignment.TestSpec.model_validate(
        {"name": "t", "tree": "t.tree.json", "depth": 3, "points": 4.0, "checks": ALL_CHECKS,
         "prune_on_equality": False}
    )
    ctx = TestContext(spec=spec, tree=tree, golden=forms[0].record, algorithm="alphabeta",
                      time_limit=2.0, forms=forms)
    game = TreeGame(tree)
    value, action = strict_ab(soft)(game, tree.root, 3)
    out = score_run(RunResult(status="ok", trace=game.trace, value=value, action=action,
                              time_s=0.01), ctx)
    assert out.status == "passed", out.message
    assert out.form == ("fail-soft" if soft else "fail-hard")
    assert out.expected == out.got


def test_a_pinned_form_refuses_the_other() -> None:
    tree = parse_tree(WINDOWS)
    hard = form(tree, "fail-hard", False)
    spec = assignment.TestSpec.model_validate(
        {"name": "t", "tree": "t.tree.json", "depth": 3, "points": 4.0, "checks": ALL_CHECKS,
         "prune_on_equality": False, "fail_soft": False}
    )
    ctx = TestContext(spec=spec, tree=tree, golden=hard.record, algorithm="alphabeta",
                      time_limit=2.0)
    game = TreeGame(tree)
    value, action = strict_ab(True)(game, tree.root, 3)
    out = score_run(RunResult(status="ok", trace=game.trace, value=value, action=action,
                              time_s=0.01), ctx)
    assert out.status == "failed" and out.form is None


def test_output_is_bounded(tree: Tree) -> None:
    out = score_run(run_of(tree, reference_ab, output="x" * 100_000), context(tree, ALL_CHECKS))
    assert out.output is not None and len(out.output) < 5_000



def test_a_fault_while_scoring_is_the_tests_grader_error(
    tree: Tree, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("a bug in the grader")

    monkeypatch.setattr("grader.grading.scoring.make_record", broken)
    out = score_run(run_of(tree, reference_ab), context(tree, ALL_CHECKS))
    assert (out.status, out.score, out.max_score) == ("sandbox_error", 0.0, 5.0)
    assert out.message is not None and "not your fault" in out.message


def test_a_fault_while_explaining_keeps_the_verdict(
    tree: Tree, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(**kwargs: Any) -> list[str]:
        raise RuntimeError("a bug in the explanation")

    monkeypatch.setattr("grader.grading.scoring.explain", broken)
    out = score_run(run_of(tree, minimax), context(tree, ALL_CHECKS, points=5.0))
    assert out.status == "failed" and out.score == 3.0  # value, action, expanded
    assert out.message == "wrong evaluated, prunes"
    assert out.feedback == ["(the grader could not explain this difference: RuntimeError)"]


@pytest.mark.parametrize(
    ("value", "status"),
    [
        pytest.param(10**400, "failed", id="huge-int"),
        pytest.param(-0.0, "failed", id="minus-zero"),
        pytest.param(True, "error", id="bool"),
        pytest.param(object(), "error", id="object"),
        pytest.param([3, "x"], "error", id="vector-of-junk"),
    ],
)
def test_an_odd_value_gets_a_verdict_never_an_exception(
    tree: Tree, value: Any, status: str
) -> None:
    run = run_of(tree, reference_ab)
    odd = RunResult(status="ok", trace=run.trace, value=value, action="a1", time_s=0.01)
    out = score_run(odd, context(tree, ALL_CHECKS))
    assert out.status == status
    assert out.score < 5.0


# an alpha-beta to the full depth that never reads the game's clock (it keeps time itself)
NO_CLOCK = '''
import math, time

def iterative_deepening(game, state, depth):
    deadline = time.monotonic() + 60  # the wall clock: never the game's
    return search(game, state, depth, -math.inf, math.inf)

def search(game, s, depth, alpha, beta):
    if game.is_terminal(s):
        return game.utility(s, 0), None
    if depth == 0:
        return game.evaluate(s, 0), None
    best, best_action, top = None, None, game.to_move(s) == 0
    for a in game.actions(s):
        value = search(game, game.result(s, a), depth - 1, alpha, beta)[0]
        if best is None or (value > best if top else value < best):
            best, best_action = value, a
        if top:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best, best_action
'''


def test_a_search_that_never_reads_the_clock_is_told_so_first(tmp_path: Path) -> None:
    agent = tmp_path / "agent.py"
    agent.write_text(NO_CLOCK)
    report = grade_submission(submission=agent, assignment="iterative_deepening",
                              tests=["budget-spent-by-iteration-1"])
    (test,) = report.tests
    assert (test.status, test.message) == ("failed", CLOCK_UNREAD)
    assert not any("Known mistake" in line for line in test.feedback)  # none reads no clock
