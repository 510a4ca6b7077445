"""``grader ci`` and the workflow template, through the real local sandbox.

The log is read as a GitHub runner reads it: workflow commands are lines that start with
``::``, and nothing between ``::stop-commands::TOKEN`` and ``::TOKEN::`` is one.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from markdown_it import MarkdownIt

from grader.authoring.build import build_assignment
from grader.cli import main
from grader.courses.ci import (
    MAX_ANNOTATIONS,
    Location,
    annotation_lines,
    entry_location,
    escape_data,
    escape_property,
    fresh_token,
    workflow_lines,
)
from grader.courses.kit import workflow_text
from grader.courses.wheel import wheel_name
from grader.grading.report import TestResult, make_report

REPO = Path(__file__).resolve().parents[3]
BUILTIN_TREES = REPO / "assignments" / "alphabeta" / "trees"


@dataclass(frozen=True)
class Command:
    name: str
    props: dict[str, str]
    message: str


def runner_view(log: str) -> list[Command]:
    """The workflow commands a runner would run from ``log``."""
    commands: list[Command] = []
    stopped: str | None = None
    for line in log.splitlines():
        if stopped is not None:
            if line == f"::{stopped}::":
                stopped = None
            continue
        match = re.match(r"^::([A-Za-z-]+)(?: ([^:]*))?::(.*)$", line)
        if match is None:
            continue
        name, raw, message = match.groups()
        if name == "stop-commands":
            stopped = message
            continue
        props = dict(p.split("=", 1) for p in raw.split(",")) if raw else {}
        commands.append(Command(name, props, message))
    assert stopped is None, "the log leaves commands stopped"
    return commands


def points_lines(log: str) -> list[str]:
    return [line for line in log.splitlines() if line.startswith("Points ")]


@pytest.fixture(scope="module")
def ten_points(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 10-point assignment from two built-in trees, one test hidden.

    fig52:    A(max) -> B(min) 3 12 8 | C(min) 2 4 6 | D(min) 14 5 2
    equality: A(max) -> B(min) 3 5 | C(min) 3 9 1 | D(min) 2 7
    """
    folder = tmp_path_factory.mktemp("ten-points")
    (folder / "trees").mkdir()
    for name in ("fig52", "equality"):
        shutil.copy(BUILTIN_TREES / f"{name}.tree.json", folder / "trees")
    checks = ["value", "action", "expanded", "evaluated", "prunes"]
    spec = {
        "name": "ten-points",
        "entry": "alphabeta",
        "tests": [
            {"name": "fig52", "tree": "trees/fig52.tree.json", "depth": 2, "points": 6,
             "checks": checks},
            {"name": "equality", "tree": "trees/equality.tree.json", "depth": 2, "points": 4,
             "checks": checks, "visibility": "hidden"},
        ],
    }
    (folder / "assignment.yaml").write_text(yaml.safe_dump(spec, sort_keys=False))
    build_assignment(assignment=folder)
    return folder


@pytest.fixture(scope="module")
def grader_bin(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with a ``grader`` command running this interpreter's grader."""
    folder = tmp_path_factory.mktemp("bin")
    script = folder / "grader"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m grader.cli "$@"\n')
    script.chmod(0o755)
    return folder


def workflow_grade_step() -> tuple[dict[str, str], str]:
    """The job's environment and the `run` of the step that calls `grader ci`."""
    job = yaml.safe_load(workflow_text())["jobs"]["grade"]
    runs = [s["run"] for s in job["steps"] if "grader ci" in s.get("run", "")]
    assert len(runs) == 1
    return {**{k: str(v) for k, v in job["env"].items()}, "GRADER_SANDBOX": "local"}, runs[0]


def run_workflow(
    tmp_path: Path, grader_bin: Path, assignment: Path, example: str
) -> tuple[subprocess.CompletedProcess[str], Path, int]:
    """Run the template's grading step on an example, in a checkout-like folder."""
    job_env, command = workflow_grade_step()
    source = (REPO / "examples" / example).read_text()
    (tmp_path / "agent.py").write_text(source)
    def_line = source.splitlines().index(
        next(line for line in source.splitlines() if line.startswith("def alphabeta("))
    ) + 1
    summary = tmp_path / "step-summary.md"
    env = {
        **os.environ,
        **job_env,
        "ASSIGNMENT": str(assignment),
        "PATH": f"{grader_bin}{os.pathsep}{os.environ['PATH']}",
        "GITHUB_STEP_SUMMARY": str(summary),
        "GITHUB_WORKSPACE": str(tmp_path),
    }
    env.pop("GITHUB_OUTPUT", None)
    done = subprocess.run(
        ["bash", "-e", "-c", command], cwd=tmp_path, env=env, capture_output=True,
        text=True, timeout=120,
    )
    return done, summary, def_line


def test_workflow_installs_the_kits_grader_and_never_falls_back() -> None:
    job = yaml.safe_load(workflow_text())["jobs"]["grade"]
    runs = "\n".join(s.get("run", "") for s in job["steps"])
    assert f"pip install './wheels/{wheel_name()}[docker]'" in runs
    choose = next(s["run"] for s in job["steps"] if "GRADER_SANDBOX=docker" in s.get("run", ""))
    # where an engine answers, the build must succeed: no `||` fallback to the local sandbox
    assert "grader sandbox build\n" in choose and "||" not in choose
    assert job["env"]["SUBMISSION"] == "agent.py"
    assert "--sandbox \"$GRADER_SANDBOX\"" in workflow_grade_step()[1]


def test_workflow_on_correct_example(tmp_path: Path, grader_bin: Path, ten_points: Path) -> None:
    done, summary, _ = run_workflow(tmp_path, grader_bin, ten_points, "alphabeta/correct.py")
    assert done.returncode == 0, done.stderr
    assert points_lines(done.stdout) == ["Points 10/10"]
    commands = runner_view(done.stdout)
    assert [c.name for c in commands] == ["notice", "notice"]
    assert commands[0].message == "Points 10/10"
    assert json.loads(commands[1].message) == {"totalPoints": 10, "maxPoints": 10}
    assert "10/10 points" in summary.read_text()
    for name in ("report.json", "junit.xml", "results.json", "summary.md"):
        assert (tmp_path / "grader-reports" / name).is_file()


def test_workflow_on_wrong_example(tmp_path: Path, grader_bin: Path, ten_points: Path) -> None:
    # no pruning at depth 2: A, B, C, D are expanded either way, so value, action and
    # expanded are right (3 of 5 checks: 3.6 + 2.4 points); evaluated and prunes wrong
    done, summary, def_line = run_workflow(
        tmp_path, grader_bin, ten_points, "alphabeta/no_pruning.py"
    )
    assert done.returncode == 1, done.stderr
    assert points_lines(done.stdout) == ["Points 6/10"]
    errors = [c for c in runner_view(done.stdout) if c.name == "error"]
    assert [c.props["title"].split("%3A")[0] for c in errors] == ["fig52", "equality"]
    for error in errors:
        assert error.props["file"] == "agent.py"
        assert error.props["line"] == str(def_line)
    assert "you evaluated C2" in errors[0].message
    assert errors[1].message == "hidden test: wrong evaluated, prunes"
    assert_renders(summary.read_text(), ["fig52", "equality"])
    report = json.loads((tmp_path / "grader-reports" / "report.json").read_text())
    hidden = next(t for t in report["tests"] if t["name"] == "equality")
    assert hidden["expected"] is None


def assert_renders(markdown: str, tests: list[str]) -> None:
    """The summary parses as Markdown with a heading and one table row per test."""
    tokens = MarkdownIt("commonmark").enable("table").parse(markdown)
    kinds = [t.type for t in tokens]
    assert "heading_open" in kinds and "table_open" in kinds
    rows = [i for i, t in enumerate(tokens) if t.type == "tr_open"]
    assert len(rows) == 1 + len(tests)
    cells = [t.content for t in tokens if t.type == "inline"]
    for name in tests:
        assert name in cells
    assert any(c.startswith("**Total:") for c in cells)


HOSTILE_PRINTS = '''
_search_first = alphabeta


def alphabeta(game, state, depth):
    print("::error file=agent.py,line=1,title=fake::injected error")
    print("::warning::injected warning")
    print("::set-output name=points::99")
    print("Points 99/10")
    print("::notice title=Autograding complete::Points 99/10")
    print("::stop-commands::cafe")
    print("::cafe::")
    print("::add-mask::secret")
    print("two\\r::error::after a carriage return")
    return _search_first(game, state, depth)
'''


@pytest.mark.parametrize(
    ("example", "points", "failing"),
    [
        pytest.param("alphabeta/correct.py", "Points 10/10", [], id="correct"),
        pytest.param("alphabeta/no_pruning.py", "Points 6/10", ["fig52", "equality"], id="wrong"),
    ],
)
def test_printed_commands_change_nothing(
    tmp_path: Path, ten_points: Path, example: str, points: str, failing: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    agent = tmp_path / "agent.py"
    agent.write_text((REPO / "examples" / example).read_text() + HOSTILE_PRINTS)
    monkeypatch.chdir(tmp_path)
    for name in ("GITHUB_STEP_SUMMARY", "GITHUB_OUTPUT", "GITHUB_WORKSPACE"):
        monkeypatch.delenv(name, raising=False)
    result = CliRunner().invoke(main, ["ci", "agent.py", "-a", str(ten_points)])
    assert result.exit_code == (1 if failing else 0), result.output
    assert "Points 99/10" in result.output  # shown, inside the fenced block
    assert points_lines(result.output) == [points]
    commands = runner_view(result.output)
    assert {c.name for c in commands} <= {"error", "notice"}
    errors = [c for c in commands if c.name == "error"]
    assert [c.props["title"].split("%3A")[0] for c in errors] == failing
    assert all("injected" not in c.message for c in commands)
    assert next(c.message for c in commands if c.name == "notice") == points


def test_entry_location(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("GITHUB_WORKSPACE", raising=False)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "agent.py").write_text("import math\n\n\ndef alphabeta(g, s, d):\n")
    (tmp_path / "mine.py").write_text("def alphabetas(g, s, d): ...\nasync def alphabeta (g):\n")
    (tmp_path / "none.py").write_text("alphabeta = print\n")
    with zipfile.ZipFile(tmp_path / "sub.zip", "w") as z:
        z.writestr("agent.py", "def alphabeta(g, s, d): ...\n")
    assert entry_location(Path("sub"), "alphabeta") == Location("sub/agent.py", 4)
    assert entry_location(Path("mine.py"), "alphabeta") == Location("mine.py", 2)
    assert entry_location(Path("none.py"), "alphabeta") == Location("none.py", 1)
    assert entry_location(Path("sub.zip"), "alphabeta") == Location("sub.zip", 1)
    outside = entry_location(tmp_path.parent / "elsewhere.py", "alphabeta")
    assert outside.file == (tmp_path.parent / "elsewhere.py").as_posix()


def test_entry_location_is_relative_to_the_workspace(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "hw1").mkdir()
    (tmp_path / "hw1" / "agent.py").write_text("\ndef minimax(game, state, depth): ...\n")
    monkeypatch.chdir(tmp_path / "hw1")
    monkeypatch.setenv("GITHUB_WORKSPACE", str(tmp_path))
    assert entry_location(Path("agent.py"), "minimax") == Location("hw1/agent.py", 2)


@pytest.mark.parametrize(
    ("text", "data", "prop"),
    [
        pytest.param("a: b, c", "a: b, c", "a%3A b%2C c", id="colon-comma"),
        pytest.param("50%\nx\r", "50%25%0Ax%0D", "50%25%0Ax%0D", id="percent-newline"),
        pytest.param("::error::x", "::error::x", "%3A%3Aerror%3A%3Ax", id="command"),
    ],
)
def test_escapes(text: str, data: str, prop: str) -> None:
    assert escape_data(text) == data
    assert escape_property(text) == prop


def failed(name: str, message: str = "wrong value") -> TestResult:
    return TestResult(
        name=name, status="failed", score=0.0, max_score=1.0, time_s=0.0, message=message
    )


def test_annotations_are_capped_and_name_the_rest() -> None:
    tests = [failed(f"t{i}") for i in range(MAX_ANNOTATIONS + 3)]
    report = make_report(assignment="a", submission="agent.py", tests=tests, sandbox="local")
    lines = annotation_lines(report, Location("agent.py", 7))
    assert len(lines) == MAX_ANNOTATIONS
    assert lines[-1].startswith("::error file=agent.py,line=7,title=4 more tests failed::")
    assert "t9, t10, t11, t12" in lines[-1]


def test_message_newlines_cannot_start_a_command() -> None:
    test = failed("t", message="boom\n::error::injected")
    report = make_report(assignment="a", submission="s", tests=[test], sandbox="local")
    lines = workflow_lines(report, Location("agent.py", 1), token=fresh_token(report))
    errors = [c for c in runner_view("\n".join(lines)) if c.name == "error"]
    assert len(errors) == 1
    assert errors[0].message == "boom%0A::error::injected"


def test_token_is_fresh_and_absent_from_the_report() -> None:
    report = make_report(assignment="a", submission="s", tests=[failed("t")], sandbox="local")
    tokens = {fresh_token(report) for _ in range(5)}
    assert len(tokens) == 5
    assert all(len(t) == 32 and t not in report.model_dump_json() for t in tokens)


def test_bad_assignment_is_an_error_not_a_traceback(tmp_path: Path) -> None:
    agent = tmp_path / "agent.py"
    agent.write_text("def alphabeta(g, s, d): ...\n")
    result = CliRunner().invoke(main, ["ci", str(agent), "-a", str(tmp_path / "nowhere")])
    assert result.exit_code == 2
    assert "Error: unknown assignment" in result.output


def test_writes_github_output(
    tmp_path: Path, ten_points: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copy(REPO / "examples" / "alphabeta" / "correct.py", tmp_path / "agent.py")
    output = tmp_path / "github-output"
    output.write_text("earlier=1\n")
    monkeypatch.setenv("GITHUB_OUTPUT", str(output))
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)
    result = CliRunner().invoke(
        main, ["ci", "agent.py", "-a", str(ten_points), "--report-dir", "out"]
    )
    assert result.exit_code == 0, result.output
    assert output.read_text() == "earlier=1\npoints=10/10\n"
    assert (tmp_path / "out" / "junit.xml").is_file()
