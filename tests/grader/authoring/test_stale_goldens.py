"""A golden is used only when it was computed from its test as the test stands.

Each case edits one field of a built assignment (or its tree) without rebuilding:
``grader check``, ``grade`` and ``ci`` refuse with exit 2, naming the test and
``grader build``; the Gradescope runner writes a results file that says the same; and
``grader validate`` reports it. After ``grader build`` all of them grade again.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from grader.cli import main
from grader.courses.gradescope import ASSIGNMENT_DIR, run_autograder
from tests.examples.tiny_assignment import FIG52, write_assignment

REPO = Path(__file__).resolve().parents[3]
CORRECT = REPO / "examples" / "alphabeta" / "correct.py"
TEST = {"name": "cutoff-depth-2", "tree": "trees/fig52.tree.json", "depth": 2, "points": 1,
        "checks": ["value", "action", "expanded"]}

Edit = Callable[[dict[str, Any], Path], None]


def set_field(name: str, value: Any) -> Edit:
    def edit(spec: dict[str, Any], folder: Path) -> None:
        spec["tests"][0][name] = value

    return edit


def change_tree(spec: dict[str, Any], folder: Path) -> None:
    # fig 5.2 with B's first leaf 3 -> 4: the root value changes
    (folder / "trees" / "fig52.tree.json").write_text(json.dumps(
        {**FIG52, "nested": [[4, 12, 8], [2, 4, 6], [14, 5, 2]]}))


def move_tree(spec: dict[str, Any], folder: Path) -> None:
    shutil.copy(folder / "trees" / "fig52.tree.json", folder / "trees" / "other.tree.json")
    spec["tests"][0]["tree"] = "trees/other.tree.json"


EDITS = [
    pytest.param(set_field("depth", 3), "depth is 3", id="depth"),
    pytest.param(set_field("depth_unit", "round"), "depth_unit is 'round'", id="depth-unit"),
    pytest.param(set_field("algorithm", "minimax"), "algorithm is 'minimax'", id="algorithm"),
    pytest.param(set_field("prune_on_equality", False), "prune_on_equality is False",
                 id="convention"),
    pytest.param(set_field("fail_soft", True), "fail_soft is True", id="pinned-form"),
    pytest.param(change_tree, "fig52.tree.json changed", id="tree-bytes"),
    pytest.param(move_tree, "tree is 'trees/other.tree.json'", id="tree-path"),
]


def stale(folder: Path, edit: Edit) -> Path:
    write_assignment(folder, {"fig52": FIG52}, [dict(TEST)])
    path = folder / "assignment.yaml"
    spec = yaml.safe_load(path.read_text())
    edit(spec, folder)
    path.write_text(yaml.safe_dump(spec, sort_keys=False))
    return folder


def refused(output: str, says: str) -> bool:
    return "cutoff-depth-2" in output and "grader build" in output and says in output


@pytest.mark.parametrize(("edit", "says"), EDITS)
def test_check_grade_and_ci_refuse_a_stale_golden(
    tmp_path: Path, edit: Edit, says: str
) -> None:
    folder = stale(tmp_path / "a", edit)
    runner = CliRunner()
    check = runner.invoke(main, ["check", str(CORRECT), "-a", str(folder)])
    assert check.exit_code == 2 and refused(check.output, says), check.output
    subs = tmp_path / "subs"
    subs.mkdir()
    shutil.copy(CORRECT, subs / "ada.py")
    grade = runner.invoke(main, ["grade", str(subs), "-a", str(folder), "-o",
                                 str(tmp_path / "out")])
    assert grade.exit_code == 2 and refused(grade.output, says), grade.output
    ci = runner.invoke(main, ["ci", str(CORRECT), "-a", str(folder), "--report-dir",
                              str(tmp_path / "ci"), "--summary", str(tmp_path / "s.md"),
                              "--output", str(tmp_path / "o.txt")])
    assert ci.exit_code == 2 and refused(ci.output, says), ci.output
    validate = runner.invoke(main, ["validate", str(folder)])
    assert validate.exit_code == 2 and refused(validate.output, says), validate.output
    assert runner.invoke(main, ["build", "-a", str(folder)]).exit_code == 0
    again = runner.invoke(main, ["check", str(CORRECT), "-a", str(folder)])
    assert again.exit_code in (0, 1), again.output  # graded again (an edit may fail it)


def test_the_gradescope_runner_says_why_it_cannot_grade(tmp_path: Path) -> None:
    root = tmp_path / "autograder"
    stale(root / "source" / ASSIGNMENT_DIR, set_field("depth", 3))
    (root / "submission").mkdir(parents=True)
    shutil.copy(CORRECT, root / "submission" / "agent.py")
    results = json.loads(run_autograder(root=root).read_text())
    assert results["score"] == 0.0 and results["tests"] == []
    assert refused(results["output"], "depth is 3"), results["output"]


def test_validate_names_a_test_added_without_a_build(tmp_path: Path) -> None:
    folder = stale(tmp_path / "a", lambda spec, folder: spec["tests"].append(
        {**TEST, "name": "added-later"}))
    result = CliRunner().invoke(main, ["validate", str(folder)])
    assert result.exit_code == 2
    assert "added-later" in result.output and "grader build" in result.output, result.output
