"""The hostile corpus: every case gets its verdict in every sandbox, and the run goes on.

Each file in ``cases/`` is one submission; its docstring holds the verdict of its first
test (``status``, a phrase the message must contain: ``says``) and of its second test
(``then``), which the case does not attack, so a passing second test shows the grader
went on with a fresh sandbox. ``needs: root`` marks a case that the local sandbox holds
only as root (its namespaces and privilege drop); as an ordinary user it is skipped
there, a documented limit of the local sandbox (see the README's security section).
"""

from __future__ import annotations

import ast
import contextlib
import hashlib
import json
import os
import random
import shutil
import socket
import tempfile
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import grader
from grader.grading.check import grade_submission
from grader.hosts.isolation import NAMESPACES, local_isolation, unreachable_python
from grader.reports import write_reports
from tests.examples.tiny_assignment import FIG52, write_assignment

CASES = Path(__file__).parent / "cases"
PROJECT = Path(grader.__file__).resolve().parents[1]
SECRET_VAR = "GRADER_TEST_SECRET"
WORLD_WRITABLE = ("/tmp", "/var/tmp", "/dev/shm", "/run/lock", "/dev/mqueue", "/var/lock")


@dataclass(frozen=True)
class Case:
    name: str
    status: str
    says: str
    then: str
    needs_isolation: bool


def load_case(path: Path) -> Case:
    doc = ast.get_docstring(ast.parse(path.read_text())) if path.stem != "syntax_error" else (
        path.read_text().split('"""')[1]
    )
    assert doc, path
    fields = dict(
        (line + " ").split(": ", 1) for line in doc.splitlines()
        if line.rstrip().endswith(":") or (": " in line and not line[0].isupper())
    )
    fields = {k: v.strip() for k, v in fields.items()}
    return Case(path.stem, fields["status"], fields.get("says", ""), fields["then"],
                fields.get("needs") == "isolation")


ALL_CASES = [load_case(p) for p in sorted(CASES.glob("*.py")) if not p.stem.startswith("_")]


@pytest.fixture(scope="module")
def assignment(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # A(max) -> B: 3 12 8 | C: 2 4 6 | D: 14 5 2; the first test (depth 2) is attacked,
    # the second (depth 1, cut off with evals) is answered honestly by most cases.
    tree = dict(FIG52)
    folder = write_assignment(
        tmp_path_factory.mktemp("hostile") / "assignment", {"fig52": tree},
        [{"name": "attacked", "tree": "trees/fig52.tree.json", "depth": 2, "points": 1},
         {"name": "honest", "tree": "trees/fig52.tree.json", "depth": 3, "points": 1}],
        name="hostile", entry="alphabeta",
    )
    text = (folder / "assignment.yaml").read_text()
    (folder / "assignment.yaml").write_text(text + "time_limit: 1.0\nmemory_mb: 200\n")
    return folder


@pytest.fixture(scope="module")
def listener() -> Iterator[int]:
    """A listener on the host's loopback that no sandbox should reach."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    yield server.getsockname()[1]
    server.close()


@pytest.fixture(autouse=True)
def own_tempdir(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A temporary folder for this test's sandboxes alone (other graders on the machine
    may come and go in the system's), with a short path: a Unix socket's path has a
    bound (108 bytes)."""
    folder = Path(tempfile.mkdtemp(prefix="h-", dir="/tmp"))
    monkeypatch.setenv("TMPDIR", str(folder))
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def isolated_locally() -> bool:
    return local_isolation()[0] == NAMESPACES


def submission(tmp_path: Path, case: Case, assignment: Path, port: int) -> Path:
    folder = tmp_path / case.name
    folder.mkdir()
    shutil.copy(CASES / f"{case.name}.py", folder / "agent.py")
    shutil.copy(CASES / "_good.py", folder / "_good.py")
    targets = {
        "golden": str(assignment / "golden" / "attacked.json"),
        "project": str(PROJECT),
        "package": str(PROJECT / "grader"),
        "port": port,
        "secret_var": SECRET_VAR,
        "marker": f"hostile-{case.name}-{os.getpid()}-{folder.parent.name}",
        "ipc_key": ipc_key(folder),
        "grader_pid": os.getpid(),
        "others": str(tmp_path),  # the submissions
        "copies": tempfile.gettempdir(),  # the sandboxes' working copies
    }
    (folder / "targets.json").write_text(json.dumps(targets))
    return folder


def fingerprint(*folders: Path) -> dict[str, str]:
    out = {}
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                out[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def leftover_containers() -> list[str]:
    """Sandbox containers of this grader process still on the engine."""
    import docker

    from grader.hosts.owners import OWNER_LABEL, owner_id

    client = docker.from_env()
    try:
        found = client.containers.list(all=True, filters={"label": f"{OWNER_LABEL}={owner_id()}"})
        return [c.name for c in found]
    finally:
        client.close()


def ipc_key(folder: Path) -> int:
    return random.Random(str(folder)).randrange(1 << 20, 1 << 30)


def temp_folders() -> set[Path]:
    """The sandboxes' folders of this process, in this test's temporary directory and in
    /tmp (where a harness that drops to nobody with limits only reaches its copy)."""
    places = {Path(tempfile.gettempdir()), Path("/tmp")}
    return {p for place in places for p in place.glob(f"grader-*-{os.getpid()}-*")} | set(
        Path(tempfile.gettempdir()).glob("grader-*"))


def leftover_processes(tag: str) -> list[str]:
    """Live processes whose command line holds ``tag`` (a sandbox folder's name)."""
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            args = cmdline.read_bytes().replace(b"\0", b" ").decode(errors="replace")
            state = (cmdline.parent / "stat").read_bytes().rsplit(b")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue  # ended while we looked
        if tag in args and state != b"Z":
            found.append(f"{cmdline.parent.name} {args}")
    return found


def leftover_traces(sub: Path) -> list[str]:
    """Files named by the case's marker in the machine's world-writable places, and
    System V IPC objects with its key."""
    targets = json.loads((sub / "targets.json").read_text())
    found = [f"{place}/{targets['marker']}" for place in WORLD_WRITABLE
             if os.path.lexists(f"{place}/{targets['marker']}")]
    for kind in ("shm", "msg", "sem"):
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/sysvipc/{kind}").read_text().splitlines()[1:]:
                if line.split() and line.split()[0] == str(targets["ipc_key"]):
                    found.append(f"System V {kind} {targets['ipc_key']}")
    return found


@pytest.mark.parametrize("sandbox", [
    "local", "local-limits-only", pytest.param("docker", marks=pytest.mark.docker)])
@pytest.mark.parametrize("case", ALL_CASES, ids=[c.name for c in ALL_CASES])
def test_hostile_case_gets_its_verdict(
    case: Case, sandbox: str, assignment: Path, listener: int, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest,
) -> None:
    if sandbox == "local-limits-only":
        if case.needs_isolation:
            pytest.skip("with limits only the local sandbox does not hold this case")
        request.getfixturevalue("without_bwrap")
        assert local_isolation()[0] == "limits only"
        if unreachable_python():
            pytest.skip(unreachable_python() or "")
        sandbox = "local"
    elif sandbox == "local" and case.needs_isolation and not isolated_locally():
        pytest.skip("the local sandbox holds this case only with its namespaces: "
                    + local_isolation()[1])
    monkeypatch.setenv(SECRET_VAR, "hunter2")
    before = fingerprint(PROJECT / "grader", PROJECT / "reference", assignment)
    folders = temp_folders()
    sub = submission(tmp_path, case, assignment, listener)
    report = grade_submission(submission=sub, assignment=assignment,
                              sandbox="docker" if sandbox == "docker" else "local")
    attacked, honest = report.tests
    shown = f"{attacked.status}: {attacked.message} | {attacked.detail}"
    assert attacked.status == case.status, shown
    assert case.says in (attacked.message or ""), shown
    assert honest.status == case.then, f"{honest.status}: {honest.message}"
    written = write_reports(report, tmp_path / "reports")  # whatever the case printed
    ET.parse(tmp_path / "reports" / "junit.xml")  # well-formed
    assert all(path.read_bytes().decode("utf-8") for path in written)
    assert fingerprint(PROJECT / "grader", PROJECT / "reference", assignment) == before
    assert leftover_processes(f"grader-local-{os.getpid()}-") == []
    assert leftover_traces(sub) == []
    assert temp_folders() <= folders, "a sandbox left its folder behind"
    assert report.isolation == ("container" if sandbox == "docker" else local_isolation()[0])
    if sandbox == "docker":
        assert leftover_containers() == []


@pytest.mark.slow
@pytest.mark.parametrize("sandbox", ["local", pytest.param("docker", marks=pytest.mark.docker)])
def test_a_batch_of_the_whole_corpus_finishes(
    sandbox: str, assignment: Path, listener: int, tmp_path: Path
) -> None:
    from grader.grading.batch import grade_batch

    subs = tmp_path / "subs"
    subs.mkdir()
    cases = [c for c in ALL_CASES
             if not c.needs_isolation or isolated_locally() or sandbox != "local"]
    for case in cases:
        submission(subs, case, assignment, listener)
    correct = PROJECT / "examples" / "alphabeta" / "correct.py"
    for i in range(2):
        shutil.copy(correct, subs / f"correct{i}.py")
    result = grade_batch(submissions=subs, assignment=assignment, out=tmp_path / "out",
                         jobs=2, sandbox="docker" if sandbox == "docker" else "local")
    by_name = {r.submission: r for r in result.reports}
    assert len(by_name) == len(cases) + 2
    for i in range(2):
        assert by_name[f"correct{i}"].score == by_name[f"correct{i}"].max_score
    for case in cases:
        assert by_name[case.name].tests[0].status == case.status, case.name
    rows = (tmp_path / "out" / "gradebook.csv").read_text().splitlines()
    assert len(rows) == len(cases) + 3  # a header and a row each
