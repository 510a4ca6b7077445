"""The student kit installs from its own files into a fresh virtual environment, as an
ordinary user, and checks a correct and a buggy agent there; its workflow runs the same
steps. Nothing of this repository is on the student's path: the grader comes from the
kit's wheel, its dependencies from the package index.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import yaml

from grader.authoring.assignment import load_assignment
from grader.courses.kit import WORKFLOW, build_kit
from tests.conftest import world_folder

REPO = Path(__file__).resolve().parents[3]
Run = Callable[..., subprocess.CompletedProcess[str]]

pytestmark = pytest.mark.slow


def _as_student() -> list[str]:
    """The prefix that runs a command as an ordinary user (``nobody`` when we are root)."""
    if os.geteuid() != 0:
        return []
    runuser = shutil.which("runuser")
    if runuser is None:
        pytest.fail("running as root, and no runuser to become an ordinary user")
    return [runuser, "-u", "nobody", "--"]


def _python() -> str:
    """An interpreter an ordinary user can run (root's own may sit in a private home)."""
    if os.geteuid() != 0:
        return sys.executable
    for candidate in ("/usr/bin/python3", sys.executable):
        probe = subprocess.run([*_as_student(), candidate, "-c", "import venv, ensurepip"],
                               capture_output=True)
        if probe.returncode == 0:
            return candidate
    pytest.fail("no Python with venv and ensurepip that an ordinary user can run")


@pytest.fixture(scope="module")
def installed() -> Iterator[tuple[Path, Run]]:
    """A kit of the built-in alpha-beta assignment, and a runner of commands inside it with
    the grader installed from the kit's wheel into a fresh venv owned by the student."""
    base = world_folder("grader-student-")
    kit = base / "kit"
    build_kit(assignment="alphabeta", out=kit)
    kit.chmod(0o777)  # the student's own folder: the workflow writes its reports there
    home = base / "home"
    home.mkdir(mode=0o777)
    home.chmod(0o777)
    venv = base / "venv"
    env = {
        "PATH": f"{venv / 'bin'}{os.pathsep}/usr/bin:/bin",
        "HOME": str(home),
        "PIP_CACHE_DIR": str(home / "pip-cache"),
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
        "LANG": "C.UTF-8",
    }
    for name in ("PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "PIP_CONFIG_FILE"):
        if name in os.environ:
            env[name] = os.environ[name]

    def run(*command: str, extra: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*_as_student(), *command], cwd=kit, env={**env, **(extra or {})},
            capture_output=True, text=True, timeout=600,
        )

    made = run(_python(), "-m", "venv", str(venv))
    assert made.returncode == 0, made.stderr
    yield kit, run
    shutil.rmtree(base, ignore_errors=True)


def test_kit_installs_and_checks_a_correct_agent(installed: tuple[Path, Run]) -> None:
    kit, run = installed
    readme = (kit / "README.md").read_text()
    install = next(line for line in readme.splitlines() if "pip install" in line)
    done = run("bash", "-ec", install)
    assert done.returncode == 0, done.stdout + done.stderr
    where = run("python", "-c", "import grader, sys; print(grader.__file__)")
    assert where.returncode == 0 and not where.stdout.startswith(str(REPO)), where.stdout
    assert run("python", "-c", "import reference.alphabeta").returncode != 0  # no search
    assert run("python", "-c", "import reference.algorithms").returncode == 0  # the registry
    shutil.copy(REPO / "examples" / "alphabeta" / "correct.py", kit / "mine.py")
    (kit / "mine.py").chmod(0o644)
    checked = run("grader", "check", "mine.py", "-a", "assignment", "--json")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    report = json.loads(checked.stdout)
    assert report["score"] == report["max_score"] > 0


def test_kit_names_a_buggy_agents_mistake(installed: tuple[Path, Run]) -> None:
    kit, run = installed
    if run("grader", "--version").returncode != 0:
        run("bash", "-ec", next(line for line in (kit / "README.md").read_text().splitlines()
                                if "pip install" in line))
    shutil.copy(REPO / "examples" / "alphabeta" / "no_pruning.py", kit / "buggy.py")
    (kit / "buggy.py").chmod(0o644)
    checked = run("grader", "check", "buggy.py", "-a", "assignment")
    assert checked.returncode == 1, checked.stdout + checked.stderr
    assert "Known mistake" in checked.stdout, checked.stdout
    assert "Traceback" not in checked.stdout + checked.stderr


def test_kit_workflow_runs_the_same_steps(installed: tuple[Path, Run]) -> None:
    """The workflow's own install and grade steps, run as GitHub's runner would (local
    sandbox: this runner has no engine for the student)."""
    kit, run = installed
    job = yaml.safe_load((kit / WORKFLOW).read_text())["jobs"]["grade"]
    steps = {s.get("name"): s.get("run") for s in job["steps"]}
    shutil.copy(REPO / "examples" / "alphabeta" / "correct.py", kit / "agent.py")
    (kit / "agent.py").chmod(0o644)
    summary = kit / "summary.md"
    env = {**{k: str(v) for k, v in job["env"].items()}, "GRADER_SANDBOX": "local",
           "GITHUB_STEP_SUMMARY": str(summary)}
    for name in ("Install the grader", "Grade"):
        done = run("bash", "-ec", steps[name], extra=env)
        assert done.returncode == 0, f"{name}: {done.stdout}{done.stderr}"
    spec = load_assignment("alphabeta").spec
    total = sum(t.points for t in spec.tests if t.visibility == "visible")
    assert f"Points {total:g}/{total:g}" in done.stdout, done.stdout
    assert (kit / "grader-reports" / "junit.xml").is_file()


def test_kit_grader_lists_every_command_and_refuses_the_full_graders(
    installed: tuple[Path, Run],
) -> None:
    kit, run = installed
    if run("grader", "--version").returncode != 0:
        run("bash", "-ec", next(line for line in (kit / "README.md").read_text().splitlines()
                                if "pip install" in line))
    shown = run("grader", "--help")
    assert shown.returncode == 0, shown.stdout + shown.stderr
    assert "check" in shown.stdout and "(needs the full grader)" in shown.stdout
    for command in (["build", "-a", "assignment"], ["tree", "show", "x"],
                    ["kit", "-a", "alphabeta", "-o", "new-kit"]):
        refused = run("grader", *command)
        assert refused.returncode == 2, refused.stdout + refused.stderr
        assert f"`grader {command[0]}` needs the full grader" in refused.stderr
        assert "Traceback" not in refused.stdout + refused.stderr
