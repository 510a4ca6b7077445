"""The local sandbox's cgroups: a pids cgroup bounds one sandbox's processes, so that two
sandboxes running at once (``--jobs 2``, a tournament) do not share one bound, as they
share ``RLIMIT_NPROC`` (counted per user, and every submission runs as the same one); a
cpu cgroup holds them to one core's worth together, as ``RLIMIT_CPU`` (per process)
does not."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from grader.hosts.base import RunRequest
from grader.hosts.cgroup import (
    CPUS,
    SandboxCgroup,
    own_cpu_cgroup,
    own_memory_cgroup,
    own_pids_cgroup,
)
from grader.hosts.local import PROCESSES, LocalSandbox
from grader.trees.tree import parse_tree

needs_cgroups = pytest.mark.skipif(
    os.geteuid() != 0 or own_memory_cgroup() is None or own_pids_cgroup() is None,
    reason="no memory and pids cgroups for this grader to make (root only)",
)
TREE = parse_tree({"format": "game-tree/1", "name": "fig52",
                   "nested": [[3, 12, 8], [2, 4, 6], [14, 5, 2]]})

# holds all but a few of the processes a sandbox may have for a few seconds (small
# stacks: the threads must not run into the address-space limit first)
HOARDER = """
import threading, time

threading.stack_size(1 << 16)


def alphabeta(game, state, depth):
    stop = threading.Event()
    held = [threading.Thread(target=stop.wait) for _ in range(HOLD)]
    for t in held:
        t.start()
    time.sleep(HOLD_S)
    stop.set()
    for t in held:
        t.join()
    return 3, "a1"
"""
# starts a few threads of its own: what any correct search may do
NEIGHBOUR = """
import threading

threading.stack_size(1 << 16)


def alphabeta(game, state, depth):
    done = []
    threads = [threading.Thread(target=done.append, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return 3, "a1" if len(done) == 8 else "a2"
"""


def submission(folder: Path, code: str) -> Path:
    folder.mkdir()
    (folder / "agent.py").write_text(code)
    return folder


@needs_cgroups
def test_a_sandbox_holding_its_processes_leaves_another_its_own(tmp_path: Path) -> None:
    hold = PROCESSES - 3
    hoarder = submission(tmp_path / "hoarder", f"HOLD = {hold}\nHOLD_S = 4\n" + HOARDER)
    neighbour = submission(tmp_path / "neighbour", NEIGHBOUR)
    request = RunRequest(test_name="t", tree=TREE, entry="alphabeta", depth=2, time_limit=30)
    results = {}
    with LocalSandbox(hoarder, memory_mb=256, cpu_s=60) as first, \
            LocalSandbox(neighbour, memory_mb=256, cpu_s=60) as second:
        assert first._cgroup is not None and first._cgroup.pids is not None
        held = first._cgroup.pids / "pids.current"
        thread = threading.Thread(target=lambda: results.update(first=first.run(request)))
        thread.start()
        deadline = time.monotonic() + 20
        while int(held.read_text()) < hold and time.monotonic() < deadline:
            time.sleep(0.01)
        assert int(held.read_text()) >= hold  # the hoarder holds them now
        results["second"] = second.run(request)
        assert int(held.read_text()) >= hold  # and still held them meanwhile
        thread.join(30)
    assert (results["second"].status, results["second"].action) == ("ok", "a1"), (
        results["second"].message)
    assert results["first"].status == "ok", results["first"].message


@needs_cgroups
def test_the_pids_cgroup_is_made_with_the_bound_and_removed(tmp_path: Path) -> None:
    cgroup = SandboxCgroup.make(64 << 20, owner=f"{os.getpid()}-0", processes=PROCESSES)
    assert cgroup is not None and cgroup.pids is not None
    try:
        assert (cgroup.pids / "pids.max").read_text().strip() == str(PROCESSES)
    finally:
        cgroup.remove()
    assert not cgroup.pids.exists() and not cgroup.folder.exists()


# fills its cap with processes that spin, then spins itself past the time limit
FORK_BOMB = """
import os


def alphabeta(game, state, depth):
    while True:
        try:
            if os.fork() == 0:
                while True:
                    pass
        except OSError:
            pass
"""


@needs_cgroups
def test_after_a_fork_bomb_the_next_test_starts_afresh(tmp_path: Path) -> None:
    """Its processes, killed, still count against the cap for a moment: the next
    harness waits for them to go, or its start would be the grader's fault."""
    bomb = submission(tmp_path / "bomb", FORK_BOMB)
    request = RunRequest(test_name="t", tree=TREE, entry="alphabeta", depth=2, time_limit=1)
    with LocalSandbox(bomb, memory_mb=256, cpu_s=60) as box:
        statuses = [box.run(request).status for _ in range(3)]
    assert statuses == ["timeout"] * 3  # the student's, every time; never sandbox_error


# three processes that each burn 0.3 s of CPU time at once, then the answer
CPU_HOG = """
import os, time


def alphabeta(game, state, depth):
    children = []
    for _ in range(3):
        pid = os.fork()
        if pid == 0:
            while time.process_time() < 0.3:
                pass
            os._exit(0)
        children.append(pid)
    for pid in children:
        os.waitpid(pid, 0)
    return 3, "a1"
"""


@pytest.mark.skipif(
    os.geteuid() != 0 or own_memory_cgroup() is None or own_cpu_cgroup() is None
    or (os.cpu_count() or 1) < 2,
    reason="no cpu cgroup for this grader to make (root only), or one core: nothing to hold",
)
def test_a_sandbox_busy_on_every_core_gets_one_cores_worth(tmp_path: Path) -> None:
    hog = submission(tmp_path / "hog", CPU_HOG)
    request = RunRequest(test_name="t", tree=TREE, entry="alphabeta", depth=2, time_limit=30)
    with LocalSandbox(hog, memory_mb=256, cpu_s=60) as box:
        assert box._cgroup is not None and box._cgroup.cpu is not None
        result = box.run(request)
        stat = dict(line.split() for line in (box._cgroup.cpu / "cpu.stat").read_text()
                    .splitlines())
    assert result.status == "ok", result.message
    # 0.9 s of CPU time on one core's worth takes 0.9 s at least (on two free cores, 0.45)
    assert result.time_s >= 0.8 / CPUS, result.time_s
    assert int(stat["nr_throttled"]) > 0, stat
