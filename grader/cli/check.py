"""``grader check``: grade one submission and say where its search went wrong."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import click

from grader.cli import assignment_option, main, sandbox_option
from grader.errors import EXIT_OK, EXIT_TESTS_FAILED
from grader.reports.formats import report_files_help

if TYPE_CHECKING:  # imported when the command runs: `grader --help` stays light
    from rich.console import Console

    from grader.grading.check import Prepared
    from grader.grading.report import Report, TestResult
    from grader.grading.scoring import TestContext


@main.command()
@click.argument("submission", type=click.Path(path_type=Path))
@assignment_option
@click.option("--test", "tests", multiple=True, help="Run only this test (repeatable).")
@click.option("--json", "as_json", is_flag=True, help="Print only the JSON report.")
@sandbox_option("Where the submission runs.")
@click.option(
    "--report-dir",
    type=click.Path(file_okay=False, path_type=Path),
    help=f"Also write {report_files_help()} here.",
)
@click.option(
    "--show-hidden", is_flag=True, help="Show hidden tests' expected answers (instructors)."
)
def check(
    submission: Path,
    assignment: str,
    tests: tuple[str, ...],
    as_json: bool,
    sandbox: str,
    report_dir: Path | None,
    show_hidden: bool,
) -> None:
    """Grade SUBMISSION (a .py file, a folder or a .zip; see "What to submit") on an assignment.

    Exit codes: 0 all tests passed, 1 some failed, 2 bad usage or bad input files.
    """
    from grader.grading.prestart import check_started_early
    from grader.hosts.base import Cleaner

    # a container is removed while the report is shown (an engine call: mostly waiting);
    # a local sandbox, its processes killed at once, in a millisecond after it
    with Cleaner(threads=1 if sandbox == "docker" else 0) as later:
        ready, report = check_started_early(
            submission=submission,
            assignment=assignment,
            tests=list(tests) or None,
            sandbox="docker" if sandbox == "docker" else "local",
            later=later,
        )
        _show(report, ready, as_json=as_json, report_dir=report_dir, show_hidden=show_hidden)
    click.get_current_context().exit(EXIT_OK if report.all_passed else EXIT_TESTS_FAILED)


def _show(
    report: Report, ready: Prepared, *, as_json: bool, report_dir: Path | None,
    show_hidden: bool,
) -> None:
    """Print the report (and write its files): the table, or the JSON."""
    from grader.grading.report import report_json, student_view
    from grader.hosts.isolation import isolation_notice

    shown = report if show_hidden else student_view(report)
    if report_dir is not None:
        from grader.grading.report_trees import report_trees
        from grader.reports import write_reports

        write_reports(shown, report_dir, trees=report_trees(ready))
    if as_json:
        click.echo(report_json(shown), nl=False)
    else:
        from rich.console import Console

        conventions = {c.spec.name: convention_line(c) for c in ready.contexts}
        print_report(shown, Console(highlight=False, soft_wrap=True), conventions=conventions)
    notice = isolation_notice(report.isolation)
    if notice is not None:
        click.echo(notice, err=True)


def convention_line(ctx: TestContext) -> str:
    """What a test sets on ``game`` for its search and the depth it passes, as a student
    reads them (the conventions of other searches, set at their defaults, are left out;
    for a CS188 agent: its depth in rounds of all agents)."""
    from reference.algorithms import algorithm as entry

    spec = ctx.spec
    if ctx.action_only and ctx.tree.agents:
        rounds = "round" if ctx.entry_depth == 1 else "rounds"
        return (f"depth {ctx.entry_depth} ({rounds} of {ctx.tree.agents} agents: "
                f"{ctx.depth_plies} plies)")
    unit = "rounds" if spec.unit == "round" else "plies"
    taken = entry(ctx.algorithm).conventions
    shown = ", ".join(
        f"game.{k} = {v!r}" for k, v in spec.conventions().items() if k in taken
    )
    return f"depth {spec.depth} ({unit}); {shown}"


def print_report(
    report: Report, console: Console, *, conventions: Mapping[str, str] | None = None
) -> None:
    """The table of tests, each failure's explanation beside the conventions of its test
    (``conventions``: test name -> line), and the total; every string a submission may
    have shaped is shown with its control characters escaped."""
    from rich.table import Table
    from rich.text import Text

    from grader.grading.sinks import for_rich, for_terminal
    from grader.grading.statuses import STATUSES
    from grader.play.models import tally
    from grader.reports.feedback import STATUS_WORDS, feedback_lines, points, total_line

    title = for_rich(f"{report.assignment}: {report.submission}").replace("\n", "\\n")
    table = Table(title=title, title_justify="left")
    table.add_column("Test")
    table.add_column("Status")
    table.add_column("Points", justify="right")
    table.add_column("Time (s)", justify="right")
    played = any(t.games for t in report.tests)  # an agents assignment's matches
    if played:
        table.add_column("Won-drawn-lost", justify="right")
    for t in report.tests:
        games = [] if not played else ["-".join(str(n) for n in tally(t.games).values())
                                       if t.games else ""]
        table.add_row(
            Text(for_terminal(t.name)),
            Text(STATUS_WORDS[t.status], style=STATUSES[t.status].style),
            f"{points(t.score)}/{points(t.max_score)}",
            _time_cell(report, t),
            *games,
        )
    console.print(table)
    for t in report.tests:
        lines = feedback_lines(t)
        if not lines:
            continue
        console.print(Text(for_terminal(f"{t.name}:"), style="bold"))
        if conventions and t.name in conventions:
            console.print(Text(f"  conventions: {conventions[t.name]}", style="dim"))
        for line in lines:  # every line of a message indented: none passes for a total
            console.print(Text("  " + for_terminal(line).replace("\n", "\n    ")))
        if t.output:
            console.print(Text("  your output:", style="dim"))
            output = for_terminal(t.output.rstrip()).replace("\n", "\n    ")
            console.print(Text("    " + output, style="dim"))
    style = "bold green" if report.all_passed else "bold red"
    console.print(Text(for_terminal(total_line(report)), style=style))


def _time_cell(report: Report, test: TestResult) -> str:
    """A test's time; none for a hidden test in a student's view (it shows none)."""
    return "-" if report.student_view and test.visibility == "hidden" else f"{test.time_s:.3f}"
