"""Authoring commands: ``validate``, ``schema``, ``build``, ``tree show``."""

from __future__ import annotations

import json

import click

from grader.cli import main


@main.command()
@click.argument("kind", type=click.Choice(["tree", "assignment"]))
def schema(kind: str) -> None:
    """Print the JSON Schema of a file KIND: `tree` (*.tree.json) or `assignment`."""
    from grader.assignment import assignment_schema
    from grader.treefile import tree_schema

    doc = tree_schema() if kind == "tree" else assignment_schema()
    click.echo(json.dumps(doc, indent=2))
