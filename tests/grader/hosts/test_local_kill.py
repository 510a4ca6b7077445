"""A grader killed outright (SIGKILL: a CI time-out, the OOM killer) leaves nothing running
and the next grader removes its folders; in both of the local sandbox's levels."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from grader.hosts import isolation
from tests.examples.tiny_assignment import FIG52, write_assignment

SPIN = "def alphabeta(game, state, depth):\n    while True:\n        pass\n"
GRACE_S = 2.0


@pytest.fixture(scope="module")
def assignment(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # A(max) -> B: 3 12 8 | C: 2 4 6 | D: 14 5 2, with time enough to be killed mid-run
    folder = write_assignment(
        tmp_path_factory.mktemp("kill") / "assignment", {"fig52": FIG52},
        [{"name": "spin", "tree": "trees/fig52.tree.json", "depth": 2, "points": 1}],
        name="kill", entry="alphabeta",
    )
    text = (folder / "assignment.yaml").read_text()
    (folder / "assignment.yaml").write_text(text + "time_limit: 60.0\n")
    return folder


@pytest.fixture(params=["namespaces", "limits only"])
def level(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[dict[str, str]]:
    """The environment of a grader at that level: its own TMPDIR (where user nobody may
    pass, as the system's is); no bwrap on the PATH for limits only (a machine without
    bubblewrap)."""
    tmp = Path(tempfile.mkdtemp(prefix="kill-test-", dir="/tmp"))
    tmp.chmod(0o711)
    env = dict(os.environ, TMPDIR=str(tmp))
    if request.param == "namespaces":
        if isolation.local_isolation()[0] != isolation.NAMESPACES:
            pytest.skip(isolation.local_isolation()[1])
    elif isolation.unreachable_python():
        pytest.skip(isolation.unreachable_python() or "")
    else:
        bin_dir = tmp_path / "bin"
        bin_dir.mkdir()
        (bin_dir / "python3").symlink_to(sys.executable)
        env["PATH"] = str(bin_dir)
    yield env
    shutil.rmtree(tmp, ignore_errors=True)


def processes_naming(text: str) -> list[str]:
    """Live processes whose command line holds ``text``."""
    found = []
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            args = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            state = (entry / "stat").read_bytes().rsplit(b")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        if text in args and state != b"Z":
            found.append(f"{entry.name}: {args}")
    return found


def grader_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "grader.cli", *args]


def wait_for(condition: object, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if callable(condition) and condition():
            return True
        time.sleep(0.05)
    return False


@pytest.mark.parametrize("command", ["check", "grade"])
def test_a_grader_killed_mid_run_leaves_nothing(
    command: str, level: dict[str, str], assignment: Path, tmp_path: Path
) -> None:
    subs = tmp_path / "subs"
    subs.mkdir()
    for name in ("one", "two"):
        (subs / f"{name}.py").write_text(SPIN)
    tmp = level["TMPDIR"]
    if command == "check":
        args = grader_command("check", str(subs / "one.py"), "-a", str(assignment))
    else:
        args = grader_command("grade", str(subs), "-a", str(assignment), "-o",
                              str(tmp_path / "out"), "--jobs", "2", "--allow-limits-only")
    said = open(tmp_path / "said.txt", "wb")  # noqa: SIM115
    grader = subprocess.Popen(args, env=level, stdout=said, stderr=said, cwd=tmp_path)
    try:
        harnesses = 1 if command == "check" else 2
        started = wait_for(lambda: len([p for p in processes_naming(tmp)
                                        if "harness.py" in p and "bwrap" not in p])
                           >= harnesses, 60)
        assert started, f"the harnesses did not start: {processes_naming(tmp)}"
        time.sleep(0.3)  # mid-run: the submissions spin
        grader.send_signal(signal.SIGKILL)
    finally:
        grader.kill()
        grader.wait()
        said.close()
    assert wait_for(lambda: not processes_naming(tmp), GRACE_S), processes_naming(tmp)
    left = sorted(p.name for p in Path(tmp).glob("grader-*"))
    assert left, (tmp_path / "said.txt").read_text()
    sweep = ("from grader.hosts.isolation import sweep_dead_folders; "
             "print(len(sweep_dead_folders()))")
    done = subprocess.run([sys.executable, "-c", sweep], env=level, capture_output=True,
                          text=True, check=True)
    assert int(done.stdout) == len(left)
    assert list(Path(tmp).glob("grader-*")) == []


def test_the_next_start_keeps_folders_of_a_live_grader(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    mine = isolation.owned_folder("local")
    stranger = tmp_path / "grader-local-1-1-abc"  # PID 1 started at another time
    stranger.mkdir()
    isolation.sweep_dead_folders.cache_clear()
    try:
        removed = isolation.sweep_dead_folders()
    finally:
        isolation.sweep_dead_folders.cache_clear()
    assert stranger in removed
    assert mine.is_dir()
