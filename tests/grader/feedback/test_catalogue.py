"""The known mistakes' runs a student kit stores give the diagnosis the same runs as the
reference variants, and are never used for another test."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grader.authoring.assignment import builtin_names
from grader.errors import InputFileError
from grader.feedback.catalogue import (
    CATALOGUE_FILE,
    catalogue_entry,
    catalogue_json,
    known_runs,
    load_catalogue,
    run_key,
)
from grader.grading.check import prepare


@pytest.mark.parametrize("assignment", builtin_names(played=False))
def test_stored_runs_equal_the_variants_runs(assignment: str, tmp_path: Path) -> None:
    ready = prepare(assignment=assignment)
    entries = [catalogue_entry(**ctx.variant_inputs()) for ctx in ready.contexts]
    assert any(entry["runs"] for entry in entries), "no known mistake to store"
    path = tmp_path / CATALOGUE_FILE
    path.write_text(catalogue_json(entries))
    assert load_catalogue(path) == len(ready.contexts)
    for ctx in ready.contexts:
        stored = known_runs(**ctx.variant_inputs())
        entry = next(e for e in entries if e["key"] == run_key(**ctx.variant_inputs()))
        assert [r.name for r in stored] == [r["name"] for r in entry["runs"]]
        assert json.loads(json.dumps([list(map(list, r.visits)) for r in stored])) == [
            r["visits"] for r in entry["runs"]
        ]


def test_key_depends_on_depth_and_conventions() -> None:
    ctx = prepare(assignment="alphabeta").contexts[0]
    inputs = ctx.variant_inputs()
    key = run_key(**inputs)
    assert run_key(**{**inputs, "depth": inputs["depth"] + 1}) != key
    flipped = {**inputs["conventions"], "prune_on_equality": not ctx.spec.prune_on_equality}
    assert run_key(**{**inputs, "conventions": flipped}) != key
    assert run_key(**{**inputs, "algorithm": "minimax"}) != key


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("not json", id="not-json"),
        pytest.param('{"format": "mistakes/9", "tests": []}', id="wrong-format"),
        pytest.param('{"format": "mistakes/1", "tests": [{"key": "k"}]}', id="no-runs"),
    ],
)
def test_a_broken_catalogue_is_refused_with_its_file(tmp_path: Path, text: str) -> None:
    path = tmp_path / CATALOGUE_FILE
    path.write_text(text)
    with pytest.raises(InputFileError, match=CATALOGUE_FILE):
        load_catalogue(path)
