"""How long the CLI takes to start, beside a bare interpreter in the same run.

Run ``python bench/bench_startup.py`` from the repository (``--repeats N``). It prints,
each the best of N runs in a new process, interleaved so that a loaded machine slows
all of them alike:

- a bare ``python -c pass``;
- ``grader --help``;
- ``grader check --help``;
- ``grader check examples/alphabeta/correct.py -a alphabeta`` up to the moment the
  sandbox starts the harness (which comes before the assignment, its trees and goldens
  are loaded: the harness boots meanwhile) and to its end.

Each figure is also given over the bare interpreter's, and less it (what the grader adds).
Target (issue 20): start-up at most 0.1 s on a quiet machine. The commands run once
before timing, with bytecode caches allowed, as an installed grader has them.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CHECK = ["check", "examples/alphabeta/correct.py", "-a", "alphabeta"]
TARGET_S = 0.1
FIRST_TEST = """
import sys, time
started, reported = float(sys.argv[1]), []
def hook(event, args):
    if event == "subprocess.Popen" and not reported and "harness" in str(args[1]):
        reported.append(time.time() - started)
        sys.stderr.write(f"FIRST-TEST {reported[0]:.6f}\\n")
sys.addaudithook(hook)
from grader.cli import main
main(sys.argv[2:])
"""  # the check, timed from its launch to the harness's start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7, help="runs of each measurement")
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    runs = {
        "bare python -c pass": lambda: _wall([sys.executable, "-c", "pass"], env),
        "grader --help": lambda: _wall([*_cli(), "--help"], env),
        "grader check --help": lambda: _wall([*_cli(), "check", "--help"], env),
        "grader check: to the harness": lambda: _first_test(env),
        "grader check: whole": lambda: _wall([*_cli(), *CHECK], env, ok=(0,)),
    }
    for run in runs.values():  # warm: bytecode caches written, files in the page cache
        run()
    best = {name: float("inf") for name in runs}
    for _ in range(args.repeats):
        for name, run in runs.items():
            best[name] = min(best[name], run())
    bare = best["bare python -c pass"]
    print(f"CLI start-up, best of {args.repeats} (load average {os.getloadavg()[0]:.1f}):")
    print(f"    {'':<34} {'wall':>7} {'x bare':>7} {'- bare':>7}")
    for name, wall in best.items():
        print(f"    {name:<34} {wall:>7.3f} {wall / bare:>7.2f} {wall - bare:>7.3f}")
    added = best["grader --help"] - bare
    print(
        f"    grader --help adds {added:.3f} s to a bare interpreter "
        f"[target: start-up <= {TARGET_S:g} s on a quiet machine]"
    )


def _cli() -> list[str]:
    found = Path(sys.executable).with_name("grader")
    return [str(found)] if found.is_file() else [sys.executable, "-m", "grader.cli"]


def _wall(command: list[str], env: dict[str, str], ok: tuple[int, ...] = (0,)) -> float:
    t0 = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, cwd=REPO, env=env, check=False)
    wall = time.perf_counter() - t0
    if done.returncode not in ok:
        raise SystemExit(f"{' '.join(command)} exited {done.returncode}:\n{done.stderr}")
    return wall


def _first_test(env: dict[str, str]) -> float:
    """Seconds from the process's start to the sandbox starting the harness."""
    command = [sys.executable, "-c", FIRST_TEST, repr(time.time()), *CHECK]
    done = subprocess.run(command, capture_output=True, text=True, cwd=REPO, env=env, check=False)
    for line in done.stderr.splitlines():
        if line.startswith("FIRST-TEST "):
            return float(line.split()[1])
    raise SystemExit(f"the check started no harness:\n{done.stderr}")


if __name__ == "__main__":
    main()
