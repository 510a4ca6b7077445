"""``grader check`` in each sandbox against the same tests run in-process, in one run.

Run ``python bench/bench_sandboxed.py`` from the repository (``--help`` for the
assignment and rounds). Each contender is a new process, as a student starts it:

- a bare ``python -c pass`` (what any command pays);
- the in-process runner: this script with ``--in-process``, which imports the submission
  and runs every test of the assignment in its own process, no sandbox, through the
  grader's own loading, scoring and table (an in-process "sandbox" that calls the entry
  point on the traced ``TreeGame``): the stand-in for an unsandboxed autograder such as
  CS188's, whose code is not ours to ship;
- ``grader check`` in the local sandbox;
- ``grader check --sandbox docker``, where an engine and the sandbox image are there.

The contenders run in turn, round after round, so that a loaded machine slows all of
them alike; the table gives the median wall time, the median over rounds of each one's
time over the in-process runner's of the same round, and the median CPU time (user and
system, of the process and its children: a sandbox's own processes count, a container's
do not). Targets (issue 20): the local sandbox at most 1.0x the in-process runner,
docker at most 2x.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from grader.hosts.base import RunRequest, RunResult, Sandbox
from grader.trees.game import TreeGame

REPO = Path(__file__).resolve().parents[1]
TARGETS = {"grader check (local)": 1.0, "grader check (docker)": 2.0}
REFERENCE = "in-process runner"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--assignment", default="alphabeta", help="a built-in assignment")
    parser.add_argument("--rounds", type=int, default=9, help="rounds, each contender once")
    parser.add_argument("--no-docker", action="store_true", help="leave docker out")
    parser.add_argument("--baseline", type=Path, metavar="DIR",
                        help="also time the grader check of the code in DIR (a copy of an "
                        "earlier commit, run through PYTHONPATH): before and after, same run")
    parser.add_argument("--in-process", metavar="SUBMISSION", type=Path,
                        help="(the in-process runner itself) grade SUBMISSION in this process")
    args = parser.parse_args()
    if args.in_process is not None:
        sys.exit(in_process(args.in_process, args.assignment))
    submission = str(REPO / "examples" / args.assignment / "correct.py")
    check = [*_cli(), "check", submission, "-a", args.assignment]
    runs = {
        "bare python -c pass": [sys.executable, "-c", "pass"],
        REFERENCE: [sys.executable, __file__, "--in-process", submission,
                    "--assignment", args.assignment],
        "grader check (local)": check,
    }
    envs: dict[str, dict[str, str]] = {}  # and the baseline's runs start in its folder
    if args.baseline is not None:
        runs["baseline check (local)"] = [sys.executable, "-m", "grader.cli", *check[1:]]
        envs["baseline check (local)"] = {**os.environ, "PYTHONPATH": str(args.baseline)}
    if not args.no_docker and _docker_ready():
        runs["grader check (docker)"] = [*check, "--sandbox", "docker"]
        if args.baseline is not None:
            runs["baseline check (docker)"] = [*runs["baseline check (local)"],
                                               "--sandbox", "docker"]
            envs["baseline check (docker)"] = envs["baseline check (local)"]
    for name, command in runs.items():  # warm: bytecode caches, page cache, the image
        _timed(command, envs.get(name))
    walls: dict[str, list[float]] = {name: [] for name in runs}
    cpus: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(args.rounds):
        for name, command in runs.items():
            wall, cpu = _timed(command, envs.get(name))
            walls[name].append(wall)
            cpus[name].append(cpu)
    _print(args, walls, cpus)


def _print(args: argparse.Namespace, walls: dict[str, list[float]],
           cpus: dict[str, list[float]]) -> None:
    tests = _test_count(args.assignment)
    print(f"{args.assignment} ({tests} tests, examples/{args.assignment}/correct.py), "
          f"median of {args.rounds} rounds (load average {os.getloadavg()[0]:.1f}):")
    print(f"    {'':<24} {'wall':>7} {'x in-proc':>9} {'CPU':>7}  target")
    for name, samples in walls.items():
        ratio = statistics.median(a / b for a, b in zip(samples, walls[REFERENCE], strict=True))
        target = TARGETS.get(name)
        verdict = "" if target is None else (
            f"<= {target:g}x: {'met' if ratio <= target else 'MISSED'}")
        print(f"    {name:<24} {statistics.median(samples):>7.3f} {ratio:>8.2f}x "
              f"{statistics.median(cpus[name]):>7.3f}  {verdict}")


def _timed(command: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall and CPU seconds (user and system, the process's children's included) of a
    command; it must exit 0 (every test passed)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    cwd = env["PYTHONPATH"] if env else REPO
    done = subprocess.run(command, capture_output=True, text=True, cwd=cwd, env=env,
                          check=False)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} exited {done.returncode}:\n"
                         f"{done.stdout[-2000:]}{done.stderr[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def _cli() -> list[str]:
    found = Path(sys.executable).with_name("grader")
    return [str(found)] if found.is_file() else [sys.executable, "-m", "grader.cli"]


def _docker_ready() -> bool:
    try:
        from grader.hosts.docker import docker_client
        from grader.hosts.image import ensure_image

        client = docker_client()
        try:
            ensure_image(client)
        finally:
            client.close()
    except Exception as exc:
        print(f"docker left out: {exc}", file=sys.stderr)
        return False
    return True


def _test_count(assignment: str) -> int:
    from grader.authoring.assignment import load_assignment

    return len(load_assignment(assignment).spec.tests)


# --- the in-process runner ---------------------------------------------------------------


def in_process(submission: Path, assignment: str) -> int:
    """Grade ``submission`` on ``assignment`` with every test run in this process, and
    print the table ``grader check`` prints; 0 if every test passed."""
    from rich.console import Console

    from grader.cli.check import convention_line, print_report
    from grader.grading.check import grade_submission, prepare
    from grader.grading.report import student_view

    ready = prepare(assignment=assignment)
    report = grade_submission(submission=submission, assignment=ready,
                              opener=lambda kind, folder, memory_mb: InProcess(folder))
    conventions = {c.spec.name: convention_line(c) for c in ready.contexts}
    print_report(student_view(report), Console(highlight=False, soft_wrap=True),
                 conventions=conventions)
    return 0 if report.all_passed else 1


class InProcess(Sandbox):
    """No sandbox: the submission imported into the grader, its entry point called on
    the traced game of each test."""

    isolation = "limits only"

    def __init__(self, folder: Path) -> None:
        super().__init__(folder)
        spec = importlib.util.spec_from_file_location("agent", folder / "agent.py")
        assert spec is not None and spec.loader is not None
        self.module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(self.module)

    def run(self, request: RunRequest) -> RunResult:
        game = TreeGame.for_test(request.tree, request.conventions)
        for name, value in request.conventions.items():
            setattr(game, name, value)
        started = time.perf_counter()
        try:
            value, action = getattr(self.module, request.entry)(game, request.tree.root,
                                                                 request.depth)
        except Exception as exc:
            return RunResult(status="error", trace=game.trace, message=repr(exc))
        return RunResult(status="ok", trace=game.trace, value=value, action=action,
                         time_s=time.perf_counter() - started)

    def close(self) -> None:
        pass


if __name__ == "__main__":
    main()
