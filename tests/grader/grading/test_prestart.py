"""A check whose sandbox starts before the assignment is loaded: the harness boots
early, but takes its limits (and so confines itself) only at the first run, and the
report is the one the usual check gives."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from grader.grading.batch import grade_batch
from grader.grading.check import grade_submission
from grader.grading.prestart import EarlySandboxes, check_started_early, early_batch_sandboxes
from grader.hosts.base import RunRequest, Sandbox
from grader.hosts.docker import DockerSandbox
from grader.hosts.kinds import SandboxKind
from grader.hosts.local import LocalSandbox, harness_path
from grader.hosts.owners import OWNER_FILE, OWNER_LABEL, WORKDIR_PREFIX, owner_id
from grader.trees.tree import parse_tree
from sandboxes.harness import CONFINEMENT_FAILED
from tests.examples.tiny_assignment import FIG52
from tests.grader.grading.test_batch import containers_of, wait_for

ROOT = Path(__file__).resolve().parents[3]
HOG = '''
def alphabeta(game, state, depth):
    hoard = bytearray(LIMIT_MB << 20)  # more than the limit sent to the harness
    return len(hoard), game.actions(state)[0]
'''


KINDS = [pytest.param("local", id="local"),
         pytest.param("docker", id="docker", marks=pytest.mark.docker)]


@pytest.mark.parametrize("kind", KINDS)
def test_an_early_check_reports_what_the_usual_check_reports(kind: SandboxKind) -> None:
    submission = ROOT / "examples" / "alphabeta" / "no_pruning.py"  # fails some tests
    ready, early = check_started_early(submission=submission, assignment="alphabeta",
                                       sandbox=kind)
    usual = grade_submission(submission=submission, assignment=ready, sandbox=kind)
    assert [(t.name, t.status, t.score) for t in early.tests] == [
        (t.name, t.status, t.score) for t in usual.tests
    ]
    assert early.isolation == usual.isolation
    assert not early.all_passed


@pytest.mark.parametrize("kind", KINDS)
def test_a_sandbox_started_early_confines_its_harness_with_the_limits_taken_later(
    tmp_path: Path, kind: SandboxKind
) -> None:
    # the limit given at take() is the one the run meets, not the default of the start
    folder = tmp_path / "submission"
    folder.mkdir()
    (folder / "agent.py").write_text("LIMIT_MB = 120\n" + HOG)
    tree = parse_tree(FIG52)
    opened = LocalSandbox if kind == "local" else DockerSandbox
    with opened(None) as box:
        box.start()
        box.take(folder, memory_mb=64, cpu_s=10)
        result = box.run(RunRequest(test_name="hog", tree=tree, entry="alphabeta", depth=1,
                                    time_limit=10.0, memory_mb=64))
    assert result.status == "memory", result.message
    with opened(None) as box:
        box.start()
        box.take(folder, memory_mb=256, cpu_s=10)
        result = box.run(RunRequest(test_name="hog", tree=tree, entry="alphabeta", depth=1,
                                    time_limit=10.0))
    assert result.status == "ok", result.message


@pytest.mark.parametrize(
    "first_line",
    [
        pytest.param(b"", id="the-grader-gone"),
        pytest.param(b'{"op": "run"}\n', id="not-limits"),
        pytest.param(b'{"op": "limits", "memory_mb": "lots", "cpu_s": 1, "processes": 1}\n',
                     id="limits-not-numbers"),
        pytest.param(b"not json\n", id="not-json"),
    ],
)
def test_a_harness_awaiting_its_limits_runs_nothing_on_anything_else(
    tmp_path: Path, first_line: bytes
) -> None:
    (tmp_path / "agent.py").write_text("open('imported', 'w').close()\n")
    to_child, from_us = os.pipe()
    from_child, to_us = os.pipe()
    child = subprocess.Popen(
        [sys.executable, "-I", "-S", str(harness_path()), "--submission", str(tmp_path),
         "--fds", str(to_child), str(to_us), "--await-limits", "--ready"],
        pass_fds=(to_child, to_us), cwd=tmp_path, stderr=subprocess.PIPE,
    )
    os.close(to_child)
    os.close(to_us)
    os.write(from_us, first_line)
    os.close(from_us)
    _, stderr = child.communicate(timeout=30)
    said = os.read(from_child, 4096)
    os.close(from_child)
    assert child.returncode == CONFINEMENT_FAILED, stderr
    assert said == b""  # never ready
    assert b"expected the grader's limits" in stderr
    assert not (tmp_path / "imported").exists()


# --- a batch's first containers --------------------------------------------------------


class _Recorded:
    """The real early sandboxes, and what each ``take`` handed out."""

    def __init__(self, early: EarlySandboxes) -> None:
        self.early = early
        self.given: list[str] = []

    def take(self, kind: SandboxKind, folder: Path, *, memory_mb: int, cpu_s: float
             ) -> Sandbox | None:
        box = self.early.take(kind, folder, memory_mb=memory_mb, cpu_s=cpu_s)
        if box is not None:
            assert isinstance(box, DockerSandbox) and box._name is not None
            self.given.append(box._name)  # its container, already started
        return box


def _submissions(folder: Path) -> Path:
    folder.mkdir()
    for name in ("correct", "no_pruning", "prune_wrong_condition"):
        shutil.copyfile(ROOT / "examples" / "alphabeta" / f"{name}.py", folder / f"{name}.py")
    return folder


@pytest.mark.docker
def test_a_batch_takes_its_first_containers_started_early_one_per_submission(
    tmp_path: Path,
) -> None:
    folder = _submissions(tmp_path / "in")
    with early_batch_sandboxes(submissions=folder, jobs=2, sandbox="docker",
                               cluster=None) as early:
        assert isinstance(early, EarlySandboxes)
        recorded = _Recorded(early)
        result = grade_batch(submissions=folder, assignment="alphabeta", out=tmp_path / "a",
                             jobs=2, sandbox="docker", prestarted=recorded)
    usual = grade_batch(submissions=folder, assignment="alphabeta", out=tmp_path / "b",
                        jobs=2, sandbox="docker")
    assert len(recorded.given) == len(set(recorded.given)) == 2  # two of the three
    assert [(r.submission, [(t.name, t.status, t.score) for t in r.tests])
            for r in result.reports] == [
        (r.submission, [(t.name, t.status, t.score) for t in r.tests]) for r in usual.reports]
    assert not _containers_of_this_process()


@pytest.mark.docker
def test_containers_started_early_and_never_taken_are_removed(tmp_path: Path) -> None:
    folder = _submissions(tmp_path / "in")
    with early_batch_sandboxes(submissions=folder, jobs=2, sandbox="docker",
                               cluster=None) as early:
        assert early is not None
        time.sleep(0.5)  # the first is started, the second perhaps on its way
    assert not _containers_of_this_process()
    assert not [f for f in Path(tempfile.gettempdir()).glob(f"{WORKDIR_PREFIX}*/{OWNER_FILE}")
                if f.read_text() == owner_id()]  # nor their folders


@pytest.mark.parametrize(
    ("sandbox", "cluster", "files"),
    [
        pytest.param("local", None, 2, id="local"),  # its harness starts in a moment anyway
        pytest.param("docker", "local:1", 2, id="on-a-cluster"),  # its workers start theirs
        pytest.param("docker", None, 0, id="no-submission"),
    ],
)
def test_no_container_is_started_early_where_none_would_be_taken(
    tmp_path: Path, sandbox: SandboxKind, cluster: str | None, files: int
) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / ".hidden.py").write_text("")  # never a submission
    for i in range(files):
        (folder / f"s{i}.py").write_text("")
    with early_batch_sandboxes(submissions=folder, jobs=2, sandbox=sandbox,
                               cluster=cluster) as early:
        assert early is None


def _containers_of_this_process() -> list[str]:
    from grader.hosts.docker import shared_engine

    return [c["Id"] for c in shared_engine().containers(f"{OWNER_LABEL}={owner_id()}")]


@pytest.mark.docker
def test_sigterm_as_soon_as_a_container_is_started_leaves_none(tmp_path: Path) -> None:
    # the first container starts while the grader loads, before the batch's own handlers:
    # SIGTERM then, or a moment later, ends the batch with nothing left behind either way
    folder = _submissions(tmp_path / "in")
    proc = subprocess.Popen(
        [sys.executable, "-m", "grader.cli", "grade", str(folder), "-a", "alphabeta", "-o",
         str(tmp_path / "out"), "--sandbox", "docker", "--jobs", "2"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    try:
        wait_for(lambda: containers_of(proc.pid), 60)
        proc.send_signal(signal.SIGTERM)
        _, stderr = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 128 + signal.SIGTERM, stderr
    assert containers_of(proc.pid) == []
