"""``grader grade``: a folder of submissions, in parallel, into reports and a gradebook."""

from __future__ import annotations

import contextlib
import gc
import os
import signal
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

import click

from grader.cli import (
    allow_limits_only_option,
    assignment_option,
    main,
    parallel_options,
    sandbox_option,
)
from grader.errors import GraderFaults, Interrupted, Terminated
from grader.reports.formats import FORMATS, batch_files_help

if TYPE_CHECKING:  # imported when the command runs: `grader --help` stays light
    from grader.grading.batch import BatchResult, Stop
    from grader.hosts.kinds import SandboxKind


_HELP = f"""Grade every submission in SUBMISSIONS (each .py file, .zip or folder; see README).

{batch_files_help("OUT/submissions/NAME/", "OUT/")} Off a terminal, one line is printed per
submission graded.

Ctrl-C (or SIGTERM) stops the batch at once and keeps what finished; run it again with
--resume to grade the rest.

\b
Exit codes: 0 the batch ran (whatever the scores);
2 bad usage or input files;
3 the grader itself failed to run some tests (sandbox_error, never charged; the
  summary names them, and --resume regrades them);
130 stopped by Ctrl-C (SIGINT), 143 stopped by SIGTERM.
"""


@main.command(help=_HELP)
@click.argument(
    "submissions", type=click.Path(exists=True, file_okay=False, path_type=Path)
)
@assignment_option
@click.option(
    "-o", "--out", required=True, type=click.Path(file_okay=False, path_type=Path),
    help="Folder for the gradebook and each submission's reports.",
)
@parallel_options("Submissions graded", "Grade")
@sandbox_option("Where submissions run (instructors: docker).")
@click.option("--resume", is_flag=True,
              help="Keep the reports already in OUT and grade only the rest.")
@click.option("--regrade-faults/--keep-faults", default=True, show_default=True,
              help="With --resume: grade again the submissions whose tests hit a grader "
              "fault (sandbox_error), or keep those reports.")
@allow_limits_only_option
def grade(
    submissions: Path, assignment: str, out: Path, jobs: int, sandbox: str, resume: bool,
    regrade_faults: bool, allow_limits_only: bool, cluster: str | None,
) -> None:
    """``grader grade``; its help is :data:`_HELP`, whose file lists the registry gives."""
    from grader.grading.prestart import early_batch_sandboxes

    kind: SandboxKind = "docker" if sandbox == "docker" else "local"
    # the first containers start while the grader loads (and those left are removed)
    with early_batch_sandboxes(submissions=submissions, jobs=jobs, sandbox=kind,
                               cluster=cluster) as early:
        from grader.cli.progress import display
        from grader.grading.batch import Stop, grade_batch

        stop = Stop()
        with stop_on_signals(stop):
            with display() as watch:
                result = grade_batch(
                    submissions=submissions, assignment=assignment, out=out, jobs=jobs,
                    sandbox=kind, resume=resume, regrade_faults=regrade_faults,
                    watch=watch, stop=stop, allow_limits_only=allow_limits_only,
                    cluster=cluster, prestarted=early,
                )
            _report(result, out)


def _report(result: BatchResult, out: Path) -> None:
    """The batch's summary, where its files are, the isolation reached; then its exit."""
    from grader.grading.batch import summary_lines
    from grader.hosts.isolation import isolation_notice

    for line in summary_lines(result):
        click.echo(line)
    for fmt in FORMATS:
        if fmt.write_batch is not None:  # the gradebook
            click.echo(f"{fmt.name}: {out / fmt.file}")
    for level in sorted({r.isolation for r in result.reports if r.isolation is not None}):
        notice = isolation_notice(level)
        click.echo(notice if notice is not None else f"isolation: {level}", err=True)
    _raise_for(result)


def _raise_for(result: BatchResult) -> None:
    """The batch's exit: stopped by a signal, grader faults left, or fine (returns)."""
    from grader.grading.sinks import for_terminal

    if result.stopped_by is not None:
        kind = Terminated if result.stopped_by == signal.SIGTERM else Interrupted
        name = signal.Signals(result.stopped_by).name if result.stopped_by else "request"
        raise kind(
            f"stopped by {name}: {len(result.not_graded)} submission(s) not graded; the "
            f"gradebook holds the {len(result.reports)} graded; run again with --resume to "
            "grade the rest"
        )
    if result.grader_faults:
        raise GraderFaults(
            "the grader failed to run tests of "
            f"{', '.join(map(for_terminal, result.grader_faults))} (not their fault); "
            "run again with --resume to regrade them"
        )


@contextlib.contextmanager
def stop_on_signals(stop: Stop) -> Iterator[None]:
    """SIGINT and SIGTERM ask the batch to stop; a later one is only noted, until the
    process ends, so that the cleaning up under way finishes and leaves nothing behind."""

    def handler(signum: int, frame: FrameType | None) -> None:
        if stop.requested:
            os.write(2, b"\nstill stopping: killing the sandboxes that run\n")
        else:
            stop.request(signum)
            os.write(2, f"\n{signal.Signals(signum).name}: stopping; what finished is kept\n"
                     .encode())

    wanted = (signal.SIGINT, signal.SIGTERM)
    before = {s: signal.signal(s, handler) for s in wanted}
    try:
        yield
    finally:
        if stop.requested:  # stopping: the exit comes next, with its own code, and a
            # signal that comes while the interpreter shuts down (when it has put back
            # the default handlers) must not kill it first: held until the process ends
            signal.pthread_sigmask(signal.SIG_BLOCK, wanted)
            gc.freeze()  # and no collection of the whole heap on the way out: with Dask
            # loaded, that alone takes a second on a busy machine
        else:
            for s, old in before.items():
                signal.signal(s, old)
