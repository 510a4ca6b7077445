"""Visits placed on positions, the first divergence, and node values at a depth."""

from __future__ import annotations

from typing import Any

import pytest

from grader.authoring.assignment import builtin_names, load_assignment, search_setup
from grader.authoring.golden import load_golden
from grader.authoring.runs import run_reference
from grader.authoring.sources import searched_tree
from grader.grading.check import prepare
from grader.reports.treeshow import visited_positions
from grader.trees.positions import (
    Divergence,
    Pos,
    SearchRun,
    Values,
    action_path,
    first_divergence,
    place_run,
)
from grader.trees.record import compacted
from grader.trees.tree import Tree, parse_tree
from reference.algorithms import ValueModel, grows_a_tree, value_model

# A(max) -a1-> B(min) -b1-> X(max) -x1-> X1 3
#                                  -x2-> X2 7
#                     -b2-> B2 4
#        -a2-> C(min) -c1-> C1 6
#                     -c2-> X           (X again: a transposition)
TRANSPOSITION: dict[str, Any] = {
    "format": "game-tree/1",
    "players": 2,
    "root": "A",
    "nodes": {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "C"}},
        "B": {"to_move": 1, "children": {"b1": "X", "b2": "B2"}},
        "C": {"to_move": 1, "children": {"c1": "C1", "c2": "X"}},
        "X": {"to_move": 0, "children": {"x1": "X1", "x2": "X2"}},
        "X1": {"utility": 3},
        "X2": {"utility": 7},
        "B2": {"utility": 4},
        "C1": {"utility": 6},
    },
}
FIG52: dict[str, Any] = {"format": "game-tree/1", "nested": [[3, 12, 8], [2, 4, 6], [14, 5, 2]]}


def tree_of(data: dict[str, Any]) -> Tree:
    return parse_tree(data)


def builtin_tests(*, algorithms: tuple[str, ...] | None = None) -> list[Any]:
    """Every built-in test (those graded by one of ``algorithms``), as pytest params."""
    cases = []
    for name in builtin_names(played=False):
        loaded = load_assignment(name)
        for spec in loaded.spec.tests:
            if algorithms is None or loaded.spec.reference_for(spec) in algorithms:
                cases.append(pytest.param(loaded, spec, id=f"{name}/{spec.name}"))
    return cases


def paths(tree: Tree, positions: set[Pos]) -> set[tuple[str, ...]]:
    out = set()
    for pos in positions:
        text = action_path(tree, pos)
        out.add(tuple(text.split()) if text else ())
    return out


@pytest.mark.parametrize(("loaded", "spec"), builtin_tests())
def test_a_golden_is_placed_where_the_reference_searched(loaded: Any, spec: Any) -> None:
    # the exact positions come from re-running the reference on paths as states
    tree = searched_tree(loaded, spec)
    golden = load_golden(loaded.golden_path(spec))
    record = golden.record
    if record.digest is not None:  # a long search: its golden keeps counts and digests
        setup = search_setup(spec, tree.players)
        record = run_reference(golden.algorithm, tree, setup, golden.conventions)
        assert compacted(record) == golden.record
    run = SearchRun(tuple(record.expanded), tuple(record.evaluated))
    placed = place_run(tree, run, playouts=grows_a_tree(golden.algorithm))
    exact = visited_positions(
        tree, spec.plies(tree.players), golden.algorithm, **golden.conventions
    )
    assert paths(tree, set(placed.ops)) == exact
    assert None not in placed.at["expanded"] + placed.at["evaluated"]


def test_a_transposition_pruned_on_its_first_path_goes_to_its_second() -> None:
    tree = tree_of(TRANSPOSITION)
    run = SearchRun(("A", "B", "C", "X"), ("B2", "C1", "X1", "X2"))
    placed = place_run(tree, run)
    assert placed.at["expanded"] == [(), (0,), (1,), (1, 1)]
    assert placed.at["evaluated"] == [(0, 1), (1, 0), (1, 1, 0), (1, 1, 1)]
    assert placed.state((0, 0)) == frozenset()  # X under B: never visited


def test_a_transposition_searched_on_both_paths_fills_both() -> None:
    tree = tree_of(TRANSPOSITION)
    run = SearchRun(("A", "B", "X", "C", "X"), ("X1", "X2", "B2", "C1", "X1", "X2"))
    placed = place_run(tree, run)
    assert placed.at["expanded"] == [(), (0,), (0, 0), (1,), (1, 1)]
    assert placed.at["evaluated"][-2:] == [(1, 1, 0), (1, 1, 1)]


def test_a_repeated_visit_goes_back_to_its_position() -> None:
    # iterative deepening expands the root once per iteration
    tree = tree_of(FIG52)
    placed = place_run(tree, SearchRun(("A", "A", "B"), ("B", "B1")))
    assert placed.at["expanded"] == [(), (), (0,)]
    assert placed.state(()) == frozenset({"expanded"})
    assert placed.state((0,)) == frozenset({"expanded", "evaluated"})


def test_a_visit_under_a_node_never_expanded_is_not_placed() -> None:
    tree = tree_of(FIG52)
    placed = place_run(tree, SearchRun(("A",), ("B1",)))  # B1's parent B was not expanded
    assert placed.at["evaluated"] == [None]
    assert set(placed.ops) == {()}


RIGHT = SearchRun(("A", "B", "C", "D"), ("B1", "B2", "B3", "C1", "D1", "D2", "D3"))
NO_PRUNING = SearchRun(
    ("A", "B", "C", "D"), ("B1", "B2", "B3", "C1", "C2", "C3", "D1", "D2", "D3")
)
# interleaved: expanding A (0), evaluating A1 (1), expanding B (2), evaluating B1 (3)
INTERLEAVED = SearchRun(
    ("A", "B"),
    ("A1", "B1"),
    (("actions", "A"), ("evaluate", "A1"), ("actions", "B"), ("utility", "B1")),
)


@pytest.mark.parametrize(
    ("expected", "got", "divergence"),
    [
        pytest.param(RIGHT, RIGHT, None, id="same"),
        pytest.param(RIGHT, NO_PRUNING, Divergence("evaluated", 4, "D1", "C2"), id="extra-leaf"),
        pytest.param(
            RIGHT, SearchRun(("A", "B"), RIGHT.evaluated), Divergence("expanded", 2, "C", None),
            id="stopped-early",
        ),
        pytest.param(
            SearchRun(("A",), ()), SearchRun(("A", "B"), ()), Divergence("expanded", 1, None, "B"),
            id="went-on",
        ),
        pytest.param(
            INTERLEAVED, SearchRun(("A", "C"), ("A1", "Z")), Divergence("expanded", 1, "B", "C"),
            id="expansion-first-in-reference-order",
        ),
        pytest.param(
            INTERLEAVED, SearchRun(("A", "C"), ("Z", "B1")), Divergence("evaluated", 0, "A1", "Z"),
            id="evaluation-first-in-reference-order",
        ),
        pytest.param(
            SearchRun(("A", "B"), ("A1", "B1")), SearchRun(("A", "C"), ("Z", "B1")),
            Divergence("expanded", 1, "B", "C"),
            id="order-unknown-expansions-first",
        ),
    ],
)
def test_first_divergence(
    expected: SearchRun, got: SearchRun, divergence: Divergence | None
) -> None:
    assert first_divergence(expected, got) == divergence


@pytest.mark.parametrize(
    ("divergence", "words"),
    [
        pytest.param(
            Divergence("evaluated", 4, "D1", "C2"),
            ("evaluation #5", "you evaluated C2", "the reference evaluated D1"),
            id="both",
        ),
        pytest.param(
            Divergence("expanded", 2, "C", None), ("expansion #3", "you stopped", "expanded C"),
            id="stopped",
        ),
        pytest.param(
            Divergence("expanded", 1, None, "B"), ("you expanded B", "the reference had stopped"),
            id="went-on",
        ),
    ],
)
def test_a_divergence_in_words(divergence: Divergence, words: tuple[str, ...]) -> None:
    sentence = divergence.sentence()
    for word in words:
        assert word in sentence


@pytest.mark.parametrize(
    ("loaded", "spec"), builtin_tests(algorithms=("minimax", "alphabeta", "maxn"))
)
def test_values_at_the_root_match_the_golden(loaded: Any, spec: Any) -> None:
    # quiescence's value is not the value at the cut-off: it searches past it
    golden = load_golden(loaded.golden_path(spec))
    tree = searched_tree(loaded, spec)
    values = Values(tree, model=value_model(golden.algorithm))
    value = values.of(tree.root, spec.plies(tree.players))
    assert value is not None
    want = golden.record.value
    assert (list(value) if isinstance(want, list) else value[0]) == want


def test_values_by_hand() -> None:
    # fig 5.2: B = min(3, 12, 8) = 3, C = 2, D = 2, A = 3
    tree = tree_of(FIG52)
    values = Values(tree)
    assert [values.of(n, 1)[0] for n in ("B", "C", "D")] == [3, 2, 2]  # type: ignore[index]
    assert values.of("A", 2) == (3, -3)


# A(P0) -> B(P1): (3,1) (1,4) | C(P1): (2,2) (5,0) | D(P1): (4,3) (0,1)
TWO_PLAYER_VECTORS: dict[str, Any] = {
    "format": "game-tree/1",
    "players": 2,
    "root": "A",
    "nodes": {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "C", "a3": "D"}},
        **{
            inner: {"to_move": 1, "children": {f"{inner}1": f"{inner}1", f"{inner}2": f"{inner}2"}}
            for inner in "BCD"
        },
        "B1": {"utility": [3, 1]},
        "B2": {"utility": [1, 4]},
        "C1": {"utility": [2, 2]},
        "C2": {"utility": [5, 0]},
        "D1": {"utility": [4, 3]},
        "D2": {"utility": [0, 1]},
    },
}


@pytest.mark.parametrize(
    ("model", "root"),
    [
        # P1 keeps its best: B (1,4), C (2,2), D (4,3); P0 then takes D
        pytest.param("maxn", (4, 3), id="maxn"),
        # MIN minimises P0's payoff: B (1,4), C (2,2), D (0,1); MAX takes C
        pytest.param("minimax", (2, 2), id="minimax"),
    ],
)
def test_two_players_with_vectors(model: ValueModel, root: tuple[int, int]) -> None:
    tree = tree_of(TWO_PLAYER_VECTORS)
    assert Values(tree, model=model).of(tree.root, 2) == root


def test_an_expectation_at_a_chance_node() -> None:
    # R(chance) -p 0.25-> L 2 ; -p 0.75-> M(max) -> 4 | 8  =>  0.25 * 2 + 0.75 * 8 = 6.5
    tree = tree_of(
        {
            "format": "game-tree/1",
            "players": 2,
            "root": "R",
            "nodes": {
                "R": {"chance": True, "children": {"l": "L", "m": "M"},
                      "probabilities": {"l": 0.25, "m": 0.75}},
                "L": {"utility": 2},
                "M": {"to_move": 0, "children": {"m1": "M1", "m2": "M2"}},
                "M1": {"utility": 4},
                "M2": {"utility": 8},
            },
        }
    )
    assert Values(tree).of("R", 2) == pytest.approx((6.5, -6.5))


def test_a_cut_off_node_has_its_eval_and_a_missing_one_is_unknown() -> None:
    # A(max) -> B(min, eval 5) -> 1 | 9 ; C(min, no eval) -> 7
    tree = tree_of(
        {
            "format": "game-tree/1",
            "players": 2,
            "root": "A",
            "nodes": {
                "A": {"to_move": 0, "children": {"a1": "B", "a2": "C"}},
                "B": {"to_move": 1, "eval": 5, "children": {"b1": "B1", "b2": "B2"}},
                "C": {"to_move": 1, "children": {"c1": "C1"}},
                "B1": {"utility": 1},
                "B2": {"utility": 9},
                "C1": {"utility": 7},
            },
        }
    )
    values = Values(tree)
    assert values.of("B", 0) == (5, -5)
    assert values.of("C", 0) is None
    assert values.of("A", 1) is None  # one child unknown: the root is too
    assert values.of("A", 2) == (7, -7)


def test_action_path() -> None:
    tree = tree_of(TRANSPOSITION)
    assert action_path(tree, (1, 1, 0)) == "a2 c2 x1"
    assert action_path(tree, ()) == ""


@pytest.mark.parametrize("assignment", ["quiescence", "chess-quiescence"])
def test_a_quiescence_drawing_values_the_root_as_the_search_does(assignment: str) -> None:
    for ctx in prepare(assignment=assignment).contexts:
        forms = {f.conventions.get("value_for"): f.record for f in ctx.forms}
        expected = forms.get("player0", ctx.golden)  # a drawing's values are player 0's
        limit = ctx.spec.convention("quiescence_depth")
        values = Values(ctx.tree, model=value_model(ctx.algorithm),
                        noisy_limit=limit if isinstance(limit, int) else None)
        drawn = values.of(ctx.tree.root, ctx.depth_plies)
        assert drawn is not None and drawn[0] == expected.value, ctx.spec.name
