"""``grader grade``: a folder of submissions, in parallel, into reports and a gradebook."""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from grader.cli import main
from grader.reports.feedback import points
from grader.sinks import for_rich


@main.command()
@click.argument(
    "submissions", type=click.Path(exists=True, file_okay=False, path_type=Path)
)
@click.option(
    "-a", "--assignment", required=True, help="A built-in assignment's name or a folder."
)
@click.option(
    "-o", "--out", required=True, type=click.Path(file_okay=False, path_type=Path),
    help="Folder for the gradebook and each submission's reports.",
)
@click.option("-j", "--jobs", default=1, show_default=True, type=click.IntRange(min=1),
              help="Submissions graded at once.")
@click.option("--sandbox", type=click.Choice(["local", "docker"]), default="local",
              show_default=True, help="Where submissions run (instructors: docker).")
@click.option("--resume", is_flag=True,
              help="Keep the reports already in OUT and grade only the rest.")
def grade(
    submissions: Path, assignment: str, out: Path, jobs: int, sandbox: str, resume: bool
) -> None:
    """Grade every submission in SUBMISSIONS (each .py file, .zip or folder; see README).

    Writes OUT/submissions/NAME/{report.json,results.json,junit.xml,summary.md,report.html}
    as each
    submission is graded, and OUT/gradebook.csv (one row per submission, one column per
    test). A batch that is stopped keeps what it graded; run it again with --resume.
    Exit code 0 when the batch ran (whatever the scores), 2 on bad usage or input.
    """
    from grader.batch import grade_batch, summary_lines

    console = Console(stderr=True, highlight=False)
    columns = (TextColumn("grading"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TextColumn("{task.description}"))
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("", total=None)

        def advance(report: object) -> None:
            from grader.report import Report

            assert isinstance(report, Report)
            bar.update(task, advance=1, description=for_rich(
                f"{report.submission}: {points(report.score)}/{points(report.max_score)}"))

        result = grade_batch(
            submissions=submissions, assignment=assignment, out=out, jobs=jobs,
            sandbox="docker" if sandbox == "docker" else "local", resume=resume,
            progress=advance, total=lambda n: bar.update(task, total=n),
        )
    for line in summary_lines(result):
        click.echo(line)
    click.echo(f"gradebook: {out / 'gradebook.csv'}")
