"""Authoring commands: ``build``, ``validate``, ``schema``, ``tree show``."""

from __future__ import annotations

from pathlib import Path

import click

from grader.authoring.schema_files import SCHEMAS
from grader.cli import assignment_option, main, require_full_grader
from grader.errors import EXIT_USAGE, GraderError
from reference.algorithms import drawn

require_full_grader()  # each command builds, checks or draws with the reference searches


@main.command()
@assignment_option
@click.option("--check", is_flag=True, help="Write nothing; fail if a golden is not current.")
def build(assignment: str, check: bool) -> None:
    """Compute each test's golden from the reference search; write golden/<test>.json.

    A rebuild of an unchanged assignment writes nothing. With --check, exits 2 listing
    the goldens that are missing, stale or left over (for CI).
    """
    from grader.authoring.assignment import load_assignment
    from grader.authoring.build import build_assignment

    written = build_assignment(assignment=assignment, check=check)
    loaded = load_assignment(assignment)
    for path in written:
        click.echo(f"wrote: {path}")
    count = len(loaded.spec.tests) + (loaded.spec.evaluation is not None)  # positions.json
    state = "current" if check or not written else "built"
    click.echo(f"{loaded.name}: {count} golden(s) {state} in {loaded.folder / 'golden'}")


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
def validate(paths: tuple[Path, ...]) -> None:
    """Check tree files, folders of them, and assignments (built-in names, folders or
    assignment.yaml): schema, consistency, the evals each test's depth needs. Checks
    all, prints `ok: FILE` or the error of each, and exits 2 if any is wrong."""
    from grader.authoring.build import validate_paths

    failed = False
    for outcome in validate_paths(paths=list(paths)):
        if outcome.error is None:
            click.echo(f"ok: {outcome.path}")
        else:
            failed = True
            click.echo(f"Error: {outcome.error.message}", err=True)
    if failed:
        click.get_current_context().exit(EXIT_USAGE)


@main.command()
@click.argument("kind", type=click.Choice(list(SCHEMAS)), required=False)
@click.option(
    "--write", is_flag=True, help="Regenerate the copies shipped in grader/schemas/ instead."
)
def schema(kind: str | None, write: bool) -> None:
    """Print the JSON Schema of KIND: `tree` (*.tree.json), `assignment` or `report`.

    `grader schema --write` regenerates every committed copy from the models.
    """
    from grader.authoring.build import schema_text, write_schemas

    if write:
        for path in write_schemas():
            click.echo(f"wrote: {path}")
        return
    if kind is None:
        raise click.UsageError("give a KIND (tree, assignment, report) or --write")
    click.echo(schema_text(kind=kind), nl=False)


@main.group()
def tree() -> None:
    """Look at game-tree files."""


@tree.command()
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--depth", type=click.IntRange(min=0), help="Plies to search [tree height].")
@click.option(
    "--algorithm",
    type=click.Choice(drawn()),
    default="alphabeta",
    show_default=True,
    help="Search whose unvisited positions are marked [pruned].",
)
@click.option(
    "--no-prune-on-equality",
    "strict",
    is_flag=True,
    help="Alpha-beta prunes only when alpha > beta (default: alpha >= beta).",
)
@click.option(
    "--set",
    "settings",
    multiple=True,
    metavar="NAME=VALUE",
    help="A convention of the search, as a test sets it (repeatable): "
    "--set beam_width=2 --set fail_soft=true.",
)
@click.option(
    "--svg",
    "svg_out",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the drawing as an SVG picture to this file instead.",
)
def show(
    file: Path,
    depth: int | None,
    algorithm: str,
    strict: bool,
    settings: tuple[str, ...],
    svg_out: Path | None,
) -> None:
    """Draw FILE as a search of DEPTH plies sees it: ids, actions, who moves, values,
    the positions the search never visits, and the value and move it answers."""
    from grader.reports.treeshow import parse_settings, show_tree_file, svg_tree_file

    conventions = parse_settings(algorithm, settings)
    if strict:
        if conventions.get("prune_on_equality", False) is not False:
            raise click.UsageError("--no-prune-on-equality and --set prune_on_equality=true "
                                   "contradict each other; give one")
        conventions = {**conventions, "prune_on_equality": False}
    if svg_out is not None:
        picture = svg_tree_file(
            path=file, depth=depth, algorithm=algorithm, conventions=conventions
        )
        try:
            svg_out.write_text(picture, encoding="utf-8")
        except OSError as exc:
            raise GraderError(f"{svg_out}: cannot write the picture ({exc})") from None
        click.echo(f"wrote: {svg_out}")
        return
    text = show_tree_file(path=file, depth=depth, algorithm=algorithm, conventions=conventions)
    click.echo(text, nl=False)
