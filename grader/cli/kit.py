"""Commands that hand an assignment over: ``kit`` (to students), ``gradescope`` (its
autograder zip) and ``import cs188`` (from Berkeley's multi-agent tests)."""

from __future__ import annotations

from pathlib import Path

import click

from grader.cli import allow_limits_only_option, assignment_option, main


@main.command()
@assignment_option
@click.option(
    "-o", "--out", required=True, type=click.Path(path_type=Path),
    help="The kit's folder (new or empty).",
)
def kit(assignment: str, out: Path) -> None:
    """Write the student kit: a starter agent.py, the visible tests' trees and goldens,
    and a README with the one command that checks the student's work.

    Hidden tests, their goldens and the reference searches are left out.
    """
    from grader.courses.kit import build_kit, check_command

    written = build_kit(assignment=assignment, out=out)
    for path in written:
        click.echo(f"wrote: {path}")
    click.echo(f"kit ready in {out}; students run: {check_command()}")


@main.command()
@assignment_option
@click.option(
    "-o", "--out", required=True, type=click.Path(dir_okay=False, path_type=Path),
    help="The zip to write (e.g. autograder.zip).",
)
@allow_limits_only_option
def gradescope(assignment: str, out: Path, allow_limits_only: bool) -> None:
    """Build the autograder zip Gradescope accepts (setup.sh, run_autograder, the
    assignment and the grader), which grades each submission in Gradescope's container
    and writes /autograder/results/results.json. Hidden tests are marked hidden.

    Where Gradescope's container cannot make the local sandbox's namespaces, the runner
    refuses to run student code unless the zip is built with --allow-limits-only."""
    from grader.courses.gradescope import build_autograder_zip

    path = build_autograder_zip(
        assignment=assignment, out=out, allow_limits_only=allow_limits_only
    )
    click.echo(f"wrote: {path}")


@main.group("import")
def import_group() -> None:
    """Convert another autograder's tests into an assignment."""


@import_group.command("cs188")
@click.argument("tests", type=click.Path(exists=True, path_type=Path))
@click.option(
    "-o", "--out", required=True, type=click.Path(file_okay=False, path_type=Path),
    help="The new assignments' folder (new or empty): one folder per question.",
)
@click.option("--name", help="The assignment's name (a prefix for each question's).")
@click.option(
    "--entry", "entry_kind", type=click.Choice(["cs188", "function"]), default="cs188",
    show_default=True,
    help="cs188: grade the students' multiAgents.py unchanged (the agent classes); "
    "function: a function f(game, state, depth) returning (value, action).",
)
@click.option(
    "--all-or-nothing", is_flag=True,
    help="A question's points only when all its tests pass, as CS188 scores it.",
)
def cs188(
    tests: Path, out: Path, name: str | None, entry_kind: str, all_or_nothing: bool
) -> None:
    """Convert Berkeley CS188's multi-agent tests into assignments, goldens built: TESTS
    is a course's test_cases folder (an assignment per question: q2 minimax, q3
    alpha-beta, q4 expectimax, worth the points of each question's CONFIG), one
    question's folder, or one .test file. Every GraphGameTreeTest (a fixed tree) is
    converted; tests that play Pacman games are skipped, and listed. A .solution file
    beside a test must agree with the converted test."""
    from grader.courses.cs188_import import import_cs188

    done = import_cs188(
        tests=tests, out=out, name=name, entry_kind=entry_kind, all_or_nothing=all_or_nothing
    )
    for path, reason in done.skipped:
        click.echo(f"skipped: {path} ({reason})")
    for question in done.assignments:
        count = len(question.tests)
        click.echo(
            f"imported: {question.name}: {question.entry}, {count} test{'s' * (count != 1)} "
            f"({', '.join(question.tests)}), {question.points:g} points, in {question.folder}"
        )
    submission = "multiAgents.py" if entry_kind == "cs188" else "agent.py"
    first = done.assignments[0].folder
    click.echo(f"try: grader check {submission} -a {first}")
