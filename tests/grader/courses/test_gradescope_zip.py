"""``grader gradescope``: the autograder zip, unpacked into a folder laid out like
Gradescope's container (``source``, ``submission``, ``results`` under one root), runs and
writes a ``results.json`` that validates against Gradescope's documented fields."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner

from grader.authoring.assignment import load_assignment
from grader.cli import main

REPO = Path(__file__).resolve().parents[3]
ASSIGNMENT = "minimax"

_STATUS = {"enum": ["passed", "failed"]}
_VISIBILITY = {"enum": ["hidden", "after_due_date", "after_published", "visible"]}
_FORMAT = {"enum": ["text", "html", "simple_format", "md", "ansi"]}
RESULTS_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "additionalProperties": False,
    "anyOf": [{"required": ["score"]}, {"required": ["tests"]}],
    "properties": {
        "score": {"type": "number", "minimum": 0},
        "execution_time": {"type": "number", "minimum": 0},
        "output": {"type": "string"},
        "output_format": _FORMAT,
        "visibility": _VISIBILITY,
        "stdout_visibility": _VISIBILITY,
        "extra_data": {"type": "object"},
        "leaderboard": {"type": "array"},
        "tests": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "score": {"type": "number", "minimum": 0},
                    "max_score": {"type": "number", "minimum": 0},
                    "status": _STATUS,
                    "name": {"type": "string"},
                    "number": {"type": "string"},
                    "output": {"type": "string"},
                    "output_format": _FORMAT,
                    "tags": {"type": "array", "items": {"type": "string"}},
                    "visibility": _VISIBILITY,
                    "extra_data": {"type": "object"},
                },
            },
        },
    },
}


@pytest.fixture(scope="module")
def autograder_zip(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("zip") / "autograder.zip"
    result = CliRunner().invoke(main, ["gradescope", "-a", ASSIGNMENT, "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


def unpack(archive: Path, root: Path) -> Path:
    """Unpack as Gradescope does (``unzip`` keeps the modes) into ``root/source``."""
    source = root / "source"
    with zipfile.ZipFile(archive) as z:
        z.extractall(source)
        for info in z.infolist():
            mode = (info.external_attr >> 16) & 0o777
            if mode:
                (source / info.filename).chmod(mode)
    (root / "submission").mkdir()
    return source


def run_autograder(root: Path) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "AUTOGRADER_ROOT": str(root),
        "GRADER_PYTHON": sys.executable,
        "PYTHONPATH": str(root / "source" / "grader-src"),  # the bundled grader, not ours
    }
    return subprocess.run(
        [str(root / "source" / "run_autograder")], env=env, capture_output=True, text=True,
        timeout=120, cwd=root,
    )


def test_zip_layout(autograder_zip: Path) -> None:
    with zipfile.ZipFile(autograder_zip) as z:
        infos = {i.filename: i for i in z.infolist()}
        names = set(infos)
        for script in ("setup.sh", "run_autograder"):
            assert stat.S_IMODE(infos[script].external_attr >> 16) == 0o755
        setup = z.read("setup.sh").decode()
    assert {"assignment/assignment.yaml", "grader-src/pyproject.toml",
            "grader-src/grader/courses/gradescope.py", "grader-src/sandboxes/harness.py",
            "grader-src/reference/minimax.py"} <= names
    loaded = load_assignment(ASSIGNMENT)
    goldens = {f"assignment/golden/{t.name}.json" for t in loaded.spec.tests}
    assert goldens <= names  # hidden ones too: the zip stays with the instructor
    assert not [n for n in names if n.startswith("tests/") or "__pycache__" in n]
    assert not [n for n in names if n.startswith("grader-src/assignments/") and
                n != "grader-src/assignments/__init__.py"]
    assert "pip install /autograder/source/grader-src" in setup
    assert "chmod -R go-rwx /autograder/source /autograder/venv/lib" in setup
    check = subprocess.run(["bash", "-n"], input=setup, text=True, capture_output=True)
    assert check.returncode == 0, check.stderr


def place(submission: Path, kind: str) -> None:
    """Put a submission in Gradescope's submission folder, as a student might upload it."""
    examples = REPO / "examples" / ASSIGNMENT
    if kind == "agent.py":
        shutil.copy(examples / "correct.py", submission / "agent.py")
    elif kind == "one-file":
        shutil.copy(examples / "ties_to_last.py", submission / "my_minimax.py")
    elif kind == "nested":
        (submission / "project" / "src").mkdir(parents=True)
        shutil.copy(examples / "depth_off_by_one.py", submission / "project" / "src" / "agent.py")
        (submission / "README.txt").write_text("my work")


@pytest.mark.parametrize(
    ("kind", "full_marks"),
    [
        pytest.param("agent.py", True, id="agent-py"),
        pytest.param("one-file", False, id="one-py-file"),
        pytest.param("nested", False, id="nested-agent-py"),
    ],
)
def test_run_autograder_writes_valid_results(
    tmp_path: Path, autograder_zip: Path, kind: str, full_marks: bool
) -> None:
    root = tmp_path / "autograder"
    unpack(autograder_zip, root)
    place(root / "submission", kind)
    done = run_autograder(root)
    assert done.returncode == 0, done.stderr
    results = json.loads((root / "results" / "results.json").read_text())
    jsonschema.Draft202012Validator(RESULTS_SCHEMA).validate(results)
    loaded = load_assignment(ASSIGNMENT)
    tests = results["tests"]
    assert [t["name"] for t in tests] == [s.name for s in loaded.spec.tests]
    hidden = {s.name for s in loaded.spec.tests if s.visibility == "hidden"}
    assert hidden and {t["name"] for t in tests if t["visibility"] == "hidden"} == hidden
    assert sum(t["max_score"] for t in tests) == sum(s.points for s in loaded.spec.tests)
    assert results["score"] == pytest.approx(sum(t["score"] for t in tests))
    maximum = sum(t["max_score"] for t in tests)
    assert (results["score"] == maximum) is full_marks
    assert all(t["status"] == "passed" for t in tests) is full_marks


def test_bundled_grader_is_the_one_that_runs(tmp_path: Path, autograder_zip: Path) -> None:
    root = tmp_path / "autograder"
    source = unpack(autograder_zip, root)
    env = {**os.environ, "PYTHONPATH": str(source / "grader-src")}
    found = subprocess.run(
        [sys.executable, "-c", "import grader.courses.gradescope as g; print(g.__file__)"],
        env=env, capture_output=True, text=True, cwd=source, check=True,
    )
    assert Path(found.stdout.strip()).is_relative_to(source / "grader-src")


def test_ungradable_submission_still_gets_results(tmp_path: Path, autograder_zip: Path) -> None:
    root = tmp_path / "autograder"
    unpack(autograder_zip, root)
    (root / "submission" / "notes.txt").write_text("no code here")
    done = run_autograder(root)
    assert done.returncode == 0, done.stderr
    results = json.loads((root / "results" / "results.json").read_text())
    jsonschema.Draft202012Validator(RESULTS_SCHEMA).validate(results)
    assert results["score"] == 0
    said = [t["output"] for t in results["tests"]]
    assert said and all(
        "cannot be graded: no agent.py in your submission" in output
        or "hidden test: error (details on visible tests only)" in output
        for output in said
    )
    assert any("cannot be graded" in output for output in said)


def test_bundle_pyproject_names_the_packages(autograder_zip: Path) -> None:
    tomllib = pytest.importorskip("tomllib")
    with zipfile.ZipFile(autograder_zip) as z:
        data = tomllib.loads(z.read("grader-src/pyproject.toml").decode())
    assert data["project"]["name"] == "search-grader"
    assert any(d.startswith("pydantic") for d in data["project"]["dependencies"])
    include = data["tool"]["setuptools"]["packages"]["find"]["include"]
    assert {"grader*", "reference*", "sandboxes*", "assignments*"} == set(include)


# --- what student code can reach -------------------------------------------------------

PROBE = '''
import json, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))


def probe():
    """Try every file the test names, and the bundled reference; print what happened."""
    with open(os.path.join(HERE, "targets.json")) as f:
        targets = json.load(f)
    for path in targets["files"]:
        try:
            with open(path) as f:
                f.read()
            print("READ", path)
        except OSError as exc:
            print("DENIED", path, exc.errno)
    sys.path.insert(0, targets["grader_src"])
    try:
        import reference  # noqa: F401
        print("READ reference")
    except ImportError as exc:
        print("DENIED reference", type(exc).__name__)
    print("uid", os.getuid())
'''


def as_nobody_can_read(path: Path) -> bool:
    done = subprocess.run(["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups",
                           "cat", str(path)], capture_output=True, check=False)
    return done.returncode == 0


@pytest.fixture
def world_traversable_root() -> Iterator[Path]:
    """An autograder root that user nobody could reach, as /autograder is: every parent
    folder traversable (a test's own temporary folder is root's alone)."""
    folder = Path(tempfile.mkdtemp(prefix="gradescope-root-", dir="/tmp"))
    folder.chmod(0o755)
    yield folder / "autograder"
    shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.skipif(os.geteuid() != 0 or shutil.which("setpriv") is None,
                    reason="Gradescope runs the autograder as root; needs setpriv")
def test_student_code_cannot_read_the_autograder(world_traversable_root: Path,
                                                 autograder_zip: Path) -> None:
    root = world_traversable_root
    source = unpack(autograder_zip, root)
    root.chmod(0o755)
    metadata = root / "submission_metadata.json"
    metadata.write_text(json.dumps({"previous_submissions": [{"results": "PREVIOUS"}]}))
    metadata.chmod(0o644)
    goldens = sorted((source / "assignment" / "golden").glob("*.json"))
    secrets_ = [*goldens, source / "assignment" / "assignment.yaml",
                source / "grader-src" / "reference" / "minimax.py", metadata]
    assert all(as_nobody_can_read(path) for path in secrets_)  # as Gradescope unpacks it
    submission = root / "submission"
    code = (REPO / "examples" / ASSIGNMENT / "correct.py").read_text()
    (submission / "agent.py").write_text(code.replace(
        "def minimax(game, state, depth):", "def minimax(game, state, depth):\n    probe()", 1)
        + PROBE)
    (submission / "targets.json").write_text(json.dumps(
        {"files": [str(p) for p in secrets_], "grader_src": str(source / "grader-src")}))
    done = run_autograder(root)
    assert done.returncode == 0, done.stderr
    assert not [path for path in secrets_ if as_nobody_can_read(path)]
    results = json.loads((root / "results" / "results.json").read_text())
    outputs = "\n".join(t["output"] for t in results["tests"])
    assert "uid 65534" in outputs  # the submission ran, as nobody
    assert "READ" not in outputs, outputs
    assert f"DENIED {metadata}" in outputs
    assert "PREVIOUS" not in json.dumps(results)


def test_results_json_never_holds_a_hidden_tests_answer(tmp_path: Path,
                                                         autograder_zip: Path) -> None:
    from grader.grading.check import grade_submission

    root = tmp_path / "autograder"
    unpack(autograder_zip, root)
    wrong = REPO / "examples" / ASSIGNMENT / "depth_off_by_one.py"
    shutil.copy(wrong, root / "submission" / "agent.py")
    done = run_autograder(root)
    assert done.returncode == 0, done.stderr
    text = (root / "results" / "results.json").read_text()
    full = grade_submission(submission=wrong, assignment=ASSIGNMENT, sandbox="local")
    shown = {line for t in full.tests if t.visibility == "visible"
             for line in [*t.feedback, t.message or ""]}  # a visible test may say it too
    revealing = [line for t in full.tests if t.visibility == "hidden" and not t.passed
                 for line in [*t.feedback, t.message or ""]
                 if ("expected" in line or line in t.feedback) and line not in shown]
    assert revealing  # the instructor's report does say what was expected
    for line in revealing:
        assert json.dumps(line)[1:-1] not in text, line


@pytest.mark.parametrize("allow", [False, True], ids=["refuses", "consents"])
def test_run_autograder_carries_the_instructors_consent(tmp_path: Path, allow: bool) -> None:
    from grader.courses.gradescope import build_autograder_zip
    from grader.hosts.isolation import ALLOW_FLAG

    out = build_autograder_zip(assignment=ASSIGNMENT, out=tmp_path / "ag.zip",
                               allow_limits_only=allow)
    with zipfile.ZipFile(out) as archive:
        script = archive.read("run_autograder").decode()
        setup = archive.read("setup.sh").decode()
    exec_line = next(line for line in script.splitlines() if line.startswith("exec "))
    assert (ALLOW_FLAG in exec_line) is allow
    assert "{extra}" not in script and "${AUTOGRADER_ROOT:-/autograder}" in script
    assert "bubblewrap" in setup  # namespaces where Gradescope's container allows them
