"""How fast ``grader check`` runs a submission through the local sandbox.

Run ``python bench/bench_check.py`` from the repository (``--help`` for sizes). It prints

(a) round trips per second between the grader and the harness: a submission that reads
    one leaf's payoff again and again (each read one request answered by the grader),
    beside two bare processes exchanging the same two lines over the same link; and a
    full-width minimax submission on a large generated uniform tree, where every
    evaluation (``utility``) is a round trip and the moves are listed ahead;
(b) the wall time of checking each built-in assignment with its ``examples/<name>/
    correct.py``: the library call ``grade_submission`` (split into loading the
    assignment and running the tests) and the ``grader check`` command in a subprocess,
    with the command's start-up cost measured on its own.

Targets: a payoff read's round trip at least 90% of the bare link's rate; at least 25,000
visits a second; a whole assignment checked in under 1 s.
``--profile`` adds the top functions of a cProfile of one library check.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import math
import os
import pstats
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import yaml

from grader.authoring.build import build_assignment
from grader.grading.check import Prepared, grade_submission, prepare
from grader.grading.scoring import TestContext
from grader.hosts import open_sandbox
from grader.hosts.base import RunRequest, Sandbox
from grader.hosts.local import harness_path
from grader.trees.game import TreeGame
from grader.trees.generate import as_tree, uniform_tree
from grader.trees.record import baseline_visits
from reference.minimax import minimax
from sandboxes.link import Link, decode_json

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"
BUILTINS = ["minimax", "alphabeta", "maxn", "quiescence"]
ROUND_TRIP_TARGET = 25_000  # per second
BARE_LINK_SHARE = 0.9  # of the bare link's rate: a payoff read's round trip (issue 20)
PAYOFF_READS = 20_000
# the warm-up test finds a leaf; the full-depth test reads its payoff PAYOFF_READS times
PAYOFF_LOOP = f"""
def minimax(game, state, depth):
    leaf = state
    while not game.is_terminal(leaf):
        leaf = game.result(leaf, game.actions(leaf)[0])
    if depth > 1:
        for _ in range({PAYOFF_READS}):
            game.utility(leaf, 0)
    return 0, game.actions(state)[0]
"""
CHECK_TARGET_S = 1.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--branching", type=int, default=10, help="branching of the big tree")
    parser.add_argument("--depth", type=int, default=4, help="plies of the big tree")
    parser.add_argument("--repeats", type=int, default=3, help="runs of each measurement")
    parser.add_argument("--profile", action="store_true", help="cProfile one library check")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-check-") as tmp:
        round_trips(Path(tmp), args.branching, args.depth, args.repeats)
    whole_assignments(args.repeats)
    if args.profile:
        profile_check("alphabeta")


# --- (a) round trips -----------------------------------------------------------------


def write_big_assignment(folder: Path, branching: int, depth: int) -> tuple[Path, int]:
    """A minimax assignment on one uniform tree: a warm-up test (one ply) that absorbs
    the harness's start and the submission's import, then the full-depth test."""
    (folder / "trees").mkdir(parents=True)
    data = uniform_tree(branching, depth, seed=1)
    (folder / "trees" / "big.tree.json").write_text(json.dumps(data))
    tests = [
        {"name": "warm-up", "tree": "trees/big.tree.json", "depth": 1, "points": 1,
         "checks": ["value", "action", "expanded"]},
        {"name": "full-depth", "tree": "trees/big.tree.json", "depth": depth, "points": 1,
         "checks": ["value", "action", "expanded", "evaluated"]},
    ]
    spec = {"name": "bench", "entry": "minimax", "time_limit": 120.0, "tests": tests}
    (folder / "assignment.yaml").write_text(yaml.safe_dump(spec, sort_keys=False))
    build_assignment(assignment=folder)
    return folder, baseline_visits(as_tree(data), depth)


def round_trips(tmp: Path, branching: int, depth: int, repeats: int) -> None:
    started = time.perf_counter()
    folder, visits = write_big_assignment(tmp / "bench", branching, depth)
    built = time.perf_counter() - started
    ready = prepare(assignment=folder)
    submission = EXAMPLES / "minimax" / "correct.py"
    print(f"(a) grader <-> harness round trips on a uniform {branching}x{depth} tree, "
          f"{visits:,} visits (assignment and golden built in {built:.2f} s)")
    loop = tmp / "payoff-loop.py"
    loop.write_text(PAYOFF_LOOP)
    read_s = _payoff_reads(ready, loop, repeats) / PAYOFF_READS
    bare_s = _ping_pong(PAYOFF_READS, PAYOFF_REQUEST, PAYOFF_ANSWER)
    share = bare_s / read_s
    print(f"    a payoff read {PAYOFF_READS:,} times (best of {repeats}): {read_s * 1e6:.1f} us "
          f"a round trip ({1 / read_s:,.0f}/s); two bare processes exchanging the same two\n"
          f"    lines over the same link: {bare_s * 1e6:.1f} us ({1 / bare_s:,.0f}/s): "
          f"{share:.0%}  [{_verdict(share >= BARE_LINK_SHARE)} target >= "
          f"{BARE_LINK_SHARE:.0%}]")
    wall, cpu = _sandbox_runs(ready, submission, repeats)[0]
    rate = visits / wall
    print(f"    minimax, run of the full-depth test (best of {repeats}): {wall:.3f} s -> "
          f"{rate:,.0f} visits/s  [{_verdict(rate >= ROUND_TRIP_TARGET)} target "
          f">= {ROUND_TRIP_TARGET:,}/s]")
    tree = ready.contexts[1].tree
    inproc = _best_of(repeats, lambda: minimax(TreeGame(tree), tree.root, depth))
    floor = _ping_pong(min(visits, 20_000), LISTING_REQUEST, LISTING_ANSWER)
    print(f"    per visit: {wall / visits * 1e6:.1f} us wall, of which the grader's CPU "
          f"{cpu / visits * 1e6:.1f} us (its reads spin);\n"
          f"    two bare processes exchanging a listing for a request over the same link: "
          f"{floor * 1e6:.1f} us ({1 / floor:,.0f}/s, {floor * visits / wall:.0%} of it);\n"
          f"    the same search in-process on TreeGame: {inproc / visits * 1e6:.1f} us a visit")
    t0 = time.perf_counter()
    report = grade_submission(submission=submission, assignment=ready)
    total = time.perf_counter() - t0
    runs = sum(t.time_s for t in report.tests)
    print(f"    whole check of this assignment: {total:.3f} s; outside the runs (sandbox "
          f"start and stop, scoring): {total - runs:.3f} s")


def _sandbox_runs(
    ready: Prepared, submission: Path, repeats: int
) -> tuple[tuple[float, float], tuple[float, float]]:
    """The best wall and grader's CPU times of the full-depth run and of the warm-up run,
    in that order, in one sandbox: both come after a first warm-up (harness started,
    submission imported)."""
    folder = Path(tempfile.mkdtemp(prefix="bench-submission-"))
    try:
        shutil.copyfile(submission, folder / "agent.py")
        with open_sandbox("local", folder, memory_mb=ready.memory_mb, cpu_s=600) as box:
            warm, full = (_request(ready, c) for c in ready.contexts)
            box.run(warm)
            best_full = best_warm = (math.inf, math.inf)
            for _ in range(repeats):
                best_warm = min(best_warm, _timed_run(box, warm))
                best_full = min(best_full, _timed_run(box, full))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return best_full, best_warm


def _timed_run(box: Sandbox, request: RunRequest) -> tuple[float, float]:
    cpu0, t0 = time.process_time(), time.perf_counter()
    result = box.run(request)
    spent = (time.perf_counter() - t0, time.process_time() - cpu0)
    if result.status != "ok":
        raise SystemExit(f"the bench submission failed: {result.message}")
    return spent


def _payoff_reads(ready: Prepared, loop: Path, repeats: int) -> float:
    """Seconds of ``PAYOFF_READS`` payoff reads: the full-depth run of the payoff loop,
    less the warm-up's run (the same start and descent to the leaf, no reads)."""
    (full, _), (warm, _) = _sandbox_runs(ready, loop, repeats)
    return full - warm


def _request(ready: Prepared, ctx: TestContext) -> RunRequest:
    return RunRequest(test_name=ctx.spec.name, tree=ctx.tree, entry=ready.loaded.spec.entry,
                      depth=ctx.spec.depth, time_limit=ctx.time_limit,
                      conventions=ctx.spec.conventions())


PING = """
import importlib.util, sys
spec = importlib.util.spec_from_file_location("link", sys.argv[1])
wire = importlib.util.module_from_spec(spec)
spec.loader.exec_module(wire)
link = wire.Link(int(sys.argv[2]), int(sys.argv[3]))
answer = sys.argv[4].encode() + b"\\n"
while line := link.receive():
    wire.decode_json(line.decode())
    link.send(answer)
"""
# a move asked, one local call reported, and the listing of eight children answered
LISTING_REQUEST = {"op": "actions", "s": "s0123456789ab", "run": 1,
                   "local": [["result", "s1"]]}
LISTING_ANSWER = {"r": [[f"a{i}", ["s0123456789ab", 1, False, False, True]] for i in range(8)]}
# a payoff read, as the harness writes it, and its answer
PAYOFF_REQUEST = {"op": "utility", "s": "s0123456789ab", "run": 1}
PAYOFF_ANSWER = {"r": [3, -3]}


def _ping_pong(count: int, request: dict[str, Any], answer: dict[str, Any]) -> float:
    """Seconds per round trip of two bare python processes exchanging ``request`` and
    ``answer`` over the sandbox's own link (two pipes, the harness's ``Link``; each line
    encoded once and decoded at every arrival): what this machine allows before any
    grader or harness work."""
    to_child, from_us = os.pipe()
    from_child, to_us = os.pipe()
    child = subprocess.Popen(
        [sys.executable, "-I", "-S", "-c", PING, str(harness_path().with_name("link.py")),
         str(to_child), str(to_us), json.dumps(answer, separators=(",", ":"))],
        pass_fds=(to_child, to_us),
    )
    os.close(to_child)
    os.close(to_us)
    link = Link(from_child, from_us)
    line = json.dumps(request, separators=(",", ":")).encode() + b"\n"
    try:
        t0 = time.perf_counter()
        for _ in range(count):
            link.send(line)
            decode_json(link.receive().decode())
        return (time.perf_counter() - t0) / count
    finally:
        link.close()
        child.wait()


# --- (b) whole assignments -------------------------------------------------------------


def whole_assignments(repeats: int) -> None:
    print("\n(b) checking each built-in assignment with examples/<name>/correct.py "
          f"(best of {repeats}; target < {CHECK_TARGET_S:g} s)")
    cli = _cli()
    startup = _best_of(repeats, lambda: _run([*cli, "--help"]))
    imports = _best_of(repeats, lambda: _run([sys.executable, "-c", "import grader.cli"]))
    bare = _best_of(repeats, lambda: _run([sys.executable, "-c", "pass"]))
    print(f"    CLI start-up: `grader --help` {startup:.3f} s; `import grader.cli` "
          f"{imports:.3f} s; a bare python {bare:.3f} s")
    header = (f"    {'assignment':<11} {'tests':>5} {'load':>7} {'run':>7} {'first':>7} "
              f"{'per test':>8} {'library':>8} {'CLI':>7}  target")
    print(header)
    for name in BUILTINS:
        print(_assignment_row(name, cli, repeats))
    print("    load: reading the assignment, trees and goldens; run: the tests on a loaded\n"
          "    assignment (harness start, every run, scoring); first: the first test's run,\n"
          "    which includes the harness's start and the submission's import; library:\n"
          "    grade_submission from a name; CLI: `grader check` in a new process.")


def _assignment_row(name: str, cli: list[str], repeats: int) -> str:
    """One line of (b): where the time of checking one assignment goes."""
    submission = EXAMPLES / name / "correct.py"
    load = _best_of(repeats, partial(prepare, assignment=name))
    ready = prepare(assignment=name)
    run_s = _best_of(repeats, partial(grade_submission, submission=submission, assignment=ready))
    library = _best_of(repeats, partial(grade_submission, submission=submission, assignment=name))
    cli_s = _best_of(repeats, partial(_run, [*cli, "check", str(submission), "-a", name]))
    report = grade_submission(submission=submission, assignment=ready)
    first = report.tests[0].time_s
    rest = [t.time_s for t in report.tests[1:]]
    per_test = statistics.mean(rest) if rest else 0.0
    ok = max(library, cli_s) < CHECK_TARGET_S
    return (f"    {name:<11} {len(report.tests):>5} {load:>7.3f} {run_s:>7.3f} {first:>7.3f} "
            f"{per_test:>8.4f} {library:>8.3f} {cli_s:>7.3f}  {_verdict(ok)}")


def profile_check(name: str) -> None:
    submission = EXAMPLES / name / "correct.py"
    profiler = cProfile.Profile()
    profiler.enable()
    grade_submission(submission=submission, assignment=name)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(25)
    print(f"\ncProfile of one library check of {name}:\n{out.getvalue()}")


# --- helpers ---------------------------------------------------------------------------


def _cli() -> list[str]:
    found = shutil.which("grader")
    return [found] if found else [sys.executable, "-m", "grader.cli"]


def _run(command: list[str], ok: tuple[int, ...] = (0,)) -> None:
    done = subprocess.run(command, capture_output=True, text=True, cwd=REPO, check=False)
    if done.returncode not in ok:
        raise SystemExit(f"{' '.join(command)} exited {done.returncode}:\n{done.stderr}")


def _best_of(repeats: int, call: Callable[[], Any]) -> float:
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - t0)
    return best


def _verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


if __name__ == "__main__":
    main()
