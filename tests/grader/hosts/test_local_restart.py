"""A harness that ends before the next test (it crashed, it left a thread running, it ran
out of time) leaves no process for the machine's first process to reap: the next harness
starts at once, even where that process never reaps one (a container's first process
that is not an init), where it used to wait for the sandbox's pids cgroup to empty."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from grader.hosts import isolation

# A grader that is its descendants' reaper and never reaps (as PR_SET_CHILD_SUBREAPER
# makes it): a process of the sandbox's left to the machine's init would be its zombie.
# It runs one test three times in one local sandbox and says, after each run, the
# zombies it holds and the run's time.
GRADER = """
import ctypes, json, os, sys, time
from pathlib import Path
ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
from grader.hosts.base import RunRequest
from grader.hosts.local import LocalSandbox
from grader.trees.tree import parse_tree

def zombies():
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_bytes().rsplit(b")", 1)[1].split()
        except OSError:
            continue
        if fields[0] == b"Z" and int(fields[1]) == os.getpid():
            found.append(stat.parent.name)
    return found

tree = parse_tree({"format": "game-tree/1", "name": "t", "nested": [[3, 12], [2, 4]]})
request = RunRequest(test_name="t", tree=tree, entry="alphabeta", depth=2, time_limit=0.5)
box = LocalSandbox(Path(sys.argv[1]), memory_mb=256, cpu_s=30)
said = []
for _ in range(3):
    started = time.monotonic()
    result = box.run(request)
    said.append({"status": result.status, "message": result.message,
                 "seconds": round(time.monotonic() - started, 3), "zombies": zombies()})
box.close()
print(json.dumps(said))
"""

ENDINGS = {  # a submission whose every run ends its harness
    "crashed": "import os\ndef alphabeta(game, state, depth):\n    os._exit(3)\n",
    "left-a-thread": (
        "import threading, time\n"
        "def alphabeta(game, state, depth):\n"
        "    threading.Thread(target=time.sleep, args=(30,), daemon=True).start()\n"
        "    return 3, game.actions(state)[0]\n"
    ),
    "timed-out": "def alphabeta(game, state, depth):\n    while True:\n        pass\n",
}


@pytest.mark.skipif(isolation.local_isolation()[0] != isolation.NAMESPACES,
                    reason=isolation.local_isolation()[1])
@pytest.mark.parametrize("agent", list(ENDINGS.values()), ids=list(ENDINGS))
def test_a_harness_that_ended_leaves_no_process_to_the_machines_init(
    tmp_path: Path, agent: str
) -> None:
    submission = tmp_path / "submission"
    submission.mkdir()
    (submission / "agent.py").write_text(agent)
    done = subprocess.run([sys.executable, "-c", GRADER, str(submission)],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    runs = json.loads(done.stdout)
    assert all(run["status"] != "ok" for run in runs), runs  # each run ended its harness
    assert [run["zombies"] for run in runs] == [[], [], []], runs


FORKSERVER = """
import multiprocessing

def square(i):
    return i * i

KEPT = []

def alphabeta(game, state, depth):
    pool = multiprocessing.get_context("forkserver").Pool(2)
    assert sum(pool.map(square, range(10))) == 285
    if LEAVE_WORKERS:
        KEPT.append(pool)  # never collected: its workers run on
    else:
        pool.close()
        pool.join()
    return 3, game.actions(state)[0]
"""


@pytest.mark.parametrize(
    ("leave_workers", "expected"),
    [
        pytest.param(False, [("ok", None)] * 3, id="pool-closed-passes-every-test"),
        pytest.param(True, [("error", "left ")] * 3,  # the pool's threads, its workers
                     id="workers-left-are-leftovers"),
    ],
)
def test_a_forkserver_pool_is_judged_by_its_workers_not_its_server(
    tmp_path: Path, leave_workers: bool, expected: list[tuple[str, str | None]]
) -> None:
    # A(max) -> B(min): 3 12 | C(min): 2 4. The standard library keeps a forkserver
    # pool's server running after the pool has closed (as a spawn pool's resource
    # tracker): killed after each test, never counted, and started again by the next
    # pool (which used to fail inside multiprocessing, "No child processes")
    from grader.hosts import open_sandbox
    from grader.hosts.base import RunRequest
    from grader.trees.tree import parse_tree

    (tmp_path / "agent.py").write_text(f"LEAVE_WORKERS = {leave_workers}\n" + FORKSERVER)
    tree = parse_tree({"format": "game-tree/1", "name": "t", "nested": [[3, 12], [2, 4]]})
    request = RunRequest(test_name="t", tree=tree, entry="alphabeta", depth=2, time_limit=20)
    with open_sandbox("local", tmp_path, memory_mb=256, cpu_s=60) as box:
        results = [box.run(request) for _ in range(3)]
    said = [(r.status, r.message) for r in results]
    assert [(s, m if m is None else m[:len(e or "")]) for (s, m), (_, e) in
            zip(said, expected, strict=True)] == expected, said
