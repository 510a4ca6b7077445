"""The evaluations assignment's examples (examples/connect4-eval/), graded through the real
local sandbox: the decent evaluation earns every point; each typical mistake is named by
the property test it fails, or loses its games for the reason it must."""

from __future__ import annotations

from pathlib import Path

import pytest

from grader.authoring.assignment import builtin_names
from grader.grading.check import grade_submission
from grader.grading.report import Report, report_json

REPO = Path(__file__).resolve().parents[2]
PROPERTIES = ["wins-above-losses", "zero-sum", "mirror", "bounds"]
VISIBLE = ["vs-zero", *PROPERTIES]
# each mistake: the reason of the games it loses by a fault (None: it plays legally), and
# the property tests it fails with a word of their message
MISTAKES = {
    "wrong_sign": (None, {"zero-sum": "o's value is x's negated",
                          "wins-above-losses": "a win must score above a loss"}),
    "ignores_wins": (None, {"wins-above-losses": "a win must score above a loss"}),
    "returns_inf": ("garbage", {"bounds": "as inf: an evaluation is a finite number"}),
    "slow": ("flag", {p: "an evaluation call may take" for p in PROPERTIES}),
}


def test_the_evaluations_assignment_is_built_in_with_its_examples() -> None:
    assert "connect4-eval" in builtin_names(played=True)
    files = {p.stem for p in (REPO / "examples" / "connect4-eval").glob("*.py")}
    assert files == {"correct", *MISTAKES}


def test_the_decent_evaluation_earns_every_point() -> None:
    report = grade_submission(submission=REPO / "examples/connect4-eval/correct.py",
                              assignment="connect4-eval")
    assert [(t.name, t.message) for t in report.tests if not t.passed] == []
    assert report.score == report.max_score == 15
    games = report.tests[0].games
    assert [[g.players[i].kind for i in (0, 1)] for g in games] == [
        ["evaluation", "builtin"], ["builtin", "evaluation"]]  # both colours
    assert games[0].players[1].name == "alphabeta:2:zero"
    assert games[0].clock.call_s == 0.25
    assert [t.name for t in report.tests if not t.games] == PROPERTIES
    assert Report.model_validate_json(report_json(report)) == report


@pytest.mark.parametrize("name", sorted(MISTAKES))
def test_a_mistake_is_named_or_loses_as_it_must(name: str) -> None:
    report = grade_submission(submission=REPO / f"examples/connect4-eval/{name}.py",
                              assignment="connect4-eval", tests=VISIBLE)
    assert report.score < report.max_score and report.grader_faults == []
    reason, failing = MISTAKES[name]
    reasons = {g.reason for t in report.tests for g in t.games}
    if reason is None:
        assert reasons <= {"win", "draw"}
    else:
        assert reason in reasons
        said = "\n".join(line for t in report.tests for line in t.feedback)
        assert f": {reason}: " in said
    by_name = {t.name: t for t in report.tests}
    assert {n for n in PROPERTIES if not by_name[n].passed} >= set(failing)
    for test, words in failing.items():
        assert words in (by_name[test].message or ""), by_name[test].message
    if name == "ignores_wins":  # its only fault: the other properties hold
        assert all(by_name[n].passed for n in PROPERTIES if n not in failing)
