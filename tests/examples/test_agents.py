"""The agents assignments' examples (examples/connect4-agent/), graded by play through the
real local sandbox: the correct agent earns every match's points; each typical mistake
loses the games it must, for the reason it must, and the report carries every game."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console

from grader.authoring.assignment import builtin_names
from grader.cli.check import print_report
from grader.grading.check import grade_submission
from grader.grading.report import Report, report_json
from grader.play.models import tally

REPO = Path(__file__).resolve().parents[2]
PLAYED = builtin_names(played=True)
# each mistake: the matches it is graded on here (the visible ones), and the reason of
# the games it loses by a fault, None where it loses by playing badly
MISTAKES = {
    "ignores_clock": "flag",
    "illegal_moves": "illegal",
    "plays_for_x": None,
}
VISIBLE = ["vs-random", "vs-greedy"]


def test_the_agents_assignment_is_built_in_with_its_examples() -> None:
    assert PLAYED == ["connect4-agent"]
    files = {p.stem for p in (REPO / "examples" / "connect4-agent").glob("*.py")}
    assert files == {"correct", *MISTAKES}


def test_the_correct_agent_earns_every_match() -> None:
    report = grade_submission(submission=REPO / "examples/connect4-agent/correct.py",
                              assignment="connect4-agent")
    assert [(t.name, t.message) for t in report.tests if not t.passed] == []
    assert report.score == report.max_score == 9
    assert all(len(t.games) == 2 for t in report.tests)
    sides = [[g.players[i].kind for i in (0, 1)] for g in report.tests[0].games]
    assert sides == [["agent", "builtin"], ["builtin", "agent"]]  # both colours
    assert Report.model_validate_json(report_json(report)) == report
    console = Console(record=True, width=120)
    print_report(report, console)
    table = console.export_text()
    assert "Won-drawn-lost" in table
    for test in report.tests:  # each match's row: its wins, draws and losses
        counts = tally(test.games)
        assert sum(counts.values()) == 2
        row = next(line for line in table.splitlines() if test.name in line)
        assert f"{counts['won']}-{counts['drew']}-{counts['lost']}" in row


@pytest.mark.parametrize("name", sorted(MISTAKES))
def test_a_mistake_loses_its_games_for_its_reason(name: str) -> None:
    report = grade_submission(submission=REPO / f"examples/connect4-agent/{name}.py",
                              assignment="connect4-agent", tests=VISIBLE)
    assert report.score < report.max_score and report.grader_faults == []
    reasons = {g.reason for t in report.tests for g in t.games}
    reason = MISTAKES[name]
    if reason is not None:
        assert reason in reasons
        said = "\n".join(line for t in report.tests for line in t.feedback)
        assert f": {reason}: " in said
    else:
        assert reasons <= {"win", "draw"}  # it plays legally, only badly
