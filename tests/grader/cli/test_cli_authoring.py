"""The authoring commands: ``grader build``, ``validate``, ``schema`` and ``tree show``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from grader.authoring.assignment import assignment_schema
from grader.cli import main
from grader.grading.report import report_schema
from grader.trees.treefile import tree_schema
from tests.examples.tiny_assignment import FIG52, write_assignment


def run(*args: str | Path) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args])


def tree_file(tmp_path: Path, data: dict[str, Any], name: str = "t") -> Path:
    path = tmp_path / f"{name}.tree.json"
    path.write_text(json.dumps(data))
    return path


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    test = {"name": "fig52", "tree": "trees/fig52.tree.json", "depth": 2, "points": 1}
    return write_assignment(tmp_path / "tiny", {"fig52": FIG52}, [test])


# --- build -----------------------------------------------------------------------------


def test_build_then_check(tiny: Path) -> None:
    (tiny / "golden" / "fig52.json").unlink()
    first = run("build", "-a", tiny)
    assert first.exit_code == 0, first.output
    assert f"wrote: {tiny / 'golden' / 'fig52.json'}" in first.output
    again = run("build", "-a", tiny)
    assert again.exit_code == 0
    assert "wrote:" not in again.output
    assert "1 golden(s) current" in again.output
    assert run("build", "-a", tiny, "--check").exit_code == 0


def test_build_check_fails_on_a_changed_tree(tiny: Path) -> None:
    (tiny / "trees" / "fig52.tree.json").write_text(json.dumps({**FIG52, "nested": [[1, 2]]}))
    result = run("build", "-a", tiny, "--check")
    assert result.exit_code == 2
    assert "Error:" in result.output
    assert "stale: golden/fig52.json" in result.output
    assert "Traceback" not in result.output


def test_build_of_an_unknown_assignment_is_a_usage_error(tmp_path: Path) -> None:
    result = run("build", "-a", tmp_path / "nowhere")
    assert result.exit_code == 2
    assert "Error: unknown assignment" in result.output


# --- validate --------------------------------------------------------------------------


def test_validate_prints_ok_per_file_and_goes_on_after_an_error(
    tmp_path: Path, tiny: Path
) -> None:
    good = tree_file(tmp_path, FIG52, "good")
    # A(max) --a--> Z, which is not a node
    bad = tree_file(tmp_path, {"format": "game-tree/1", "root": "A", "nodes": {
        "A": {"to_move": 0, "children": {"a": "Z"}}}}, "bad")
    result = run("validate", bad, good, tiny)
    assert result.exit_code == 2
    lines = result.output.splitlines()
    assert f"Error: {bad}: nodes.A.children.a: 'Z' is not a node" in lines
    assert f"ok: {good}" in lines
    assert f"ok: {tiny / 'assignment.yaml'}" in lines
    assert f"ok: {tiny / 'trees' / 'fig52.tree.json'}" in lines


def test_validate_all_good_exits_0(tiny: Path) -> None:
    result = run("validate", tiny / "assignment.yaml")
    assert result.exit_code == 0
    assert result.output.count("ok: ") == 3  # the yaml, its tree, its golden


def test_validate_a_builtin_by_name() -> None:
    result = run("validate", "alphabeta")
    assert result.exit_code == 0
    assert "ok: " in result.output
    assert "alphabeta/trees/fig52.tree.json" in result.output.replace("\\", "/")


def test_validate_a_missing_file(tmp_path: Path) -> None:
    result = run("validate", tmp_path / "none.tree.json")
    assert result.exit_code == 2
    assert f"Error: {tmp_path / 'none.tree.json'}: no such file" in result.output


# --- schema ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "model"),
    [
        pytest.param("tree", tree_schema, id="tree"),
        pytest.param("assignment", assignment_schema, id="assignment"),
        pytest.param("report", report_schema, id="report"),
    ],
)
def test_schema_prints_the_model_schema(kind: str, model: Any) -> None:
    result = run("schema", kind)
    assert result.exit_code == 0
    assert json.loads(result.output) == model()
    assert result.output.endswith("}\n")


def test_schema_needs_a_kind_or_write() -> None:
    result = run("schema")
    assert result.exit_code == 2
    assert "give a KIND" in result.output


# --- tree show -------------------------------------------------------------------------


def show(path: Path, *options: str) -> list[str]:
    result = run("tree", "show", path, *options)
    assert result.exit_code == 0, result.output
    lines: list[str] = result.output.splitlines()
    return lines


def pruned_ids(lines: list[str]) -> list[str]:
    """The node id on each line marked [pruned]: the word after '-> '."""
    return [line.split("-> ")[1].split()[0] for line in lines if line.endswith("[pruned]")]


def test_show_fig52_marks_what_alphabeta_prunes(tmp_path: Path) -> None:
    lines = show(tree_file(tmp_path, FIG52))
    # AIMA fig 5.2: after C1 = 2 <= alpha = 3, C2 and C3 are never looked at
    assert pruned_ids(lines) == ["C2", "C3"]
    assert "visits 11 of 13 positions, prunes 2" in lines[0]
    assert lines[1] == "A  MAX  = 3"
    assert "+-- a1 -> B  MIN  = 3" in lines
    assert "|   +-- b1 -> B1  utility 3" in lines
    assert "    `-- d3 -> D3  utility 2" in lines
    assert len(lines) == 1 + 13


def test_show_with_minimax_prunes_nothing(tmp_path: Path) -> None:
    lines = show(tree_file(tmp_path, FIG52), "--algorithm", "minimax")
    assert pruned_ids(lines) == []
    assert "minimax visits 13 of 13 positions" in lines[0]


# A(max) --a1--> B(min): 3 5     --a2--> C(min): 3 9 1, where C1 = 3 equals alpha
EQUALITY = {"format": "game-tree/1", "nested": [[3, 5], [3, 9, 1]]}


@pytest.mark.parametrize(
    ("options", "pruned"),
    [
        pytest.param([], ["C2", "C3"], id="prune-on-equality"),
        pytest.param(["--no-prune-on-equality"], [], id="prune-strictly"),
    ],
)
def test_show_follows_the_pruning_convention(
    tmp_path: Path, options: list[str], pruned: list[str]
) -> None:
    assert pruned_ids(show(tree_file(tmp_path, EQUALITY), *options)) == pruned


# AIMA fig 5.2 with evals B 5, C 1, D 6 (the beam assignment's tree): a beam of 2 keeps
# D and B, then each MIN node's two lowest leaves: B 3 (B1 3, B3 8), D 2 (D3 2, D2 5);
# a beam of 1 keeps D alone, whose lowest leaf is 2
FIG52_EVALS = Path(__file__).resolve().parents[3] / "assignments/beam/trees/fig52-evals.tree.json"
C_LEAVES = ["C1", "C2", "C3"]


@pytest.mark.parametrize(
    ("options", "answer", "pruned"),
    [
        pytest.param([], "answers 3, move a1", ["C2", "C3"], id="alphabeta"),
        pytest.param(["--algorithm", "beam", "--set", "beam_width=2"], "answers 3, move a1",
                     C_LEAVES, id="beam-2"),
        pytest.param(["--algorithm", "beam", "--set", "beam_width=1"], "answers 2, move a3",
                     ["B1", "B2", "B3", *C_LEAVES], id="beam-1"),
    ],
)
def test_show_gives_the_answer_of_the_search_its_conventions_set(
    options: list[str], answer: str, pruned: list[str]
) -> None:
    lines = show(FIG52_EVALS, *options)
    assert lines[0].endswith(answer)
    assert pruned_ids(lines) == pruned


def test_show_says_why_a_search_cannot_play_with_its_settings(tmp_path: Path) -> None:
    lines = show(tree_file(tmp_path, FIG52), "--algorithm", "probcut",
                 "--set", "probcut_shallow=2")
    assert lines[0].endswith("values only (probcut does not play this tree: probcut_shallow "
                             "(2) must be less than probcut_depth (2))")
    assert pruned_ids(lines) == []


def test_show_refuses_contradicting_pruning_options(tmp_path: Path) -> None:
    result = run("tree", "show", tree_file(tmp_path, FIG52), "--no-prune-on-equality",
                 "--set", "prune_on_equality=true")
    assert result.exit_code == 2
    assert "contradict each other" in result.output


@pytest.mark.parametrize(
    ("setting", "says"),
    [
        pytest.param("beam_width=2", "alphabeta takes no convention 'beam_width'", id="not-its"),
        pytest.param("fail_soft", "write NAME=VALUE", id="no-value"),
        pytest.param("fail_soft=maybe", "fail_soft takes true or false, not 'maybe'", id="bool"),
        pytest.param("nonsense=1", "alphabeta takes no convention 'nonsense'", id="unknown"),
    ],
)
def test_show_refuses_a_setting_it_cannot_use(tmp_path: Path, setting: str, says: str) -> None:
    result = run("tree", "show", tree_file(tmp_path, FIG52), "--set", setting)
    assert result.exit_code == 2
    assert says in result.output
    assert "Traceback" not in result.output


# A(max, eval 0) --a1--> B(min, eval 2) --b1--> B1 = 9
#                --a2--> C(min, eval 5) --c1--> C1 = 1
CUTOFF = {"format": "game-tree/1", "root": "A", "nodes": {
    "A": {"to_move": 0, "children": {"a1": "B", "a2": "C"}, "eval": 0},
    "B": {"to_move": 1, "children": {"b1": "B1"}, "eval": 2},
    "C": {"to_move": 1, "children": {"c1": "C1"}, "eval": 5, "noisy": ["c1"]},
    "B1": {"utility": 9}, "C1": {"utility": 1},
}}


def test_show_at_a_smaller_depth_stops_at_the_evals(tmp_path: Path) -> None:
    lines = show(tree_file(tmp_path, CUTOFF), "--depth", "1")
    assert lines[1] == "A  MAX  = 5"
    assert "+-- a1 -> B  MIN  eval 2 (cut off)" in lines
    assert "`-- a2 -> C  MIN  eval 5 (cut off)  noisy: c1" in lines
    assert len(lines) == 4
    full = show(tree_file(tmp_path, CUTOFF))
    assert full[1] == "A  MAX  = 9"


def test_show_refuses_a_depth_the_evals_do_not_cover(tmp_path: Path) -> None:
    result = run("tree", "show", tree_file(tmp_path, FIG52), "--depth", "1")
    assert result.exit_code == 2
    assert "has no 'eval'" in result.output
    assert "Traceback" not in result.output


# A(max) --a1--> B(min) --b1--> X(max) --x1--> X1 = 3
#        --a2--> X            (X reached twice: drawn under both parents)
TRANSPOSED = {"format": "game-tree/1", "root": "A", "nodes": {
    "A": {"to_move": 0, "children": {"a1": "B", "a2": "X"}},
    "B": {"to_move": 1, "children": {"b1": "X"}},
    "X": {"to_move": 0, "children": {"x1": "X1"}},
    "X1": {"utility": 3},
}}


def test_show_draws_a_transposition_on_each_path(tmp_path: Path) -> None:
    lines = show(tree_file(tmp_path, TRANSPOSED))
    assert sum(" -> X  " in line for line in lines) == 2
    assert sum("-> X1  utility 3" in line for line in lines) == 2


# A(P0) --a1--> B(P1) --b1--> B1 = (1, 5, 2)     P1 takes b2 (6 > 5)
#                     --b2--> B2 = (4, 6, 0)
#       --a2--> A2 = (3, 0, 3)                   P0 takes a1 (4 > 3)
THREE = {"format": "game-tree/1", "players": 3, "root": "A", "nodes": {
    "A": {"to_move": 0, "children": {"a1": "B", "a2": "A2"}},
    "B": {"to_move": 1, "children": {"b1": "B1", "b2": "B2"}},
    "B1": {"utility": [1, 5, 2]}, "B2": {"utility": [4, 6, 0]}, "A2": {"utility": [3, 0, 3]},
}}


def test_show_three_players_draws_maxn_vectors(tmp_path: Path) -> None:
    lines = show(tree_file(tmp_path, THREE))
    assert lines[1] == "A  P0  = (4, 6, 0)"
    assert "+-- a1 -> B  P1  = (4, 6, 0)" in lines
    assert "`-- a2 -> A2  utility (3, 0, 3)" in lines
    assert "values only" in lines[0]
    assert pruned_ids(lines) == []


# A(max) --a1--> C(chance) --x (p=0.25)--> X = 8
#                          --y (p=0.75)--> Y = 4      C = 0.25*8 + 0.75*4 = 5
#        --a2--> A2 = 3
CHANCE = {"format": "game-tree/1", "root": "A", "nodes": {
    "A": {"to_move": 0, "children": {"a1": "C", "a2": "A2"}},
    "C": {"chance": True, "children": {"x": "X", "y": "Y"},
          "probabilities": {"x": 0.25, "y": 0.75}},
    "X": {"utility": 8}, "Y": {"utility": 4}, "A2": {"utility": 3},
}}


def test_show_chance_nodes_take_the_expectation(tmp_path: Path) -> None:
    lines = show(tree_file(tmp_path, CHANCE))
    assert lines[1] == "A  MAX  = 5"
    assert "+-- a1 -> C  CHANCE  = 5" in lines
    assert "|   +-- x (p=0.25) -> X  utility 8" in lines
    assert "values only" in lines[0]  # alpha-beta does not play chance nodes
