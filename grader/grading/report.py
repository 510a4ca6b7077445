"""The report of one graded submission: one pydantic model, one JSON Schema, a student view.

``grader check --json`` prints :class:`Report`; the writers in :mod:`grader.reports` turn it
into Gradescope's ``results.json``, JUnit XML, a Markdown summary and a gradebook row.
``grader schema report`` prints :func:`report_schema`; the copy shipped in
``grader/schemas/report.schema.json`` is checked against it by a test.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from grader.authoring.assignment import Check, Visibility
from grader.errors import InputFileError
from grader.grading.sinks import encodable
from grader.grading.statuses import STATUSES, Status
from grader.hosts.kinds import Isolation, SandboxKind
from grader.play.models import GameRecord
from sandboxes.link import OUTPUT_SENT_MAX

REPORT_FORMAT = "report/1"



class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, frozen=True, extra="forbid")

    @model_validator(mode="before")
    @classmethod
    def _encodable(cls, data: Any) -> Any:
        """A student's text may hold lone surrogates, which no writer can encode."""
        return encodable(data)


class CheckResult(_Strict):
    """The outcome of one check of a test (value, action, expanded, ...)."""

    check: Check = Field(description="What was compared")
    passed: bool = Field(description="True when the submission matched the reference")
    score: float = Field(ge=0, description="Points earned by this check (an equal share)")


class TestResult(_Strict):
    """How a submission did on one test."""

    __test__ = False  # not a pytest test class

    name: str = Field(description="Test name, as in assignment.yaml")
    status: Status = Field(
        description="passed; failed (a wrong answer); timeout; memory; error (the submission "
        "crashed or returned something malformed); sandbox_error (the grader's fault, not charged)"
    )
    score: float = Field(ge=0, description="Points earned")
    max_score: float = Field(ge=0, description="Points the test is worth")
    time_s: float = Field(ge=0, description="Wall time of the run, seconds")
    message: str | None = Field(
        default=None, description="One line saying what went wrong (None when passed)"
    )
    feedback: list[str] = Field(
        default_factory=list, description="Further lines: each difference, expected vs got"
    )
    expected: dict[str, Any] | None = Field(
        default=None, description="The reference's answer for the checked fields"
    )
    got: dict[str, Any] | None = Field(
        default=None, description="The submission's answer for the checked fields"
    )
    visibility: Visibility = Field(default="visible", description="hidden: instructors only")
    output: str | None = Field(
        default=None, description="What the submission printed, bounded (None if nothing)"
    )
    checks: list[CheckResult] = Field(
        default_factory=list, description="Per check pass/fail, in the test's order"
    )
    detail: str | None = Field(
        default=None, description="The submission's part of a traceback, when it crashed"
    )
    form: str | None = Field(
        default=None,
        description="The correct form of the search the submission was graded as (e.g. "
        "'fail-soft'), when the test accepts more than one: the one it matched, or came "
        "closest to",
    )
    games: list[GameRecord] = Field(
        default_factory=list, description="An agents assignment's match: the record of "
        "each game played, in order")

    @property
    def passed(self) -> bool:
        return self.status == "passed"


class Report(_Strict):
    """The graded result of one submission on one assignment."""

    format: Literal["report/1"] = Field(default="report/1", description="Format tag")
    assignment: str = Field(description="Assignment name")
    submission: str = Field(description="The submission as given (file or folder name)")
    score: float = Field(ge=0, description="Points earned, summed over the tests")
    max_score: float = Field(ge=0, description="Points available, summed over the tests")
    tests: list[TestResult] = Field(description="One result per test, in the assignment's order")
    sandbox: SandboxKind = Field(description="Where the submission ran")
    isolation: Isolation | None = Field(
        default=None,
        description="How the submission was kept from the grader and the machine: namespaces "
        "(the local sandbox's own root, PID, network and IPC namespaces), container (the "
        "docker sandbox), or limits only (resource limits alone: it could read the "
        "machine's files and reach its network); None when no test ran",
    )
    grader_version: str = Field(description="Version of the grader that made this report")
    source: str | None = Field(
        default=None,
        description="In a batch, the entry of its folder the submission was graded from "
        "(its file or folder name): a resumed batch keeps this report only for that entry",
    )
    time_s: float = Field(default=0.0, ge=0, description="Wall time of the whole check, seconds")
    grader_faults: list[str] = Field(
        default_factory=list,
        description="Tests the grader failed to run (sandbox_error): not the student's fault; "
        "their points still count in max_score, so regrade them",
    )
    student_view: bool = Field(
        default=False, description="True when hidden tests' expected answers were removed"
    )

    @property
    def all_passed(self) -> bool:
        return all(t.passed for t in self.tests)


def make_report(
    *,
    assignment: str,
    submission: str,
    tests: list[TestResult],
    sandbox: SandboxKind,
    time_s: float = 0.0,
    isolation: Isolation | None = None,
) -> Report:
    """A report whose totals and grader-fault list follow from ``tests``."""
    from grader import __version__

    return Report(
        assignment=assignment,
        submission=submission,
        score=round(sum(t.score for t in tests), 6),
        max_score=round(sum(t.max_score for t in tests), 6),
        tests=tests,
        sandbox=sandbox,
        isolation=isolation,
        grader_version=__version__,
        time_s=round(time_s, 6),
        grader_faults=[t.name for t in tests if t.status == "sandbox_error"],
    )


def student_view(report: Report) -> Report:
    """What a student may see: a hidden test keeps its status, score and the names of the
    checks that failed, and loses everything that could carry its tree back to a student:
    the expected answer, the feedback, the submission's record and answer (which the
    submission could fill with what it read), its prints, its traceback, the message
    of an error (the submission's own text, or the game's, naming the tree's nodes), the
    form it matched (read from its record), and its time (a submission could sleep what
    it read): the whole check's time is then given in whole seconds. What is left is the
    verdict itself, which a submission can steer: a few bits a hidden test."""
    tests = [_hide(t) if t.visibility == "hidden" else t for t in report.tests]
    update: dict[str, object] = {"tests": tests, "student_view": True}
    if any(t.visibility == "hidden" for t in tests):
        update["time_s"] = float(round(report.time_s))
    return report.model_copy(update=update)


def _hide(test: TestResult) -> TestResult:
    message = test.message
    if test.status == "failed":
        wrong = [c.check for c in test.checks if not c.passed]
        message = f"hidden test: wrong {', '.join(wrong)}" if wrong else "hidden test failed"
    elif test.status != "passed":
        message = f"hidden test: {STATUSES[test.status].word} (details on visible tests only)"
    update: dict[str, object] = {"expected": None, "got": None, "feedback": [], "message": message,
              "output": None, "detail": None, "games": [], "time_s": 0.0, "form": None}
    return test.model_copy(update=update)


def report_schema() -> dict[str, Any]:
    """The JSON Schema of a report (``grader schema report``)."""
    schema = Report.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = "report.schema.json"
    return schema


def report_json(report: Report) -> str:
    """The report as indented JSON with a trailing newline."""
    return json.dumps(report.model_dump(mode="json"), indent=2) + "\n"


def load_report(path: Path) -> Report:
    """Read a report written by :func:`report_json`."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputFileError(path, "", f"cannot be read ({exc})") from None
    try:
        return Report.model_validate_json(text)
    except ValidationError as exc:
        err = exc.errors()[0]
        place = ".".join(str(p) for p in err["loc"]) or "(top level)"
        raise InputFileError(
            path, place, f"{err['msg']}; regenerate it with `grader check --json`"
        ) from None


def bounded_output(text: str, limit: int = OUTPUT_SENT_MAX) -> str | None:
    """A submission's prints, cut to ``limit`` characters with a note; None if empty."""
    if not text:
        return None
    if len(text) <= limit:
        return text
    return text[:limit] + f"\n[... {len(text) - limit} more characters not shown]"
