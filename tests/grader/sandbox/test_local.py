"""The local sandbox seen from inside: who the submission runs as, what it can see and
use, and that nothing of it is left once the sandbox is closed."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest

import grader
from grader.check import grade_submission
from tests.examples.tiny_assignment import FIG52, write_assignment

SPY = '''
import json, os, resource


def listing(path):
    try:
        return os.listdir(path)
    except OSError:
        return None  # not there at all: hidden as well


def alphabeta(game, state, depth):
    facts = {
        "uid": os.getuid(), "pid": os.getpid(), "cwd": os.getcwd(),
        "cwd_files": sorted(os.listdir(".")), "env": sorted(os.environ),
        "nproc": resource.getrlimit(resource.RLIMIT_NPROC)[0],
        "fsize": resource.getrlimit(resource.RLIMIT_FSIZE)[0],
        "nofile": resource.getrlimit(resource.RLIMIT_NOFILE)[0],
        "address_space": resource.getrlimit(resource.RLIMIT_AS)[0],
        "interfaces": [l.split(":")[0].strip() for l in open("/proc/net/dev").readlines()[2:]],
        "processes": sorted(int(p) for p in os.listdir("/proc") if p.isdigit()),
        "grader_visible": listing(GRADER),
    }
    print(json.dumps(facts))
    return 0, None
'''


@pytest.fixture(scope="module")
def facts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    base = tmp_path_factory.mktemp("local")
    folder = write_assignment(
        base / "assignment", {"fig52": FIG52},
        [{"name": "spy", "tree": "trees/fig52.tree.json", "depth": 2, "points": 1}],
    )
    agent = base / "agent.py"
    grader_dir = Path(grader.__file__).resolve().parent
    agent.write_text(f"GRADER = {str(grader_dir)!r}\n" + SPY)
    before = set(Path(tempfile.gettempdir()).glob("grader-local-*"))
    report = grade_submission(submission=agent, assignment=folder)
    after = set(Path(tempfile.gettempdir()).glob("grader-local-*"))
    (result,) = report.tests
    assert result.output, result.message
    data: dict[str, Any] = json.loads(result.output)
    data["left_behind"] = sorted(str(p) for p in after - before)
    return data


def test_the_environment_is_scrubbed(facts: dict[str, Any]) -> None:
    assert set(facts["env"]) <= {"PATH", "HOME", "LANG", "PYTHONDONTWRITEBYTECODE",
                                 "PYTHONUNBUFFERED", "LC_CTYPE", "PWD"}


def test_the_working_folder_holds_the_submission_alone(facts: dict[str, Any]) -> None:
    assert facts["cwd_files"] == ["agent.py"]


def test_limits_are_set_before_the_submission_runs(facts: dict[str, Any]) -> None:
    assert facts["nproc"] <= 64
    assert facts["fsize"] == 16 << 20
    assert facts["nofile"] == 64
    assert 0 < facts["address_space"] < 2 << 30


def test_nothing_is_left_behind(facts: dict[str, Any]) -> None:
    assert facts["left_behind"] == []


@pytest.mark.skipif(os.geteuid() != 0, reason="the local sandbox isolates only as root")
def test_as_root_the_submission_runs_as_nobody_in_its_own_namespaces(
    facts: dict[str, Any],
) -> None:
    assert facts["uid"] == 65534
    assert facts["pid"] == 1, "PID 1 of its own PID namespace"
    assert facts["processes"] == [1], "it sees no process but itself"
    assert facts["interfaces"] == ["lo"], "its own network namespace"
    assert not facts["grader_visible"], "the grader's package is hidden"
