"""``grader ci``: grade one submission in a CI job (GitHub Actions, GitHub Classroom).

:func:`run_ci` grades like ``grader check`` and turns the student's view of the report
into what a workflow run shows: the Markdown summary appended to ``$GITHUB_STEP_SUMMARY``,
the report files in a folder, one ``::error`` annotation per failing test pointing at the
entry point's ``def`` line, GitHub Classroom's ``Points X/Y`` line and notices.

Everything the submission can influence (its prints, its tracebacks, the feedback that
quotes them) is printed between ``::stop-commands::TOKEN`` and ``::TOKEN::``, with a
token drawn after the grading, so no line of it can run a workflow command; every such
line is also indented, so none of it can pass for the ``Points`` line.
"""

from __future__ import annotations

import json
import os
import re
import secrets
from dataclasses import dataclass
from pathlib import Path

from grader.errors import EXIT_OK, EXIT_TESTS_FAILED, GraderError
from grader.grading.check import SandboxKind, grade_submission, prepare
from grader.grading.intake import agent_file
from grader.grading.report import Report, TestResult, student_view
from grader.grading.report_trees import report_trees
from grader.grading.sinks import for_terminal
from grader.hosts.isolation import isolation_notice, require_isolation
from grader.reports import write_reports
from grader.reports.feedback import STATUS_WORDS, feedback_lines, points
from grader.reports.markdown import markdown_summary

INDENT = "    "  # before every line of the block that student text may reach
MAX_ANNOTATIONS = 10  # GitHub shows at most 10 error annotations of a step


@dataclass(frozen=True)
class Location:
    """Where an annotation points: a file (as the workflow names it) and a line."""

    file: str
    line: int


@dataclass(frozen=True)
class CiOutcome:
    """What ``grader ci`` did: the report shown, the lines to print, the exit code."""

    report: Report
    lines: list[str]
    exit_code: int
    written: list[Path]


def run_ci(
    *,
    submission: Path,
    assignment: str | Path,
    sandbox: SandboxKind = "local",
    report_dir: Path,
    summary_path: Path | None = None,
    output_path: Path | None = None,
    allow_limits_only: bool = False,
) -> CiOutcome:
    """Grade ``submission`` and produce the CI outputs.

    Writes the report files into ``report_dir``, appends the Markdown summary to
    ``summary_path`` (``$GITHUB_STEP_SUMMARY``) and ``points=X/Y`` to ``output_path``
    (``$GITHUB_OUTPUT``) when given. Hidden tests are graded and counted, shown as a
    student sees them. Refuses (IsolationUnavailable) to run the submission in a local
    sandbox that can only limit it, unless ``allow_limits_only``.
    """
    require_isolation(sandbox, allow_limits_only=allow_limits_only)
    ready = prepare(assignment=assignment)
    entry = ready.loaded.spec.entry
    report = student_view(
        grade_submission(submission=submission, assignment=ready, sandbox=sandbox,
                         require_isolation=not allow_limits_only)
    )
    written = write_reports(report, report_dir, trees=report_trees(ready))
    if summary_path is not None:
        _append(summary_path, markdown_summary(report))
        written.append(summary_path)
    if output_path is not None:
        _append(output_path, f"points={points(report.score)}/{points(report.max_score)}\n")
        written.append(output_path)
    where = entry_location(submission, entry)
    lines = workflow_lines(report, where, token=fresh_token(report))
    notice = isolation_notice(report.isolation)
    if notice is not None:
        lines.append(f"::warning title=Sandbox::{notice}")
    code = EXIT_OK if report.all_passed else EXIT_TESTS_FAILED
    return CiOutcome(report=report, lines=lines, exit_code=code, written=written)


def _append(path: Path, text: str) -> None:
    try:
        with path.open("a", encoding="utf-8") as f:
            f.write(text)
    except OSError as exc:
        raise GraderError(f"{path}: cannot append to it ({exc})") from None


def entry_location(submission: Path, entry: str) -> Location:
    """The file holding the submission's code (found by :mod:`grader.grading.intake`'s rule, as
    grading finds it) and the line of ``def <entry>`` in it (line 1 when there is no such
    line, for an archive, or for a submission that cannot be graded)."""
    path = agent_file(submission)
    line = 1
    if path is not None:
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            text = ""
        pattern = re.compile(rf"^\s*(?:async\s+)?def\s+{re.escape(entry)}\s*\(")
        for number, source_line in enumerate(text.splitlines(), start=1):
            if pattern.match(source_line):
                line = number
                break
    return Location(file=_workflow_path(path or submission), line=line)


def _workflow_path(path: Path) -> str:
    """A path as a workflow's annotation wants it: relative to the repository's checkout
    (``$GITHUB_WORKSPACE``, else the working folder)."""
    base = Path(os.environ.get("GITHUB_WORKSPACE") or Path.cwd())
    try:
        return path.resolve().relative_to(base.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def fresh_token(report: Report) -> str:
    """A random stop-commands token that appears nowhere in the report."""
    text = report.model_dump_json()
    while True:
        token = secrets.token_hex(16)
        if token not in text:
            return token


def workflow_lines(report: Report, where: Location, *, token: str) -> list[str]:
    """The log of a CI run: the results inside a stop-commands block, then the
    annotations, the points line and Classroom's notices."""
    body = [INDENT + for_terminal(line) if line else "" for line in result_lines(report)]
    notes = annotation_lines(report, where)
    total, most = points(report.score), points(report.max_score)
    summary = json.dumps(
        {"totalPoints": _number(report.score), "maxPoints": _number(report.max_score)}
    )
    return [
        f"::stop-commands::{token}",
        *body,
        f"::{token}::",
        *notes,
        f"Points {total}/{most}",
        f"::notice title=Autograding complete::Points {total}/{most}",
        f"::notice title=Autograding report::{escape_data(summary)}",
    ]


def _number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def result_lines(report: Report) -> list[str]:
    """Each test's status and points, then what went wrong and what the submission printed.
    Lines may hold student text: print them only inside a stop-commands block."""
    lines = [f"{report.assignment}: {report.submission}"]
    width = max(len(t.name) for t in report.tests) if report.tests else 0
    for t in report.tests:
        mark = "PASS" if t.passed else "FAIL"
        lines.append(
            f"{mark}  {t.name:<{width}}  {points(t.score)}/{points(t.max_score)}  "
            f"{STATUS_WORDS[t.status]}"
        )
    for t in report.tests:
        lines.extend(_test_lines(t))
    return lines


def _test_lines(test: TestResult) -> list[str]:
    found = feedback_lines(test)
    if not found and not test.output:
        return []
    lines = ["", f"{test.name}:"]
    lines += [f"  {part}" for line in found for part in line.splitlines()]
    if test.output:
        lines.append("  your output:")
        lines += [f"    {part}" for part in test.output.rstrip().splitlines()]
    return lines


def annotation_lines(report: Report, where: Location) -> list[str]:
    """One ``::error`` per failing test (``::warning`` for the grader's own faults),
    at the entry point's definition; past :data:`MAX_ANNOTATIONS`, one names the rest."""
    failing = [t for t in report.tests if not t.passed]
    if len(failing) > MAX_ANNOTATIONS:
        rest = failing[MAX_ANNOTATIONS - 1 :]
        failing = failing[: MAX_ANNOTATIONS - 1]
        title = f"{len(rest)} more tests failed"
        props = _properties(file=where.file, line=str(where.line), title=title)
        names = ", ".join(t.name for t in rest)
        tail = [f"::error {props}::{escape_data(names + ' (see the job summary)')}"]
    else:
        tail = []
    return [_annotation(t, where) for t in failing] + tail


def _annotation(t: TestResult, where: Location) -> str:
    level = "warning" if t.status == "sandbox_error" else "error"
    title = f"{t.name}: {STATUS_WORDS[t.status]} ({points(t.score)}/{points(t.max_score)})"
    message = for_terminal((feedback_lines(t) or [STATUS_WORDS[t.status]])[0])
    props = _properties(file=where.file, line=str(where.line), title=title)
    return f"::{level} {props}::{escape_data(message)}"


def _properties(**values: str) -> str:
    return ",".join(f"{k}={escape_property(v)}" for k, v in values.items())


def escape_data(text: str) -> str:
    """A workflow command's message, escaped as the Actions toolkit does."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """A workflow command's property value, escaped as the Actions toolkit does."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")

