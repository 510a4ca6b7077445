"""Instructor modes fail closed: on a machine where the local sandbox can only limit the
submission (here: one without bubblewrap), grade, ci and the Gradescope runner refuse to
run student code unless told to; the report and the terminal name the level."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from grader.cli import main
from grader.courses.gradescope import main as gradescope_main
from grader.hosts.base import RunRequest
from grader.hosts.cgroup import own_memory_cgroup
from grader.hosts.isolation import (
    LIMITS_ONLY,
    NAMESPACES,
    local_isolation,
    unreachable_python,
)
from grader.hosts.local import LocalSandbox
from grader.trees.tree import parse_tree
from sandboxes.confinement import seccomp_program
from tests.examples.tiny_assignment import FIG52, write_assignment

CORRECT = Path(__file__).resolve().parents[3] / "examples" / "alphabeta" / "correct.py"


@pytest.fixture
def assignment(tmp_path: Path) -> Path:
    # A(max) -> B: 3 12 8 | C: 2 4 6 | D: 14 5 2
    return write_assignment(
        tmp_path / "assignment", {"fig52": FIG52},
        [{"name": "fig52", "tree": "trees/fig52.tree.json", "depth": 2, "points": 1}],
        name="tiny", entry="alphabeta",
    )


@pytest.fixture
def subs(tmp_path: Path) -> Path:
    folder = tmp_path / "subs"
    folder.mkdir()
    (folder / "agent.py").write_text(CORRECT.read_text())
    return folder


def test_without_bwrap_the_level_is_limits_only(without_bwrap: None) -> None:
    level, why = local_isolation()
    assert level == LIMITS_ONLY
    assert "bubblewrap" in why


@pytest.mark.parametrize("command", ["grade", "ci"])
def test_instructor_modes_refuse_limits_only(
    command: str, without_bwrap: None, assignment: Path, subs: Path, tmp_path: Path
) -> None:
    args = (["grade", str(subs), "-a", str(assignment), "-o", str(tmp_path / "out")]
            if command == "grade" else
            ["ci", str(subs / "agent.py"), "-a", str(assignment),
             "--report-dir", str(tmp_path / "out")])
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert "cannot isolate student code" in result.output
    assert "--allow-limits-only" in result.output
    assert not (tmp_path / "out").exists(), "nothing ran, nothing was written"


def test_the_gradescope_runner_refuses_limits_only(
    without_bwrap: None, assignment: Path, subs: Path, tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    root = tmp_path / "autograder"
    (root / "source").mkdir(parents=True)
    os.symlink(assignment, root / "source" / "assignment")
    (root / "submission").mkdir()
    (root / "submission" / "agent.py").write_text(CORRECT.read_text())
    assert gradescope_main(["--root", str(root)]) == 2
    assert "--allow-limits-only" in capsys.readouterr().err
    assert not (root / "results" / "results.json").exists(), "no score rather than zero"


@pytest.mark.skipif(unreachable_python() is not None, reason=str(unreachable_python()))
def test_with_the_flag_grade_runs_and_says_limits_only(
    without_bwrap: None, assignment: Path, subs: Path, tmp_path: Path
) -> None:
    args = ["grade", str(subs), "-a", str(assignment), "-o", str(tmp_path / "out"),
            "--allow-limits-only"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert "isolation: limits only" in result.output
    report = (tmp_path / "out" / "submissions" / "agent" / "report.json").read_text()
    assert '"isolation": "limits only"' in report


@pytest.mark.skipif(local_isolation()[0] != NAMESPACES, reason=local_isolation()[1])
def test_where_namespaces_work_ci_says_nothing_of_isolation(
    assignment: Path, subs: Path, tmp_path: Path
) -> None:
    args = ["ci", str(subs / "agent.py"), "-a", str(assignment),
            "--report-dir", str(tmp_path / "out")]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert "isolation" not in result.output
    assert '"isolation": "namespaces"' in (tmp_path / "out" / "report.json").read_text()


@pytest.mark.parametrize("machine", ["x86_64", "aarch64"])
def test_the_seccomp_filter_fits_the_kernel_limit(machine: str) -> None:
    program = seccomp_program(machine)
    assert len(program) % 8 == 0
    assert 0 < len(program) // 8 <= 4096


@pytest.mark.skipif(os.geteuid() != 0 or own_memory_cgroup() is None,
                    reason="no memory cgroup for this grader to make one in (root only)")
def test_as_root_each_sandbox_has_a_memory_cgroup_of_its_own(tmp_path: Path) -> None:
    (tmp_path / "agent.py").write_text(
        "def alphabeta(game, state, depth):\n"
        "    hoard = bytearray(40 << 20)  # touched: pages the cgroup counts\n"
        "    return 3, game.actions(state)[0]\n")
    # A(max) -> B: 3 12 8 | C: 2 4 6 | D: 14 5 2
    request = RunRequest(test_name="t", tree=parse_tree(FIG52), entry="alphabeta", depth=2,
                         time_limit=30.0)
    with LocalSandbox(tmp_path, memory_mb=100) as box:
        assert box._cgroup is not None
        folder = box._cgroup.folder
        assert box.run(request).status == "ok"
        peak = next((folder / name).read_text() for name in
                    ("memory.max_usage_in_bytes", "memory.peak") if (folder / name).exists())
        assert int(peak) > 40 << 20
    assert not folder.exists(), "removed with the sandbox"
