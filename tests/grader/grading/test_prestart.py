"""A check whose sandbox starts before the assignment is loaded: the harness boots
early, but takes its limits (and so confines itself) only at the first run, and the
report is the one the usual check gives."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from grader.grading.check import grade_submission
from grader.grading.prestart import check_started_early
from grader.hosts.base import RunRequest
from grader.hosts.docker import DockerSandbox
from grader.hosts.kinds import SandboxKind
from grader.hosts.local import LocalSandbox, harness_path
from grader.trees.tree import parse_tree
from sandboxes.harness import CONFINEMENT_FAILED
from tests.examples.tiny_assignment import FIG52

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
