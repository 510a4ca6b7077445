"""The report model: strictness, totals, the student view, the schema and its copy."""

from __future__ import annotations

import json
from pathlib import Path
from typing import get_args

import jsonschema
import pytest
from pydantic import ValidationError

from grader.errors import InputFileError
from grader.grading.report import (
    CheckResult,
    Report,
    Status,
    TestResult,
    bounded_output,
    load_report,
    make_report,
    report_json,
    report_schema,
    student_view,
)
from grader.grading.statuses import STATUSES
from sandboxes.capture import OUTPUT_HARD_LIMIT, BoundedText
from sandboxes.link import OUTPUT_LIMIT

SCHEMA_COPY = Path(__file__).resolve().parents[3] / "grader" / "schemas" / "report.schema.json"


def result(name: str, status: str = "passed", score: float = 2.0, **extra: object) -> TestResult:
    fields: dict[str, object] = {
        "name": name,
        "status": status,
        "score": score,
        "max_score": 2.0,
        "time_s": 0.01,
        "expected": {"value": 3, "action": "a1"},
        "got": {"value": 3 if status == "passed" else 5, "action": "a1"},
        "checks": [
            CheckResult(check="value", passed=status == "passed", score=score / 2),
            CheckResult(check="action", passed=True, score=1.0),
        ],
    }
    fields.update(extra)
    return TestResult.model_validate(fields)


def sample() -> Report:
    return make_report(
        assignment="alphabeta",
        submission="agent.py",
        tests=[
            result("visible-ok"),
            result("visible-wrong", "failed", 1.0, message="root value: expected 3, got 5"),
            result(
                "hidden-wrong",
                "failed",
                1.0,
                visibility="hidden",
                message="root value: expected 3, got 5",
                feedback=["prunes: expected 2, got 0"],
            ),
            result("broken", "sandbox_error", 0.0, message="the grader failed"),
        ],
        sandbox="local",
        time_s=0.5,
    )


def test_totals_sum_the_tests() -> None:
    report = sample()
    assert report.score == pytest.approx(4.0)
    assert report.max_score == pytest.approx(8.0)
    assert not report.all_passed


def test_sandbox_errors_are_listed_as_grader_faults() -> None:
    assert sample().grader_faults == ["broken"]


@pytest.mark.parametrize(
    "change",
    [
        pytest.param({"status": "wrong"}, id="unknown-status"),
        pytest.param({"score": "2"}, id="score-as-text"),
        pytest.param({"surprise": 1}, id="extra-field"),
        pytest.param({"score": -1.0}, id="negative-score"),
    ],
)
def test_test_result_is_strict(change: dict[str, object]) -> None:
    data = result("t").model_dump()
    data.update(change)
    with pytest.raises(ValidationError):
        TestResult.model_validate(data)


def test_student_view_drops_hidden_expected_and_feedback() -> None:
    view = student_view(sample())
    hidden = next(t for t in view.tests if t.name == "hidden-wrong")
    assert hidden.expected is None
    assert hidden.feedback == []
    assert hidden.message is not None and "3" not in hidden.message
    assert "value" in hidden.message
    assert view.student_view


@pytest.mark.parametrize("status", ["failed", "error", "timeout"])
def test_student_view_keeps_nothing_of_a_hidden_tree(status: str) -> None:
    """A submission that read a hidden tree could print it, raise it or return it."""
    secret = "B1=3 B2=12 B3=8"
    hidden = result("hidden", status, 0.0, visibility="hidden", output=f"tree: {secret}",
                    detail=f"Traceback ...\nValueError: {secret}", message=f"ValueError: {secret}",
                    got={"value": 3128, "action": "a1", "expanded": ["A", "B"]},
                    form="fail-soft")  # read from the record, which the submission made
    report = make_report(assignment="alphabeta", submission="agent.py", tests=[hidden],
                         sandbox="local", time_s=0.1)
    shown = student_view(report).tests[0]
    assert secret not in shown.model_dump_json()
    assert (shown.got, shown.output, shown.detail, shown.expected, shown.form) == (
        None, None, None, None, None)
    assert (shown.status, shown.score) == (status, 0.0)


def test_student_view_gives_no_time_a_hidden_test_could_have_slept() -> None:
    """A submission could sleep what it read: a hidden test shows no time, the whole
    check's time is in whole seconds."""
    hidden = result("hidden", visibility="hidden", time_s=1.337)
    report = make_report(assignment="alphabeta", submission="agent.py",
                         tests=[result("shown", time_s=0.25), hidden], sandbox="local",
                         time_s=2.71828)
    view = student_view(report)
    assert [t.time_s for t in view.tests] == [0.25, 0.0]
    assert view.time_s == 3.0
    alone = make_report(assignment="alphabeta", submission="agent.py",
                        tests=[result("shown")], sandbox="local", time_s=2.71828)
    assert student_view(alone).time_s == 2.71828  # no hidden test: the time as it was


def test_student_view_keeps_visible_tests_whole() -> None:
    report = sample()
    view = student_view(report)
    assert view.tests[1] == report.tests[1]
    assert view.score == report.score


def test_json_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "report.json"
    report = sample()
    path.write_text(report_json(report))
    assert load_report(path) == report


def test_json_has_the_documented_fields() -> None:
    data = json.loads(report_json(sample()))
    assert {"assignment", "score", "max_score", "tests"} <= set(data)
    fixed = {"name", "status", "score", "max_score", "time_s", "message", "expected", "got"}
    assert fixed <= set(data["tests"][0])


def test_json_validates_against_the_schema() -> None:
    jsonschema.Draft202012Validator(report_schema()).validate(json.loads(report_json(sample())))


def test_load_report_names_the_bad_place(tmp_path: Path) -> None:
    path = tmp_path / "report.json"
    data = json.loads(report_json(sample()))
    data["tests"][0]["status"] = "great"
    path.write_text(json.dumps(data))
    with pytest.raises(InputFileError, match=r"tests\.0\.status"):
        load_report(path)


def test_schema_copy_is_current() -> None:
    """Regenerate with: grader schema report > grader/schemas/report.schema.json"""
    assert json.loads(SCHEMA_COPY.read_text()) == report_schema()


@pytest.mark.parametrize(
    ("text", "limit", "kept"),
    [
        pytest.param("", 10, None, id="nothing-printed"),
        pytest.param("hello", 10, "hello", id="short"),
        pytest.param("x" * 25, 10, "x" * 10, id="cut"),
    ],
)
def test_bounded_output(text: str, limit: int, kept: str | None) -> None:
    out = bounded_output(text, limit)
    if kept is None:
        assert out is None
    else:
        assert out is not None and out.startswith(kept)
        assert len(out) < len(text) + 60
        assert ("more characters" in out) == (len(text) > limit)


@pytest.mark.parametrize("printed", [OUTPUT_LIMIT + 1, 9000, OUTPUT_HARD_LIMIT],
                         ids=["one-over", "twice-over", "at-the-hard-limit"])
def test_the_harness_note_of_prints_not_kept_reaches_the_report(printed: int) -> None:
    # the harness keeps OUTPUT_LIMIT characters and says how many it dropped; the
    # report's own bound must not cut that note off and count only its characters
    prints = BoundedText()
    prints.write("A" * printed)
    sent = prints.take()
    assert bounded_output(sent) == sent
    assert sent.endswith(f"[... {printed - OUTPUT_LIMIT} more characters not kept]")


def test_every_status_is_told() -> None:
    assert list(STATUSES) == list(get_args(Status))
    assert all(look.message for s, look in STATUSES.items() if s not in ("passed", "failed"))
