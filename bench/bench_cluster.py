"""What grading on a Dask cluster costs against grading on this machine.

Run ``python bench/bench_cluster.py`` (``--help`` for sizes and repeats). In one run it
grades the same batch (copies of the correct alpha-beta example, local sandbox) with
``--jobs 1``, ``--jobs 2``, ``--cluster local:1`` and ``--cluster local:2``, and prints for
each the submissions a minute (the cluster's start and stop left out: measured apart),
then:

- the cluster's overhead per submission, in ms: ``local:1`` (one worker process, one
  submission at a time) against ``--jobs 1`` (the same, in the client's own threads);
- what the client itself spends on each report it writes (the report files, and the
  gradebook rewritten with 1,000 rows): the one part that does not spread over workers.

Figures of two runs (16 submissions, 2 repeats each) on the 2-core machine this project
is built on: one while other work kept its load average between 8 and 12, one on the
machine nearly idle (loaded / idle):

- start and stop a cluster: local:1 1.8-3.7 s / 0.8 s, local:2 4.7-6.3 s / 0.8-0.9 s;
- submissions a minute: ``--jobs 1`` 42-50 / 257-300, ``--jobs 2`` 49-58 / 314-324,
  ``local:1`` 25-43 / 201-203, ``local:2`` 27-52 / 212-234 (the workers share the two
  cores with the client and its scheduler: a cluster on one machine only costs);
- the cluster's overhead: 200-940 ms / 62-98 ms a submission (zip, scheduler, a
  worker's unzip and second intake, the report pickled back);
- the client's writes: 210 ms / 49 ms for a report's files, 180 ms / 46 ms for a
  1,000-row gradebook (rewritten after each report: half that on average over a batch).
  Since a batch keeps each drawing for every report that shows the same run, a report
  whose runs were drawn before costs 50-62 ms of files at load average 8, against
  158-208 ms for the code that drew every report anew, in the same run.

Estimate for 1,000 submissions. With ``H`` worker hosts of 8 cores (8 worker threads
each), grading takes ``1000 * (g + o) / (8 H)``, with ``g`` 0.2-1.2 s of grading and
``o`` 0.06-0.9 s of overhead, but the client writes every report itself, one at a time:
``1000 * w``, with ``w`` 70-300 ms (idle to loaded client).

- 10 hosts: grading 3-26 s, the client's writes 70-300 s: 1.2-5 minutes, bound by
  the client;
- 100 hosts: grading under 3 s, the same 70-300 s of writes: no faster than 10 hosts.
  Past about 10 hosts a batch of 1,000 gains nothing; the client's writes (and first
  the gradebook's rewrite after each report, linear in the rows) are what to batch if
  that ever matters. The docker sandbox adds its ~0.5 s a submission on the workers,
  which moves the point where the client binds to about 15-20 hosts.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from grader.grading.batch import _Gradebook, _write_atomically, grade_batch
from grader.grading.check import prepare
from grader.grading.cluster import open_cluster
from grader.grading.report_trees import report_trees
from grader.reports import Drawings

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "alphabeta" / "correct.py"
MODES = [("--jobs 1", 1, None), ("--jobs 2", 2, None),
         ("--cluster local:1", 1, "local:1"), ("--cluster local:2", 1, "local:2")]


def batch(folder: Path, count: int) -> Path:
    subs = folder / "subs"
    subs.mkdir()
    for i in range(count):
        shutil.copy(EXAMPLE, subs / f"s{i:04d}.py")
    return subs


def startup(spec: str) -> float:
    """Seconds to start a cluster, check its workers' version, and stop it."""
    ready = prepare(assignment="alphabeta")
    started = time.perf_counter()
    with open_cluster(spec, ready=ready, sandbox="local", strict=False):
        pass
    return time.perf_counter() - started


def grading(subs: Path, work: Path, jobs: int, cluster: str | None) -> float:
    out = Path(tempfile.mkdtemp(dir=work))
    started = time.perf_counter()
    grade_batch(submissions=subs, assignment="alphabeta", out=out, jobs=jobs,
                cluster=cluster, allow_limits_only=True)
    took = time.perf_counter() - started
    shutil.rmtree(out)
    return took


def client_writes(subs: Path, work: Path, rows: int) -> tuple[float, float]:
    """Seconds the client spends per report: its files, and the gradebook of ``rows``."""
    out = work / "writes"
    result = grade_batch(submissions=subs, assignment="alphabeta", out=out, jobs=2,
                         allow_limits_only=True)
    report = result.reports[0]
    trees = report_trees(prepare(assignment="alphabeta"))
    drawings = Drawings()  # kept for the batch, as a batch keeps them
    started = time.perf_counter()
    for i in range(10):
        _write_atomically(report, out / "submissions" / f"copy{i}", trees, drawings)
    files = (time.perf_counter() - started) / 10
    book = _Gradebook(out, [t.name for t in report.tests])
    for i in range(rows):
        book.keep(report.model_copy(update={"submission": f"s{i:04d}"}))
    started = time.perf_counter()
    book.write()
    return files, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--submissions", type=int, default=24)
    parser.add_argument("--repeats", type=int, default=2)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-cluster-"))
    try:
        subs = batch(work, args.submissions)
        starts = {spec: [startup(spec) for _ in range(args.repeats)]
                  for spec in ("local:1", "local:2")}
        for spec, times in starts.items():
            print(f"start and stop --cluster {spec}: {min(times):.2f}-{max(times):.2f} s")
        per_sub: dict[str, list[float]] = {}
        for _ in range(args.repeats):  # interleaved: the machine's load falls on each
            for name, jobs, cluster in MODES:
                took = grading(subs, work, jobs, cluster)
                if cluster is not None:
                    took -= statistics.median(starts[cluster])
                per_sub.setdefault(name, []).append(took / args.submissions)
        for name, times in per_sub.items():
            rates = sorted(60 / t for t in times)
            print(f"grade {name}: {rates[0]:.0f}-{rates[-1]:.0f} submissions a minute "
                  f"({min(times) * 1000:.0f}-{max(times) * 1000:.0f} ms each)")
        extra = [(c - j) * 1000 for c, j in zip(per_sub["--cluster local:1"],
                                                 per_sub["--jobs 1"], strict=True)]
        print(f"cluster overhead per submission (local:1 - --jobs 1): "
              f"{min(extra):.0f} to {max(extra):.0f} ms")
        files, book = client_writes(subs, work, 1000)
        print(f"client writes per report: files {files * 1000:.1f} ms, "
              f"gradebook of 1,000 rows {book * 1000:.1f} ms")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
