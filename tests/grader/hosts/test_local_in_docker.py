"""The local sandbox run as root inside a container with Docker's default security (as a
Gradescope or CI container runs it): it isolates as promised, or the instructor modes
refuse to run student code and ``check`` says ``limits only``; this test shows which."""

from __future__ import annotations

import json
import shutil
import sys
import sysconfig
import textwrap
from pathlib import Path
from typing import Any

import pytest

import grader
from grader.hosts.image import OFFLINE_BASE, ONLINE_BASE, has_image
from tests.examples.tiny_assignment import FIG52, write_assignment

pytestmark = pytest.mark.docker
PROJECT = Path(grader.__file__).resolve().parents[1]

# A submission that looks for the grader's checkout; answers with minimax meanwhile.
SPY = textwrap.dedent('''
    import os


    def alphabeta(game, state, depth):
        print("SEES", sorted(os.listdir("/src")) if os.path.isdir("/src") else None)
        if game.is_terminal(state) or depth == 0:
            return game.evaluate(state, 0), None
        best = None
        for a in game.actions(state):
            v, _ = alphabeta(game, game.result(state, a), depth - 1)
            if best is None or (v > best[0] if game.to_move(state) == 0 else v < best[0]):
                best = (v, a)
        return best
''')

PROBE = textwrap.dedent('''
    import json, subprocess, sys
    from grader.hosts.isolation import local_isolation

    def grader(*args):
        done = subprocess.run([sys.executable, "-m", "grader.cli", *args],
                              capture_output=True, text=True)
        return {"code": done.returncode, "out": done.stdout, "err": done.stderr}

    level, why = local_isolation()
    print(json.dumps({
        "level": level, "why": why,
        "grade": grader("grade", "/t/subs", "-a", "/t/assignment", "-o", "/t/out"),
        "check": grader("check", "/t/subs/spy.py", "-a", "/t/assignment", "--json",
                        "--show-hidden"),
    }))
''')


def base_image(client: Any) -> str:
    for name in (OFFLINE_BASE, ONLINE_BASE):
        if has_image(client, name):
            return name
    pytest.fail(f"no Debian image with python3 here: run `grader sandbox build --offline` "
                f"(it makes {OFFLINE_BASE})")


@pytest.fixture(scope="module")
def inside(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    import docker

    if sys.version_info[:2] != (3, 11):
        pytest.skip("the container's python3 is 3.11; the grader's packages are built for "
                    f"{sys.version_info[0]}.{sys.version_info[1]}")
    bwrap = shutil.which("bwrap")
    work = tmp_path_factory.mktemp("in-docker")
    # A(max) -> B: 3 12 8 | C: 2 4 6 | D: 14 5 2
    write_assignment(work / "assignment", {"fig52": FIG52},
                     [{"name": "spy", "tree": "trees/fig52.tree.json", "depth": 2, "points": 1}],
                     name="in-docker", entry="alphabeta")
    (work / "subs").mkdir()
    (work / "subs" / "spy.py").write_text(SPY)
    (work / "probe.py").write_text(PROBE)
    volumes = {
        str(PROJECT): {"bind": "/src", "mode": "ro"},
        sysconfig.get_paths()["purelib"]: {"bind": "/deps", "mode": "ro"},
        str(work): {"bind": "/t", "mode": "rw"},
    }
    if bwrap is not None:  # the same bubblewrap as here: Debian's, linked to libs it has
        volumes[bwrap] = {"bind": "/usr/bin/bwrap", "mode": "ro"}
    client = docker.from_env()
    container = client.containers.create(
        base_image(client), ["python3", "/t/probe.py"], user="0", volumes=volumes,
        environment={"PYTHONPATH": "/src:/deps", "PYTHONDONTWRITEBYTECODE": "1"},
        network_mode="none", labels={"search-grader-test": "local-in-docker"},
    )
    try:
        container.start()
        status = container.wait(timeout=300)
        logs = container.logs(stdout=True, stderr=True).decode(errors="replace")
    finally:
        container.remove(force=True)
        client.close()
    assert status["StatusCode"] == 0, logs
    said: dict[str, Any] = json.loads(logs.strip().splitlines()[-1])
    said["bwrap"] = bwrap is not None
    said["work"] = str(work)
    return said


def test_in_a_default_container_the_local_sandbox_isolates_or_refuses(
    inside: dict[str, Any],
) -> None:
    grade, check = inside["grade"], inside["check"]
    report = json.loads(check["out"])
    if inside["level"] == "namespaces":  # isolated: student code runs and sees nothing
        assert grade["code"] == 0, grade
        assert report["isolation"] == "namespaces"
        assert "SEES None" in report["tests"][0]["output"]
        return
    # Docker's default seccomp profile and capabilities forbid the namespaces
    assert inside["level"] == "limits only"
    assert grade["code"] == 2, grade
    assert "cannot isolate student code" in grade["err"] and "--allow-limits-only" in grade["err"]
    assert not list((Path(inside["work"]) / "out").glob("submissions/*")), "nothing graded"
    assert report["isolation"] == "limits only"
    assert "isolation: limits only" in check["err"]
    if inside["bwrap"]:
        assert "bwrap could not make the namespaces" in inside["why"], inside["why"]
