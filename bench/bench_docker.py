"""What the docker sandbox costs against the local one.

Run ``python bench/bench_docker.py`` (``--help`` for sizes and repeats) on a machine
with a Docker engine and the sandbox image (``grader sandbox build [--offline]``). It
prints, for each sandbox:

- the per-submission overhead: open the sandbox, run one trivial test, close it; for
  docker also against a bare ``docker run`` of Python in the same image (the target:
  at most 0.5 s above it);
- round trips per second through the sandbox (a leaf's payoff read again and again: the
  tree's moves are listed ahead, so only a payoff read is a round trip), also with the
  container and the grader pinned to one CPU (``cpuset_cpus``);
- batch throughput: copies of an example submission graded one after another with
  ``grade_submission`` on the built-in alpha-beta assignment, and, where the batch
  command exists, ``grader grade --jobs 1`` and ``--jobs 2``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from grader.grading.batch import grade_batch
from grader.grading.check import grade_submission, prepare
from grader.hosts.base import RunRequest, Sandbox
from grader.hosts.docker import DockerSandbox
from grader.hosts.local import LocalSandbox
from grader.trees.tree import parse_tree

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "alphabeta" / "correct.py"
TREE = parse_tree({"format": "game-tree/1", "name": "fig52",
                   "nested": [[3, 12, 8], [2, 4, 6], [14, 5, 2]]})
TRIVIAL = "def alphabeta(game, state, depth):\n    return 3, game.actions(state)[0]\n"
LOOP = """
def alphabeta(game, state, depth):
    leaf = state
    while not game.is_terminal(leaf):
        leaf = game.result(leaf, game.actions(leaf)[0])
    for _ in range(depth):
        game.utility(leaf, 0)
    return 3, "a1"
"""

Opener = Callable[..., Sandbox]


@contextmanager
def submission(code: str) -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(prefix="bench-submission-"))
    (folder / "agent.py").write_text(code)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def request(depth: int, time_limit: float = 60.0) -> RunRequest:
    return RunRequest(test_name="bench", tree=TREE, entry="alphabeta", depth=depth,
                      time_limit=time_limit)


def overhead_ms(opener: Opener, repeat: int) -> float:
    """Median wall time to open a sandbox, run one trivial test and close it."""
    times = []
    with submission(TRIVIAL) as folder:
        for _ in range(repeat):
            started = time.perf_counter()
            with opener(folder) as box:
                result = box.run(request(1))
            assert result.status == "ok", result.message
            times.append(time.perf_counter() - started)
    return 1000 * statistics.median(times)


def round_trips_per_s(opener: Opener, calls: int, repeat: int) -> float:
    """Best of ``repeat`` runs of ``calls`` round trips through one warm sandbox."""
    best = 0.0
    with submission(LOOP) as folder, opener(folder) as box:
        box.run(request(1))  # warm: the container is up and the submission imported
        for _ in range(repeat):
            result = box.run(request(calls))
            assert result.status == "ok", result.message
            best = max(best, calls / result.time_s)
    return best


@contextmanager
def pinned() -> Iterator[str]:
    """This process pinned to the CPU it runs on; yields that CPU for ``cpuset_cpus``."""
    before = os.sched_getaffinity(0)
    cpu = os.sched_getcpu() if hasattr(os, "sched_getcpu") else min(before)
    os.sched_setaffinity(0, {cpu})
    try:
        yield str(cpu)
    finally:
        os.sched_setaffinity(0, before)


def batch_per_s(kind: str, copies: int) -> float:
    """Submissions per second graded one after another on the alpha-beta assignment."""
    prepared = prepare(assignment="alphabeta")
    started = time.perf_counter()
    for _ in range(copies):
        report = grade_submission(submission=EXAMPLE, assignment=prepared,
                                  sandbox="docker" if kind == "docker" else "local")
        assert report.score == report.max_score, [t.message for t in report.tests]
    return copies / (time.perf_counter() - started)


def bare_docker_run_ms(repeat: int) -> float:
    """Median wall time of ``docker run`` of ``python3 -c pass`` in the sandbox image, with
    the same network and memory limits: the floor a container per submission pays."""
    import docker

    from grader.hosts.image import ensure_image

    client = docker.from_env()
    try:
        image = ensure_image(client)
        times = []
        for _ in range(repeat):
            started = time.perf_counter()
            client.containers.run(image, ["python3", "-c", "pass"], network_mode="none",
                                  mem_limit="288m", remove=True)
            times.append(time.perf_counter() - started)
    finally:
        client.close()
    return 1000 * statistics.median(times)


def bare_runs_per_s(copies: int, jobs: int) -> float:
    """Containers per second that ``docker run`` of ``python3 -c pass`` in the sandbox
    image reaches, ``jobs`` at a time, each with the sandbox's network and memory limits:
    the bound of a batch that starts one container per submission."""
    import docker

    from grader.hosts.image import ensure_image

    client = docker.from_env()
    try:
        image = ensure_image(client)

        def one(_: int) -> None:
            client.containers.run(image, ["python3", "-c", "pass"], network_mode="none",
                                  mem_limit="288m", remove=True)

        started = time.perf_counter()
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            list(pool.map(one, range(copies)))
        return copies / (time.perf_counter() - started)
    finally:
        client.close()


def batch_against_bare(copies: int, jobs: int, rounds: int, baseline: Path | None) -> None:
    """``grader grade --sandbox docker --jobs N`` (a new process, as an instructor runs
    it) and bare ``docker run``s at the same parallelism, in turn, round after round."""
    rates: dict[str, list[float]] = {"bare docker run": [], "grader grade": []}
    if baseline is not None:
        rates["baseline grade"] = []
    for _ in range(rounds):
        rates["bare docker run"].append(bare_runs_per_s(copies, jobs))
        rates["grader grade"].append(cli_batch_per_s(copies, jobs, None))
        if baseline is not None:
            rates["baseline grade"].append(cli_batch_per_s(copies, jobs, baseline))
    bare = rates["bare docker run"]
    print(f"docker batch, {copies} submissions, --jobs {jobs}, median of {rounds} rounds "
          "(a minute's submissions; share of the bare runs' rate of the same round):")
    for name, samples in rates.items():
        share = statistics.median(a / b for a, b in zip(samples, bare, strict=True))
        print(f"  {name:<16} {60 * statistics.median(samples):6.0f}/min  {share:6.0%}"
              + ("  [target >= 80%]" if name == "grader grade" else ""))


def cli_batch_per_s(copies: int, jobs: int, baseline: Path | None) -> float:
    """Submissions per second of ``grader grade`` in a new process (the code in
    ``baseline`` instead, through PYTHONPATH, if given), start-up included."""
    with tempfile.TemporaryDirectory(prefix="bench-batch-") as tmp:
        folder = Path(tmp) / "submissions"
        folder.mkdir()
        for i in range(copies):
            shutil.copyfile(EXAMPLE, folder / f"student{i:03d}.py")
        command = [sys.executable, "-m", "grader.cli", "grade", str(folder), "-a", "alphabeta",
                   "-o", str(Path(tmp) / "out"), "--jobs", str(jobs), "--sandbox", "docker"]
        env = {**os.environ, "PYTHONPATH": str(baseline)} if baseline else None
        started = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, env=env,
                              cwd=baseline or ROOT, check=False)
        elapsed = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"grader grade exited {done.returncode}: {done.stderr[-2000:]}")
    return copies / elapsed


def grade_batch_per_s(kind: str, copies: int, jobs: int) -> float:
    """Submissions per second through ``grader grade --jobs N``."""
    with tempfile.TemporaryDirectory(prefix="bench-batch-") as tmp:
        folder = Path(tmp) / "submissions"
        folder.mkdir()
        for i in range(copies):
            shutil.copyfile(EXAMPLE, folder / f"student{i:03d}.py")
        started = time.perf_counter()
        result = grade_batch(submissions=folder, assignment="alphabeta", out=Path(tmp) / "out",
                             jobs=jobs, sandbox="docker" if kind == "docker" else "local")
        elapsed = time.perf_counter() - started
    reports = list(result.reports)
    assert len(reports) == copies and all(r.score == r.max_score for r in reports)
    return copies / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="repeats of each measurement")
    parser.add_argument("--calls", type=int, default=20_000, help="round trips per run")
    parser.add_argument("--copies", type=int, default=30,
                        help="submissions in a batch (fewer: the grader's own start weighs more)")
    parser.add_argument("--batch-only", action="store_true",
                        help="only the docker batch against bare docker runs")
    parser.add_argument("--jobs", type=int, default=2, help="parallelism of that batch")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of that comparison")
    parser.add_argument("--baseline", type=Path, metavar="DIR",
                        help="also time the batch of the code in DIR (a copy of an earlier "
                        "commit, run through PYTHONPATH)")
    args = parser.parse_args()
    if args.batch_only:
        batch_against_bare(args.copies, args.jobs, args.rounds, args.baseline)
        return

    openers: dict[str, Opener] = {
        "local": lambda folder, **kw: LocalSandbox(folder, **kw),
        "docker": lambda folder, **kw: DockerSandbox(folder, **kw),
    }
    print("sandbox | open+run+close (ms) | round trips/s | pinned round trips/s | "
          "batch (submissions/s)")
    print("--- | --- | --- | --- | ---")
    for kind, opener in openers.items():
        print(f"measuring {kind} ...", file=sys.stderr)
        overhead = overhead_ms(opener, args.repeat)
        free = round_trips_per_s(opener, args.calls, args.repeat)
        with pinned() as cpu:
            extra: dict[str, Any] = {"cpuset_cpus": cpu} if kind == "docker" else {}
            pin = round_trips_per_s(lambda f, o=opener, e=extra: o(f, **e), args.calls,
                                    args.repeat)
        batch = batch_per_s(kind, args.copies)
        print(f"{kind} | {overhead:.0f} | {free:,.0f} | {pin:,.0f} | {batch:.2f}")
        if kind == "docker":
            bare = bare_docker_run_ms(args.repeat)
            print(f"  bare docker run of python3: {bare:.0f} ms; the docker sandbox adds "
                  f"{overhead - bare:.0f} ms a submission (target: at most 500)")
    batch_against_bare(args.copies, args.jobs, args.rounds, args.baseline)
    for kind in openers:
        for jobs in (1, 2):
            rate = grade_batch_per_s(kind, args.copies, jobs)
            print(f"grader grade --sandbox {kind} --jobs {jobs}: {rate:.2f} submissions/s "
                  f"({60 * rate:.0f} a minute)")


if __name__ == "__main__":
    main()
