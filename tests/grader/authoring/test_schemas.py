"""The JSON Schemas shipped in grader/schemas/ are exactly what the models generate.

Regenerate the copies with ``grader schema --write`` after changing a model.
"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from grader.authoring.assignment import builtin_root
from grader.authoring.build import schema_path, schema_text
from grader.authoring.schema_files import SCHEMAS

SCHEMA_DIR = Path(__file__).resolve().parents[3] / "grader" / "schemas"
KINDS = [pytest.param(kind, id=kind) for kind in SCHEMAS]


@pytest.mark.parametrize("kind", KINDS)
def test_committed_copy_is_current(kind: str) -> None:
    committed = (SCHEMA_DIR / SCHEMAS[kind][0]).read_text(encoding="utf-8")
    assert committed == schema_text(kind=kind), "run `grader schema --write`"


@pytest.mark.parametrize("kind", KINDS)
def test_copy_is_a_valid_2020_12_schema(kind: str) -> None:
    schema = json.loads(schema_path(kind=kind).read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_every_schema_file_is_a_known_kind() -> None:
    assert sorted(p.name for p in SCHEMA_DIR.glob("*.json")) == sorted(
        name for name, _ in SCHEMAS.values()
    )


def committed(kind: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(json.loads(schema_path(kind=kind).read_text()))


@pytest.mark.parametrize(
    "path", [pytest.param(p, id=f"{p.parent.parent.name}/{p.name}")
             for p in sorted(builtin_root().glob("*/trees/*.tree.json"))]
)
def test_builtin_trees_meet_the_committed_tree_schema(path: Path) -> None:
    assert list(committed("tree").iter_errors(json.loads(path.read_text()))) == []


@pytest.mark.parametrize(
    "path", [pytest.param(p, id=p.parent.name)
             for p in sorted(builtin_root().glob("*/assignment.yaml"))]
)
def test_builtin_assignments_meet_the_committed_assignment_schema(path: Path) -> None:
    assert list(committed("assignment").iter_errors(yaml.safe_load(path.read_text()))) == []


def test_the_tree_schema_refuses_what_the_loader_refuses() -> None:
    bad = {"format": "game-tree/1", "root": "A", "nodes": {"A": {"utility": "three"}}}
    assert list(committed("tree").iter_errors(bad)) != []
