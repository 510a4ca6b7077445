"""``grader report``: turn a saved JSON report into an HTML page with every test's tree."""

from __future__ import annotations

from pathlib import Path

import click

from grader.cli import main
from grader.errors import GraderError


@main.command()
@click.argument("result", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--html",
    "html_out",
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the HTML report here.",
)
@click.option(
    "-a",
    "--assignment",
    help="A built-in assignment's name or a folder [the report's assignment].",
)
def report(result: Path, html_out: Path, assignment: str | None) -> None:
    """Write RESULT.json (from `grader check --json`) as one self-contained HTML page:
    each test's tree drawn, the reference's search against yours."""
    from grader.grading.report import load_report
    from grader.grading.report_trees import load_report_trees
    from grader.reports.context import ReportContext
    from grader.reports.html import html_report

    loaded = load_report(result)
    try:
        trees = load_report_trees(assignment or loaded.assignment, report=loaded)
    except GraderError as exc:
        if assignment is not None:
            raise
        raise GraderError(
            f"{exc.message}\n(the report names assignment {loaded.assignment!r}; "
            "give its folder with -a)"
        ) from None
    try:
        html_out.write_text(html_report(loaded, ReportContext(trees=trees)), encoding="utf-8")
    except OSError as exc:
        raise GraderError(f"{html_out}: cannot write the report ({exc})") from None
    click.echo(f"wrote: {html_out}")
