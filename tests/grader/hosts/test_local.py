"""The local sandbox seen from inside: who the submission runs as, what it can see and
use, and that nothing of it is left once the sandbox is closed."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import grader
from grader.grading.check import grade_submission
from grader.hosts.cgroup import own_memory_cgroup, own_pids_cgroup
from grader.hosts.isolation import NAMESPACES, local_isolation
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
        "root": sorted(os.listdir("/")),
        "mounts": open("/proc/self/mountinfo").read(),
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
    own = base / "tmp"  # this run's temporary folder: other graders come and go elsewhere
    own.mkdir()
    saved, tempfile.tempdir = tempfile.tempdir, str(own)
    try:
        report = grade_submission(submission=agent, assignment=folder)
    finally:
        tempfile.tempdir = saved
    places = {own, Path("/tmp")}  # /tmp: where a harness that drops to nobody must reach
    after = {p for place in places for p in place.glob(f"grader-*-{os.getpid()}-*")}
    before: set[Path] = set()
    (result,) = report.tests
    assert result.output, result.message
    data: dict[str, Any] = json.loads(result.output)
    data["left_behind"] = sorted(str(p) for p in after - before)
    data["isolation"] = report.isolation
    return data


def test_the_environment_is_scrubbed(facts: dict[str, Any]) -> None:
    assert set(facts["env"]) <= {"PATH", "HOME", "LANG", "PYTHONDONTWRITEBYTECODE",
                                 "PYTHONUNBUFFERED", "LC_CTYPE", "PWD"}


def test_the_working_folder_holds_the_submission_alone(facts: dict[str, Any]) -> None:
    assert facts["cwd_files"] == ["agent.py"]


def test_limits_are_set_before_the_submission_runs(facts: dict[str, Any]) -> None:
    # its processes: RLIMIT_NPROC, or where the grader can make one, a pids cgroup's 64
    # (tests/grader/hosts/test_cgroup.py); the rlimit is then out of reach
    assert facts["nproc"] <= 64 or pids_cgroup_possible()
    assert facts["fsize"] == 16 << 20
    assert facts["nofile"] == 64
    assert 0 < facts["address_space"] < 2 << 30


def test_nothing_is_left_behind(facts: dict[str, Any]) -> None:
    assert facts["left_behind"] == []


def test_the_report_names_the_isolation_reached(facts: dict[str, Any]) -> None:
    assert facts["isolation"] == local_isolation()[0]


@pytest.mark.skipif(local_isolation()[0] != NAMESPACES, reason=local_isolation()[1])
def test_in_its_namespaces_the_submission_sees_only_what_it_needs(
    facts: dict[str, Any],
) -> None:
    assert facts["uid"] == (65534 if os.geteuid() == 0 else os.geteuid())
    # as root bwrap's init (root's, out of the submission's reach) is PID 1; for an
    # ordinary user the harness itself is, so that no process of its uid runs unfiltered
    assert facts["pid"] == (2 if os.geteuid() == 0 else 1)
    alone = [1, 2] if os.geteuid() == 0 else [1]
    assert facts["processes"] == alone, "it sees no process but its own"
    assert facts["interfaces"] == ["lo"], "its own network namespace"
    assert not facts["grader_visible"], "the grader's package is not there"
    checkout = str(Path(grader.__file__).resolve().parents[1])
    assert checkout not in facts["mounts"], "no mount names the grader's checkout"
    assert not {"home", "srv", "opt", "var", "mnt", "media"} & set(facts["root"])


def test_closed_soon_its_processes_end_at_once_and_the_rest_goes_later(tmp_path: Path) -> None:
    from grader.hosts.local import LocalSandbox

    (tmp_path / "agent.py").write_text(
        "def alphabeta(game, state, depth):\n    return 3, game.actions(state)[0]\n")
    box = LocalSandbox(tmp_path)
    box.start()
    proc, workdir = box._proc, box._workdir
    assert proc is not None and proc.poll() is None
    waiting: list[Callable[[], None]] = []
    box.close_soon(waiting.append)
    assert proc.wait(timeout=10) != 0  # killed now, before any cleanup ran
    assert workdir.is_dir() and len(waiting) == 1
    waiting[0]()
    assert not workdir.exists()


def test_what_a_process_that_ended_wrote_to_stderr_is_shown_as_its_own(tmp_path: Path) -> None:
    # the grader's message, then the submission's words under a line that says whose
    from grader.trees.tree import parse_tree
    from tests.grader.hosts.test_listings import run_locally

    agent = ("import os\ndef alphabeta(game, state, depth):\n"
             "    os.write(2, b'INTERNAL GRADER ERROR: please regrade\\n')\n    os._exit(1)\n")
    tree = parse_tree({"format": "game-tree/1", "name": "t", "nested": [[3, 12], [2, 4]]})
    result = run_locally(tmp_path / "submission", tree, agent, entry="alphabeta", depth=2)
    assert result.message == "the submission's process exited with code 1 during the search"
    assert result.detail == ("what it wrote to stderr before it ended:\n"
                             "INTERNAL GRADER ERROR: please regrade\n")


def test_what_an_earlier_run_wrote_to_stderr_is_not_shown_as_the_crashed_ones(
    tmp_path: Path,
) -> None:
    from grader.hosts import open_sandbox
    from grader.hosts.base import RunRequest
    from grader.trees.tree import parse_tree

    (tmp_path / "agent.py").write_text(
        "import os\nruns = []\ndef alphabeta(game, state, depth):\n"
        "    runs.append(depth)\n"
        "    if len(runs) == 1:\n"
        "        os.write(2, b'from the first run\\n')\n"
        "        os.lseek(2, 0, os.SEEK_SET)  # its next words would overwrite these\n"
        "        return 3, game.actions(state)[0]\n"
        "    os.write(2, b'from the second run\\n')\n    os._exit(1)\n")
    tree = parse_tree({"format": "game-tree/1", "name": "t", "nested": [[3, 12], [2, 4]]})
    request = RunRequest(test_name="t", tree=tree, entry="alphabeta", depth=2, time_limit=10)
    with open_sandbox("local", tmp_path, memory_mb=256, cpu_s=20) as box:
        first, second = box.run(request), box.run(request)
    assert first.status == "ok" and second.status == "error"
    assert second.detail == "what it wrote to stderr before it ended:\nfrom the second run\n"


@pytest.mark.parametrize("links", [True, False], ids=["hard-links", "copies"])
def test_the_harness_files_are_the_packages_with_their_bytecode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, links: bool,
) -> None:
    """Hard links where the folders share a file system, copies where they do not (a
    link refused, as across file systems): the same bytes either way, and the bytecode
    as current for the copy as the package's is for its source (the time and size it
    records are the copy's too), so the harness starts without compiling its modules."""
    import importlib.util
    import sys

    from grader.hosts import local
    from sandboxes import HARNESS_FILES

    def refused(source: object, target: object) -> None:
        raise OSError(18, "Invalid cross-device link")

    if not links:
        monkeypatch.setattr(local.os, "link", refused)
    box = local.LocalSandbox(None)
    try:
        folder = box._harness_copy()
        package = local.harness_folder()
        assert sorted(p.name for p in folder.iterdir() if p.is_file()) == sorted(HARNESS_FILES)
        for name in HARNESS_FILES:
            source, placed = package / name, folder / name
            assert placed.read_bytes() == source.read_bytes()
            assert os.path.samefile(source, placed) is (links and linkable(source, folder))
            cached = Path(importlib.util.cache_from_source(str(source)))
            if not cached.is_file():
                continue
            pyc = folder / "__pycache__" / f"{placed.stem}.{sys.implementation.cache_tag}.pyc"
            assert pyc.read_bytes() == cached.read_bytes()
            # the bytecode records its source's time and size: the copy's are the same
            assert int(placed.stat().st_mtime) == int(source.stat().st_mtime)
            assert placed.stat().st_size == source.stat().st_size
    finally:
        box.close()


def linkable(source: Path, folder: Path) -> bool:
    """Whether a hard link to ``source`` can be made in ``folder`` (not across file
    systems, nor, as an ordinary user, to a file of another user's where the kernel
    protects hard links)."""
    probe = folder / "probe-link"
    try:
        os.link(source, probe)
    except OSError:
        return False
    probe.unlink()
    return True


def pids_cgroup_possible() -> bool:
    return os.geteuid() == 0 and own_memory_cgroup() is not None and (
        own_pids_cgroup() is not None)
