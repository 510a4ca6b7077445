"""An evaluations assignment in ``assignment.yaml``: play rules and matches as an agents
assignment has, an ``evaluation`` and its ``properties``; what it refuses names the place
and the fix. The built-in connect4-eval's positions are current and rebuilt byte for byte."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from grader.authoring.assignment import builtin_root, load_assignment
from grader.authoring.build import build_assignment
from grader.errors import GraderError, InputFileError

PLAY = {"game": "connect4", "move_s": 0.5, "game_s": 5.0}
EVALUATION = {"depth": 2, "call_s": 0.1, "bound": 10000}
MATCH = {"name": "vs-zero", "opponent": "alphabeta:2:zero", "games": 2,
         "thresholds": [{"score": 0.5, "points": 1}]}
PROPERTY = {"name": "zero-sum", "property": "zero-sum", "points": 1}


def write(tmp_path: Path, **fields: Any) -> Path:
    data = {"name": "eval", "entry": "evaluate", **fields}
    (tmp_path / "assignment.yaml").write_text(yaml.safe_dump(data))
    return tmp_path


def test_an_evaluations_assignment_loads(tmp_path: Path) -> None:
    spec = load_assignment(write(tmp_path, play=PLAY, evaluation=EVALUATION,
                                 matches=[MATCH], properties=[PROPERTY])).spec
    assert spec.evaluation is not None and spec.evaluation.positions == 24
    assert [p.property for p in spec.properties] == ["zero-sum"]


@pytest.mark.parametrize(("fields", "place", "words"), [
    ({"play": PLAY, "matches": [MATCH], "properties": [PROPERTY]}, "",
     "'evaluation' is a dependency of 'properties'"),
    ({"evaluation": EVALUATION, "matches": [MATCH]}, "",
     "'play' is a dependency of 'evaluation'"),
    ({"play": PLAY, "evaluation": EVALUATION,
      "matches": [{**MATCH, "opponent": "alphabeta:3:centre"}]},
     "matches.0.opponent", "a baseline plays at the same depth (alphabeta:2:centre)"),
    ({"play": PLAY, "evaluation": EVALUATION,
      "matches": [{**MATCH, "opponent": "alphabeta:2:material"}]},
     "matches.0.opponent", "does not match"),
    ({"play": PLAY, "evaluation": EVALUATION, "matches": [MATCH],
      "properties": [{**PROPERTY, "property": "symmetry"}]}, "properties.0.property", ""),
    ({"play": PLAY, "evaluation": EVALUATION, "matches": [MATCH],
      "properties": [PROPERTY, PROPERTY]}, "properties.1.name", "used twice"),
    ({"play": PLAY, "evaluation": {**EVALUATION, "depth": 0}, "matches": [MATCH]},
     "evaluation.depth", ""),
], ids=["properties-without-evaluation", "evaluation-without-play", "baseline-deeper",
        "unknown-baseline", "unknown-property", "a-name-twice", "depth-zero"])
def test_what_an_evaluations_assignment_refuses(
    tmp_path: Path, fields: dict[str, Any], place: str, words: str
) -> None:
    with pytest.raises(InputFileError) as caught:
        load_assignment(write(tmp_path, **fields))
    assert place in str(caught.value) and words in str(caught.value)


def test_connect4_eval_positions_are_current() -> None:
    assert build_assignment(assignment="connect4-eval", check=True) == []


def test_connect4_eval_positions_rebuild_byte_for_byte(tmp_path: Path) -> None:
    source = builtin_root() / "connect4-eval"
    copy = tmp_path / "connect4-eval"
    shutil.copytree(source, copy)
    shutil.rmtree(copy / "golden")
    written = build_assignment(assignment=copy)
    assert [p.name for p in written] == ["positions.json"]
    committed = (source / "golden" / "positions.json").read_bytes()
    assert (copy / "golden" / "positions.json").read_bytes() == committed


def test_grading_without_built_positions_says_to_build(tmp_path: Path) -> None:
    from grader.grading.check import grade_submission

    copy = tmp_path / "connect4-eval"
    shutil.copytree(builtin_root() / "connect4-eval", copy)
    shutil.rmtree(copy / "golden")
    agent = tmp_path / "agent.py"
    agent.write_text("def evaluate(game, state, player):\n    return 0\n")
    with pytest.raises(GraderError, match="run `grader build -a"):
        grade_submission(submission=agent, assignment=copy, tests=["zero-sum"])


def test_validate_names_stale_positions(tmp_path: Path) -> None:
    from grader.authoring.build import validate_paths

    copy = tmp_path / "connect4-eval"
    shutil.copytree(builtin_root() / "connect4-eval", copy)
    assert [o.error for o in validate_paths(paths=[copy])] == [None, None]
    text = (copy / "assignment.yaml").read_text()
    (copy / "assignment.yaml").write_text(text.replace("  seed: 1\n", "  seed: 2\n"))
    errors = [str(o.error) for o in validate_paths(paths=[copy]) if o.error is not None]
    assert len(errors) == 1 and "positions.json: missing or stale" in errors[0]
