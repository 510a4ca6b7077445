"""``grader ci``: grade one submission in a CI job, with annotations and a points line."""

from __future__ import annotations

from pathlib import Path

import click

from grader.cli import allow_limits_only_option, assignment_option, main, sandbox_option
from grader.reports.formats import report_files_help


@main.command()
@click.argument("submission", type=click.Path(path_type=Path))
@assignment_option
@sandbox_option("Where the submission runs (docker where the runner has it).")
@click.option(
    "--report-dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("grader-reports"),
    show_default=True,
    help=f"Folder for {report_files_help()}.",
)
@click.option(
    "--summary",
    type=click.Path(dir_okay=False, path_type=Path),
    envvar="GITHUB_STEP_SUMMARY",
    help="Append the Markdown summary to this file [default: $GITHUB_STEP_SUMMARY].",
)
@click.option(
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    envvar="GITHUB_OUTPUT",
    help="Append points=X/Y to this file [default: $GITHUB_OUTPUT].",
)
@allow_limits_only_option
def ci(
    submission: Path,
    assignment: str,
    sandbox: str,
    report_dir: Path,
    summary: Path | None,
    output: Path | None,
    allow_limits_only: bool,
) -> None:
    """Grade SUBMISSION for a CI job (GitHub Actions, GitHub Classroom).

    Prints the results with the submission's output fenced off (it cannot run workflow
    commands), one ::error annotation per failing test at the entry point's definition,
    and `Points X/Y` with Classroom's notices. Exit codes as for `grader check`: 0 all
    tests passed, 1 some failed, 2 bad usage or bad input files.
    """
    from grader.courses.ci import run_ci

    outcome = run_ci(
        submission=submission,
        assignment=assignment,
        sandbox="docker" if sandbox == "docker" else "local",
        report_dir=report_dir,
        summary_path=summary,
        output_path=output,
        allow_limits_only=allow_limits_only,
    )
    for line in outcome.lines:
        click.echo(line)
    click.get_current_context().exit(outcome.exit_code)
