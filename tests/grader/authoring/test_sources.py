"""Positions tests: a test names a game and a position instead of a tree file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from grader.authoring.assignment import load_assignment
from grader.authoring.build import build_assignment, validate_paths
from grader.authoring.golden import load_golden
from grader.authoring.sources import searched_tree, source_digest
from grader.errors import GraderError, InputFileError
from grader.games.tictactoe import TicTacToe
from grader.grading.check import prepare
from grader.trees.record import LISTED_VISITS

YAML = "assignment.yaml"


def positions(folder: Path, tests: list[dict[str, Any]], entry: str = "minimax") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    spec = {"name": "positions", "entry": entry, "tests": tests}
    (folder / YAML).write_text(yaml.safe_dump(spec, sort_keys=False))
    return folder


def entry_for(name: str, position: str, depth: int, **more: Any) -> dict[str, Any]:
    return {"name": name, "game": "tictactoe", "position": position, "depth": depth,
            "points": 1, "checks": ["value", "action", "expanded"], **more}


@pytest.mark.parametrize(
    ("entry", "place", "reason"),
    [
        pytest.param({"tree": "trees/t.tree.json"}, "tests[t]",
                     "a test names a tree, or a game and a position, not both", id="both"),
        pytest.param({"position": None}, "tests[t]",
                     "a test names a tree, or a game and a position", id="no-position"),
        pytest.param({"game": "go"}, "tests[t].game", "'go' is not one of", id="no-game"),
        pytest.param({"game": "chess"}, "tests[t].position", "'.../.../...' is not a legal FEN: "
                     "a FEN has six fields and this one lacks side to move", id="chess-fields"),
        pytest.param({"game": "chess", "position": "4k3/8/8/8/8/8/8/8 w - -"},
                     "tests[t].position", "is not a legal FEN: no white king", id="chess-no-king"),
        pytest.param({"position": "xx./.../..."}, "tests[t].position",
                     "'xx./.../...' is not a tic-tac-toe position: 2 x and 0 o", id="counts"),
        pytest.param({"position": "x../..../..."}, "tests[t].position",
                     "row 2: '....' has 4 square(s); a row has 3", id="row"),
    ],
)
def test_a_broken_positions_test_is_refused_with_its_place(
    tmp_path: Path, entry: dict[str, Any], place: str, reason: str
) -> None:
    given = {**entry_for("t", ".../.../...", 1), **entry}
    fields = {k: v for k, v in given.items() if v is not None}
    folder = positions(tmp_path / "a", [fields])
    with pytest.raises(InputFileError) as caught:
        load_assignment(folder)
    assert caught.value.place == place
    assert reason in caught.value.reason


def test_a_depth_too_large_to_unfold_is_refused_at_its_depth(tmp_path: Path) -> None:
    folder = positions(tmp_path / "a", [entry_for("whole-game", ".../.../...", 9)])
    with pytest.raises(InputFileError) as caught:
        build_assignment(assignment=folder)
    assert caught.value.place == "tests[whole-game].depth"
    assert "549,946 positions" in caught.value.reason
    outcomes = validate_paths(paths=[folder])
    assert [str(o.error) for o in outcomes if o.error] == [str(caught.value)]


def test_the_golden_names_the_game_and_position_and_is_rebuilt_alike(tmp_path: Path) -> None:
    folder = positions(tmp_path / "a", [entry_for("block", "x.x/.o./...", 6),
                                        entry_for("cut-off", "x.o/xo./...", 2)])
    written = build_assignment(assignment=folder)
    assert len(written) == 2
    golden = load_golden(folder / "golden" / "block.json")
    assert golden.tree == "tictactoe:x.x/.o./..."
    loaded = load_assignment(folder)
    spec = loaded.test("block")
    assert golden.tree_sha256 == source_digest(loaded, spec, searched_tree(loaded, spec))
    assert (golden.record.value, golden.record.action) == (0, "b1")
    assert build_assignment(assignment=folder) == []
    assert build_assignment(assignment=folder, check=True) == []


def test_a_long_search_keeps_counts_and_digests(tmp_path: Path) -> None:
    # x.x/.o./... searched to the end by minimax: 927 visits, past the lists' limit
    folder = positions(tmp_path / "a", [entry_for("block", "x.x/.o./...", 6),
                                        entry_for("cut-off", "x.o/xo./...", 2)])
    build_assignment(assignment=folder)
    long = load_golden(folder / "golden" / "block.json").record
    assert long.digest is not None and long.digest.expanded + long.digest.evaluated > LISTED_VISITS
    assert (long.expanded, long.evaluated, long.visits) == ([], [], [])
    short = load_golden(folder / "golden" / "cut-off.json").record
    assert short.digest is None and short.expanded[0] == "x.o/xo./..."
    assert "digest" not in (folder / "golden" / "cut-off.json").read_text()


def test_a_golden_goes_stale_when_the_rules_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = positions(tmp_path / "a", [entry_for("cut-off", "x.o/xo./...", 2)])
    build_assignment(assignment=folder)
    monkeypatch.setattr(TicTacToe, "score", lambda self, board: 0)
    with pytest.raises(GraderError, match="the tictactoe rules or evaluation changed"):
        prepare(assignment=folder)
