"""Building goldens: reference records, byte-identical rebuilds, stale checks, validation."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from grader.authoring.build import _names, build_assignment, schema_text, validate_paths
from grader.authoring.golden import load_golden
from grader.errors import GraderError, InputFileError
from tests.examples.tiny_assignment import FIG52, write_assignment

# A(max) --a1--> B(min, eval 3) --b1--> B1 = 3
#                               --b2--> B2 = 5
#        --a2--> C(min, eval 4) --c1--> C1 = 3     3 = alpha: pruned on >=, not on >
#                               --c2--> C2 = 9
#                               --c3--> C3 = 1
EQUALITY: dict[str, Any] = {
    "format": "game-tree/1", "name": "equality", "nested": [[3, 5], [3, 9, 1]]
}
EVALS: dict[str, Any] = {
    "format": "game-tree/1",
    "root": "A",
    "nodes": {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "C"}},
        "B": {"to_move": 1, "children": {"b1": "B1", "b2": "B2"}, "eval": 3},
        "C": {"to_move": 1, "children": {"c1": "C1", "c2": "C2", "c3": "C3"}, "eval": 4},
        "B1": {"utility": 3}, "B2": {"utility": 5},
        "C1": {"utility": 3}, "C2": {"utility": 9}, "C3": {"utility": 1},
    },
}


def make(folder: Path, tests: list[dict[str, Any]], **top: Any) -> Path:
    (folder / "trees").mkdir(parents=True, exist_ok=True)
    (folder / "trees" / "fig52.tree.json").write_text(json.dumps(FIG52))
    (folder / "trees" / "equality.tree.json").write_text(json.dumps(EQUALITY))
    (folder / "trees" / "evals.tree.json").write_text(json.dumps(EVALS))
    spec = {"name": "tiny", "entry": "alphabeta", **top, "tests": tests}
    (folder / "assignment.yaml").write_text(yaml.safe_dump(spec, sort_keys=False))
    return folder


def case(name: str, tree: str = "fig52", depth: int = 2, **more: Any) -> dict[str, Any]:
    return {"name": name, "tree": f"trees/{tree}.tree.json", "depth": depth, "points": 1, **more}


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    return make(tmp_path / "tiny", [
        case("fig52"),
        case("eq-strict", "equality", prune_on_equality=False),
        case("eq", "equality"),
        case("by-minimax", "evals", 1, algorithm="minimax"),
    ])


def test_build_writes_each_golden_from_the_reference(tiny: Path) -> None:
    written = build_assignment(assignment=tiny)
    assert sorted(p.name for p in written) == [
        "by-minimax.json", "eq-strict.json", "eq.json", "fig52.json"
    ]
    fig52 = load_golden(tiny / "golden" / "fig52.json").record
    # AIMA fig 5.2: value 3 by a1; C2 and C3 are never looked at
    assert (fig52.value, fig52.action, fig52.prunes) == (3, "a1", 2)
    assert fig52.evaluated == ["B1", "B2", "B3", "C1", "D1", "D2", "D3"]
    assert fig52.expanded == ["A", "B", "C", "D"]


@pytest.mark.parametrize(
    ("name", "evaluated", "conventions"),
    [
        pytest.param("eq", ["B1", "B2", "C1"], {"prune_on_equality": True, "fail_soft": None},
                     id="prune-on-equality"),
        pytest.param("eq-strict", ["B1", "B2", "C1", "C2", "C3"],
                     {"prune_on_equality": False, "fail_soft": None}, id="prune-strictly"),
    ],
)
def test_conventions_reach_the_reference_and_the_golden(
    tiny: Path, name: str, evaluated: list[str], conventions: dict[str, Any]
) -> None:
    build_assignment(assignment=tiny)
    golden = load_golden(tiny / "golden" / f"{name}.json")
    assert golden.record.evaluated == evaluated
    assert golden.conventions == conventions
    assert golden.algorithm == "alphabeta"


def test_a_test_may_name_its_own_reference(tiny: Path) -> None:
    build_assignment(assignment=tiny)
    golden = load_golden(tiny / "golden" / "by-minimax.json")
    assert golden.algorithm == "minimax"
    assert golden.conventions == {"transposition_table": None}  # none of alpha-beta's
    # depth 1: the evals decide, B (3) against C (4)
    assert (golden.record.value, golden.record.action) == (4, "a2")
    assert golden.record.evaluated == ["B", "C"]


def test_rebuild_is_byte_identical_and_writes_nothing(tiny: Path) -> None:
    build_assignment(assignment=tiny)
    before = {p.name: p.read_bytes() for p in (tiny / "golden").iterdir()}
    assert build_assignment(assignment=tiny) == []
    assert build_assignment(assignment=tiny, check=True) == []
    after = {p.name: p.read_bytes() for p in (tiny / "golden").iterdir()}
    assert after == before
    for text in before.values():
        assert text.endswith(b"}\n")
        assert text.startswith(b'{\n  "format": "golden/1",\n  "assignment": "tiny",')


def test_rebuild_after_deleting_goldens_gives_the_same_bytes(tiny: Path) -> None:
    build_assignment(assignment=tiny)
    before = {p.name: p.read_bytes() for p in (tiny / "golden").iterdir()}
    for path in (tiny / "golden").iterdir():
        path.unlink()
    build_assignment(assignment=tiny)
    assert {p.name: p.read_bytes() for p in (tiny / "golden").iterdir()} == before


def test_check_names_missing_stale_and_left_over_goldens(tiny: Path) -> None:
    build_assignment(assignment=tiny)
    (tiny / "golden" / "fig52.json").unlink()
    (tiny / "golden" / "old-test.json").write_text("{}")
    # change a leaf of the equality tree: its goldens go stale
    (tiny / "trees" / "equality.tree.json").write_text(
        json.dumps({**EQUALITY, "nested": [[3, 5], [3, 9, 0]]})
    )
    with pytest.raises(GraderError) as caught:
        build_assignment(assignment=tiny, check=True)
    message = caught.value.message
    assert "missing: golden/fig52.json" in message
    assert "stale: golden/eq.json" in message
    assert "stale: golden/eq-strict.json" in message
    assert "no such test: golden/old-test.json" in message
    assert "stale: golden/by-minimax.json" not in message
    assert not (tiny / "golden" / "fig52.json").exists()  # check writes nothing


def test_build_removes_goldens_of_tests_that_are_gone(tiny: Path) -> None:
    build_assignment(assignment=tiny)
    (tiny / "golden" / "old-test.json").write_text("{}")
    build_assignment(assignment=tiny)
    assert not (tiny / "golden" / "old-test.json").exists()
    build_assignment(assignment=tiny, check=True)


def test_depth_in_rounds_is_plies_times_players(tmp_path: Path) -> None:
    folder = make(tmp_path / "a", [
        case("rounds", depth=1, depth_unit="round"), case("plies", depth=2),
    ])
    build_assignment(assignment=folder)
    rounds = load_golden(folder / "golden" / "rounds.json")
    plies = load_golden(folder / "golden" / "plies.json")
    assert (rounds.depth, rounds.depth_unit) == (1, "round")
    assert rounds.record == plies.record  # one round of two players is two plies


@pytest.mark.parametrize(
    ("tests", "place", "reason"),
    [
        pytest.param([case("x", algorithm="nosuch")], "tests[x]", "no reference search 'nosuch'",
                     id="unknown-reference"),
        pytest.param([case("ok"), case("deep", "evals", 2), case("x", "evals", 0)],
                     "nodes.A", "has no 'eval'", id="eval-missing-at-depth"),
    ],
)
def test_build_refuses_what_it_cannot_compute(
    tmp_path: Path, tests: list[dict[str, Any]], place: str, reason: str
) -> None:
    folder = make(tmp_path / "a", tests)
    with pytest.raises(InputFileError) as caught:
        build_assignment(assignment=folder)
    assert caught.value.place == place
    assert reason in caught.value.reason
    assert not (folder / "golden").exists()


def test_build_refuses_a_three_player_tree_for_alphabeta(tmp_path: Path) -> None:
    folder = make(tmp_path / "a", [case("three", "three")])
    # A(P0) --a--> A1 = (1, 2, 3)
    three = {"format": "game-tree/1", "players": 3, "root": "A", "nodes": {
        "A": {"to_move": 0, "children": {"a": "A1"}}, "A1": {"utility": [1, 2, 3]}}}
    (folder / "trees" / "three.tree.json").write_text(json.dumps(three))
    with pytest.raises(InputFileError) as caught:
        build_assignment(assignment=folder)
    assert caught.value.place == "tests[three]"
    assert "needs a two-player game" in caught.value.reason


def test_validate_reports_every_file_of_an_assignment(tiny: Path) -> None:
    outcomes = validate_paths(paths=[tiny])
    assert [o.path.name for o in outcomes] == [
        "assignment.yaml", "fig52.tree.json", "equality.tree.json", "evals.tree.json"
    ]
    assert all(o.error is None for o in outcomes)
    assert [o.path for o in validate_paths(paths=[tiny / "assignment.yaml"])] == [
        o.path for o in outcomes
    ]


def test_validate_goes_on_after_a_bad_file(tmp_path: Path, tiny: Path) -> None:
    bad = tmp_path / "bad.tree.json"
    bad.write_text(json.dumps({"format": "game-tree/1", "root": "A", "nodes": {}}))
    outcomes = validate_paths(paths=[bad, tiny / "trees" / "fig52.tree.json"])
    assert isinstance(outcomes[0].error, InputFileError)
    assert outcomes[0].error.place == "root"
    assert outcomes[1].error is None


@pytest.mark.parametrize(
    ("tests", "bad_file", "place"),
    [
        pytest.param([case("x", algorithm="minimx")], "assignment.yaml", "tests[x].algorithm",
                     id="unknown-reference"),
        pytest.param([case("ok", "evals", 2), case("x", "evals", 1), case("y", "evals", 0)],
                     "evals.tree.json", "nodes.A", id="eval-missing-at-one-depth"),
    ],
)
def test_validate_checks_references_and_depths(
    tmp_path: Path, tests: list[dict[str, Any]], bad_file: str, place: str
) -> None:
    outcomes = validate_paths(paths=[make(tmp_path / "a", tests)])
    failed = [o for o in outcomes if o.error is not None]
    assert [o.path.name for o in failed] == [bad_file]
    error = failed[0].error
    assert isinstance(error, InputFileError)
    assert error.place == place


def test_validate_reports_a_broken_assignment_file(tmp_path: Path) -> None:
    folder = make(tmp_path / "a", [case("x")])
    (folder / "assignment.yaml").write_text("name: tiny\nentry: alphabeta\ntests: []\n")
    [outcome] = validate_paths(paths=[folder])
    assert outcome.path == folder / "assignment.yaml"
    assert isinstance(outcome.error, InputFileError)
    assert outcome.error.place == "tests"


def test_schema_text_refuses_an_unknown_kind() -> None:
    with pytest.raises(GraderError, match="no schema 'golden'"):
        schema_text(kind="golden")


def test_validate_a_folder_of_trees(tmp_path: Path, tiny: Path) -> None:
    outcomes = validate_paths(paths=[tiny / "trees"])
    assert [o.path.name for o in outcomes] == [
        "equality.tree.json", "evals.tree.json", "fig52.tree.json"
    ]
    assert all(o.error is None for o in outcomes)
    (tmp_path / "empty").mkdir()
    [empty] = validate_paths(paths=[tmp_path / "empty"])
    assert empty.error is not None
    assert "no assignment.yaml and no *.tree.json" in empty.error.message


@pytest.mark.parametrize(
    ("algorithm", "field", "value", "expanded"),
    [
        # A(max) -> B: 3 12 8 | C: 2 4 6 | D: 14 5 2; a beam of the first 2 never looks at D
        pytest.param("beam", "beam_width", 2, ["A", "B", "C"], id="beam-width-2"),
        pytest.param("beam", "beam_width", 3, ["A", "B", "C", "D"], id="beam-width-3"),
    ],
)
def test_a_test_sets_the_reference_options_of_its_algorithm(
    tmp_path: Path, algorithm: str, field: str, value: int, expanded: list[str]
) -> None:
    folder = write_assignment(
        tmp_path / "a", {"fig52": FIG52},
        [{"name": "t", "tree": "trees/fig52.tree.json", "depth": 2, "points": 1,
          "algorithm": algorithm, field: value, "beam_ranking": "actions"}],  # no evals
        entry=algorithm,
    )
    golden = load_golden(folder / "golden" / "t.json")
    assert golden.conventions[field] == value
    assert golden.record.expanded == expanded


@pytest.mark.parametrize(
    ("test", "place", "reason"),
    [
        pytest.param(case("cutoff-depth-3", prune_on_equalty=False),
                     "tests[cutoff-depth-3].prune_on_equalty", "did you mean 'prune_on_equality'?",
                     id="typo-convention"),
        pytest.param(case("cutoff-depth-3", depth=-1), "tests[cutoff-depth-3].depth",
                     "minimum of 0", id="bad-depth"),
        pytest.param(case("cutoff-depth-3", checks=[]), "tests[cutoff-depth-3].checks",
                     "must check something: list one or more of value, action", id="no-checks"),
        pytest.param(case("three", "three"), "tests[three]", "needs a two-player game",
                     id="two-player-search-on-three"),
    ],
)
def test_validate_is_the_whole_preflight(
    tmp_path: Path, test: dict[str, Any], place: str, reason: str
) -> None:
    # A(P0) --a--> A1 = (1, 2, 3)
    folder = make(tmp_path / "a", [case("ok"), test])
    three = {"format": "game-tree/1", "players": 3, "root": "A", "nodes": {
        "A": {"to_move": 0, "children": {"a": "A1"}}, "A1": {"utility": [1, 2, 3]}}}
    (folder / "trees" / "three.tree.json").write_text(json.dumps(three))
    failed = [o for o in validate_paths(paths=[folder]) if o.error is not None]
    assert [o.path.name for o in failed] == ["assignment.yaml"]
    error = failed[0].error
    assert isinstance(error, InputFileError)
    assert (error.place, reason in error.reason) == (place, True), error


@pytest.mark.parametrize(
    ("groups", "names"),
    [
        pytest.param([[("fail-hard", "no table")]], [""], id="one-record"),
        pytest.param(
            [[("fail-hard", "no table")], [("fail-soft", "no table")]],
            ["fail-hard", "fail-soft"],
            id="told-apart-by-one-convention",
        ),
        pytest.param(  # fail-soft with exact values makes fail-hard-with-bounds' record
            [[("hard", "bounds", "leaves"), ("soft", "exact", "leaves")],
             [("hard", "bounds", "again")], [("soft", "bounds", "leaves")]],
            ["leaves", "hard, bounds, again", "soft, bounds, leaves"],
            id="shared-by-two-forms",
        ),
        pytest.param(  # two words that mean the same on this tree
            [[("hard", "beta"), ("hard", "theirs"), ("soft", "beta"), ("soft", "theirs")],
             [("hard", "alpha"), ("hard", "mine"), ("soft", "alpha"), ("soft", "mine")]],
            ["beta or theirs", "alpha or mine"],
            id="nothing-shared",
        ),
        pytest.param(  # "leaves" alone would name two records
            [[("hard", "bounds", "leaves"), ("soft", "exact", "leaves")],
             [("hard", "exact", "leaves"), ("soft", "bounds", "leaves")],
             [("hard", "bounds", "again")]],
            ["hard, bounds, leaves or soft, exact, leaves",
             "hard, exact, leaves or soft, bounds, leaves", "hard, bounds, again"],
            id="a-name-two-records-share",
        ),
    ],
)
def test_a_kept_form_is_named_by_what_every_form_of_its_record_does(
    groups: list[list[tuple[str, ...]]], names: list[str]
) -> None:
    assert _names(groups) == names
