"""Every reference search is registered, as its entry says (its conventions, its variants),
and shares the leaf rules: no action at a terminal or depth-0 root. Every convention is a
field of a test."""

from __future__ import annotations

import inspect
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from grader.authoring import assignment
from grader.authoring.assignment import FORMS
from grader.cli import main
from grader.feedback.explain import EXPLAINERS
from grader.trees.game import TreeGame
from grader.trees.generate import as_tree, uniform_tree
from grader.trees.tree import parse_tree
from reference import algorithms
from reference.algorithms import ALGORITHMS, ReferenceMissing, get, search
from reference.conventions import CONVENTIONS, Convention, plies
from reference.variants import FAMILIES, Variant
from tests.reference.runs import full, run

TWO_PLAYER_ONLY = sorted(set(ALGORITHMS) - {"maxn", "paranoid"})
NAMES = sorted(ALGORITHMS)
DEPTH_LIMITED = [n for n in NAMES if ALGORITHMS[n].answer != "visits"]
"""The searches whose depth is a depth (MCTS's counts iterations: tests/reference/test_mcts.py)."""

# A(max, eval 4) -a1-> A1 = 1, -a2-> A2 = 9
ROOT_WITH_EVAL = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "A1", "a2": "A2"}, "eval": 4},
        "A1": {"utility": 1},
        "A2": {"utility": 9},
    },
)


def scalar(value: object) -> object:
    """Player 0's share of a value (max^n returns a vector)."""
    return value[0] if isinstance(value, list) else value


@pytest.mark.parametrize("name", NAMES)
def test_an_entry_declares_its_search_keyword_only_parameters(name: str) -> None:
    entry = ALGORITHMS[name]
    params = list(inspect.signature(entry.load()).parameters.values())
    assert [p.name for p in params[:3]] == ["game", "state", "depth"]
    assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in params[3:])
    assert sorted(p.name for p in params[3:]) == sorted((*entry.conventions, *entry.other_keywords))
    assert set(entry.conventions) <= set(CONVENTIONS), "a convention missing from the registry"
    assert len(set(entry.conventions)) == len(entry.conventions)


@pytest.mark.parametrize("name", NAMES)
def test_an_entry_loads_its_variants(name: str) -> None:
    entry = ALGORITHMS[name]
    variants = entry.load_variants()
    assert (entry.variants is None) == (variants == ())
    assert all(isinstance(v, Variant) for v in variants)
    assert FAMILIES.get(name, ()) == variants
    assert entry.name == name and entry.summary
    assert entry.explainer in EXPLAINERS, "a family grader.feedback.explain has no explainer for"


@pytest.mark.parametrize("name", sorted(CONVENTIONS))
def test_every_convention_is_a_test_field_with_its_default_and_help(name: str) -> None:
    convention = CONVENTIONS[name]
    field = assignment.TestSpec.model_fields[name]
    assert (field.default, field.description) == (convention.default, convention.help)
    assert FORMS.get(name, ()) == convention.forms


def spec_with(**fields: Any) -> assignment.TestSpec:
    return assignment.TestSpec.model_validate({"name": "t", "tree": "t.tree.json", "depth": 1,
                                    "points": 1, **fields})


def bad_value(convention: Convention) -> object:
    """A value the convention's type or bound refuses."""
    if isinstance(convention.kind, tuple):
        return "no-such-choice"
    if convention.ge is not None:
        return convention.kind(convention.ge - 1)
    return "text"


@pytest.mark.parametrize("name", sorted(CONVENTIONS))
def test_a_test_refuses_a_value_its_convention_does_not_allow(name: str) -> None:
    with pytest.raises(ValueError, match=name):
        spec_with(**{name: bad_value(CONVENTIONS[name])})


@pytest.mark.parametrize(
    ("depth", "unit", "players", "want"),
    [
        pytest.param(3, "ply", 3, 3, id="plies"),
        pytest.param(2, "round", 3, 6, id="rounds"),
        pytest.param(0, "round", 2, 0, id="zero"),
    ],
)
def test_depth_in_plies(depth: int, unit: str, players: int, want: int) -> None:
    assert plies(depth, unit, players) == want
    assert spec_with(depth=depth, depth_unit=unit).plies(players) == want


@pytest.mark.parametrize(
    ("depth", "unit", "message"),
    [
        pytest.param(-1, "ply", "depth must be a whole number", id="negative"),
        pytest.param(True, "ply", "depth must be a whole number", id="bool"),
        pytest.param(1, "move", "depth unit must be 'ply' or 'round'", id="unit"),
    ],
)
def test_depth_in_plies_refuses(depth: int, unit: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        plies(depth, unit, 2)


def test_a_missing_search_is_named_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    gone = algorithms.Algorithm("minimax", "gone", "reference.no_such_search:minimax",
                                ("depth_unit",), drawn=True)
    monkeypatch.setitem(ALGORITHMS, "minimax", gone)
    with pytest.raises(ReferenceMissing, match="not installed") as caught:
        get("minimax")
    assert caught.value.name == "reference"
    assert not algorithms.installed()
    tree = tmp_path / "t.tree.json"
    tree.write_text(json.dumps({"format": "game-tree/1", "nested": [[3, 12], [2, 4]]}))
    result = CliRunner().invoke(main, ["tree", "show", str(tree), "--algorithm", "minimax"])
    assert result.exit_code == 2, result.output
    assert "`grader tree` needs the full grader" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


@pytest.mark.parametrize(
    ("name", "eq", "title"),
    [
        pytest.param("alphabeta", True, "alphabeta (prune on >=)", id="alphabeta"),
        pytest.param("alphabeta", False, "alphabeta (prune on >)", id="alphabeta-strict"),
        pytest.param("minimax", True, "minimax", id="minimax"),
    ],
)
def test_a_drawing_names_the_search_and_its_shown_conventions(
    name: str, eq: bool, title: str
) -> None:
    assert ALGORITHMS[name].title({"prune_on_equality": eq}) == title


def test_the_drawn_searches_and_value_models() -> None:
    assert {"alphabeta", "minimax"} <= set(algorithms.drawn())
    assert algorithms.value_model("maxn") == "maxn"
    assert algorithms.value_model("expectimax") == "expectation"
    assert algorithms.value_model("no-such-search") == "minimax"
    assert {ALGORITHMS[n].answer for n in ALGORITHMS} == {"scalar", "vector", "visits"}


@pytest.mark.parametrize("name", DEPTH_LIMITED)
def test_terminal_root_has_its_payoff_and_no_action(name: str) -> None:
    got = run(name, full("X", {"X": {"utility": 6}}), 2)
    assert (scalar(got.value), got.action) == (6, None)


@pytest.mark.parametrize("name", DEPTH_LIMITED)
def test_depth_zero_evaluates_the_root(name: str) -> None:
    got = run(name, ROOT_WITH_EVAL, 0)
    assert (scalar(got.value), got.action, got.evaluated) == (4, None, ["A"])


@pytest.mark.parametrize("name", DEPTH_LIMITED)
def test_depth_one_picks_the_best_leaf(name: str) -> None:
    got = run(name, ROOT_WITH_EVAL, 1)
    assert (scalar(got.value), got.action) == (9, "a2")


@pytest.mark.parametrize("name", NAMES)
def test_refuses_a_negative_depth(name: str) -> None:
    with pytest.raises(ValueError, match="depth"):
        run(name, ROOT_WITH_EVAL, -1)


@pytest.mark.parametrize("name", TWO_PLAYER_ONLY)
def test_two_player_searches_refuse_three_players(name: str) -> None:
    three = full("X", {"X": {"utility": [1, 2, 3]}}, players=3)
    with pytest.raises(ValueError, match="two-player"):
        run(name, three, 1)


def test_search_passes_only_the_conventions_a_search_takes() -> None:
    tree = parse_tree(ROOT_WITH_EVAL)
    game = TreeGame(tree)
    value, action = search(
        "beam", game, tree.root, 1, beam_width=1, beam_ranking="actions", fail_soft=True,
        utility_bound=None,
    )
    assert (value, action) == (1, "a1")  # beam_width reached beam; the others were dropped


def test_unknown_name_lists_the_known_ones() -> None:
    with pytest.raises(KeyError, match="known: alphabeta, beam"):
        get("nosuch")


@pytest.mark.parametrize(
    "name", [n for n in DEPTH_LIMITED if not algorithms.searches_past_depth(n)]
)
def test_a_search_asks_about_no_state_past_its_depth(name: str) -> None:
    """What the grader relies on to list ahead of a search only the states down to its
    depth (``searches_past_depth``): on a 4-ply tree searched 2 plies deep, every state
    such a search expands or evaluates is at most 2 plies down."""
    tree = as_tree(uniform_tree(3, 4, seed=11))
    ply, queue = {tree.root: 0}, [tree.root]
    for node in queue:  # breadth first
        for child in tree.moves.get(node, {}).values():
            if child not in ply:
                ply[child] = ply[node] + 1
                queue.append(child)
    got = run(name, tree, 2)
    assert max(ply[state] for state in [*got.expanded, *got.evaluated]) == 2


def test_the_searches_that_look_past_their_depth() -> None:
    """MCTS plays out to the end; quiescence follows noisy moves past the horizon."""
    past = {n for n in NAMES if algorithms.searches_past_depth(n)}
    assert past == {n for n in NAMES if ALGORITHMS[n].answer == "visits"
                    or ALGORITHMS[n].values == "quiescence"}
    assert past >= {"mcts", "quiescence"}


# A(max) -a-> C(chance) -h (0.5)-> B(min) -b1-> L1 = 1
#        |              |                 -b2-> L2 = 2
#        |              -t (0.5)-> L3 = 3
#        -z-> Z = 0
CHANCE_BELOW_THE_ROOT = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a": "C", "z": "Z"}, "eval": 0},
        "C": {"chance": True, "children": {"h": "B", "t": "L3"},
              "probabilities": {"h": 0.5, "t": 0.5}, "eval": 2},
        "B": {"to_move": 1, "children": {"b1": "L1", "b2": "L2"}, "eval": 1},
        "L1": {"utility": 1}, "L2": {"utility": 2}, "L3": {"utility": 3}, "Z": {"utility": 0},
    },
)
PLY = {"A": 0, "C": 1, "Z": 1, "B": 2, "L3": 2, "L1": 3, "L2": 3}


@pytest.mark.parametrize(
    ("counts", "deepest"),
    [
        pytest.param(True, 2, id="chance-nodes-are-plies"),
        pytest.param(False, 3, id="chance-nodes-are-no-plies"),
    ],
)
def test_chance_nodes_that_are_no_plies_take_expectimax_past_its_depth(
    counts: bool, deepest: int,
) -> None:
    got = run("expectimax", CHANCE_BELOW_THE_ROOT, 2, chance_counts_as_ply=counts)
    assert max(PLY[s] for s in [*got.expanded, *got.evaluated]) == deepest
    assert algorithms.searches_past_depth("expectimax", {"chance_counts_as_ply": counts}) is (
        deepest > 2)
