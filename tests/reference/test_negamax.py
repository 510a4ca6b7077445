"""Negamax as the notes write it: each node valued for its player to move, a child's
value negated; the root's value is its mover's, or player 0's with value_for="player0"."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grader.trees.game import TreeGame
from grader.trees.generate import as_tree, random_tree
from grader.trees.tree import Tree
from tests.reference.runs import full, run
from tests.reference.test_properties import PROPERTY, Case, searches

# AIMA fig 5.2:  A(max) -> B(min): 3 12 8 | C(min): 2 4 6 | D(min): 14 5 2
FIG52: dict[str, Any] = {"format": "game-tree/1", "nested": [[3, 12, 8], [2, 4, 6], [14, 5, 2]]}

# A(min) -a1-> A1 = 4
#        -a2-> B(max) -b1-> B1 = 2
#                     -b2-> B2 = 7          B = 7, A = min(4, 7) = 4 by a1: -4 for MIN
MIN_ROOT = full(
    "A",
    {
        "A": {"to_move": 1, "children": {"a1": "A1", "a2": "B"}},
        "B": {"to_move": 0, "children": {"b1": "B1", "b2": "B2"}},
        "A1": {"utility": 4},
        "B1": {"utility": 2},
        "B2": {"utility": 7},
    },
)

# A(max) -a1-> B(min) -b1-> C(min) -c1-> C1 = 5
#                                  -c2-> C2 = 1     C = 1
#                     -b2-> B2 = 3                  B = 1 (MIN moves twice in a row)
#        -a2-> A2 = 2                               A = max(1, 2) = 2 by a2
TWO_MIN_MOVES = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "A2"}},
        "B": {"to_move": 1, "children": {"b1": "C", "b2": "B2"}},
        "C": {"to_move": 1, "children": {"c1": "C1", "c2": "C2"}},
        "C1": {"utility": 5},
        "C2": {"utility": 1},
        "B2": {"utility": 3},
        "A2": {"utility": 2},
    },
)

# A(min, eval 3) -a1-> B (eval 6) -b1-> B1 = 0
#                -a2-> C (eval 2) -c1-> C1 = 0   depth 1: A = min(6, 2) = 2 by a2: -2 for MIN
CUT_OFF = full(
    "A",
    {
        "A": {"to_move": 1, "children": {"a1": "B", "a2": "C"}, "eval": 3},
        "B": {"to_move": 0, "children": {"b1": "B1"}, "eval": 6},
        "C": {"to_move": 0, "children": {"c1": "C1"}, "eval": 2},
        "B1": {"utility": 0},
        "C1": {"utility": 0},
    },
)

# A(max) -a1-> A1 = 5
#        -a2-> A2 = 5     a tie: the first best, a1
TIE = {"format": "game-tree/1", "nested": [5, 5]}

# The notes' simple game tree: s0(max) -a0-> s1(min): s3 = 1, s4 = -1       s1 = -1
#                                      -a1-> s2(min) -a0-> s5(max): s6 = 0, s4 = -1
#                                                                  s5 = 0, s2 = 0, s0 = 0 by a1
NOTES = full(
    "s0",
    {
        "s0": {"to_move": 0, "children": {"a0": "s1", "a1": "s2"}},
        "s1": {"to_move": 1, "children": {"a0": "s3", "a1": "s4"}},
        "s2": {"to_move": 1, "children": {"a0": "s5"}},
        "s5": {"to_move": 0, "children": {"a0": "s6", "a1": "s4"}},
        "s3": {"utility": 1},
        "s4": {"utility": -1},
        "s6": {"utility": 0},
    },
)


@pytest.mark.parametrize(
    ("tree", "depth", "mover", "player0", "action"),
    [
        pytest.param(FIG52, 2, 3, 3, "a1", id="fig52"),
        pytest.param(NOTES, 3, 0, 0, "a1", id="notes-game-tree"),
        pytest.param(MIN_ROOT, 2, -4, 4, "a1", id="min-at-root"),
        pytest.param(TWO_MIN_MOVES, 3, 2, 2, "a2", id="min-moves-twice"),
        pytest.param(CUT_OFF, 1, -2, 2, "a2", id="evals-at-the-cut-off"),
        pytest.param(CUT_OFF, 0, -3, 3, None, id="depth-0-at-a-min-root"),
        pytest.param(TIE, 1, 5, 5, "a1", id="tie-to-first"),
    ],
)
def test_value_for_the_mover_and_for_player_0(
    tree: dict[str, Any], depth: int, mover: int, player0: int, action: str | None
) -> None:
    got = run("negamax", tree, depth)
    assert (got.value, got.action) == (mover, action)
    got = run("negamax", tree, depth, value_for="player0")
    assert (got.value, got.action) == (player0, action)


def test_visits_every_node_like_minimax() -> None:
    got = run("negamax", FIG52, 2)
    assert got.expanded == ["A", "B", "C", "D"]
    assert got.evaluated == ["B1", "B2", "B3", "C1", "C2", "C3", "D1", "D2", "D3"]


def test_the_notes_tree_visits_s4_on_both_paths() -> None:
    got = run("negamax", NOTES, 3)
    assert got.expanded == ["s0", "s1", "s2", "s5"]
    assert got.evaluated == ["s3", "s4", "s6", "s4"]


@pytest.mark.parametrize("value_for", ["mover", "player0"])
def test_terminal_root_has_no_action(value_for: str) -> None:
    # X = -7, terminal: valued for player 0 whichever value is asked
    got = run("negamax", full("X", {"X": {"utility": -7}}), 3, value_for=value_for)
    assert (got.value, got.action) == (-7, None)


@pytest.mark.parametrize(
    ("tree", "kwargs", "words"),
    [
        pytest.param(
            {
                "format": "game-tree/1",
                "players": 3,
                "root": "A",
                "nodes": {"A": {"utility": [1, 2, 3]}},
            },
            {},
            "two-player",
            id="three-players",
        ),
        pytest.param(FIG52, {"value_for": "max"}, "value_for", id="unknown-value-for"),
    ],
)
def test_refuses_what_it_cannot_search(
    tree: dict[str, Any], kwargs: dict[str, Any], words: str
) -> None:
    with pytest.raises(ValueError, match=words):
        run("negamax", tree, 1, **kwargs)


# --- properties, against independent formulations ---------------------------------------


def notes_negamax(game: Any, state: Any, depth: int) -> tuple[Any, Any]:
    """The notes' pseudocode as it stands: the color flips every ply, to_move is asked at
    the root only, and the root's value is for its player to move."""

    def value(node: Any, d: int, color: int) -> Any:
        if game.is_terminal(node):
            return color * game.utility(node, 0)
        if d == 0:
            return color * game.evaluate(node, 0)
        return max(-value(game.result(node, a), d - 1, -color) for a in game.actions(node))

    color = 1 if game.is_terminal(state) or game.to_move(state) == 0 else -1
    if game.is_terminal(state) or depth == 0:
        return value(state, depth, color), None
    best, best_action = -math.inf, None
    for a in game.actions(state):
        v = -value(game.result(state, a), depth - 1, -color)
        if v > best:
            best, best_action = v, a
    return best, best_action


def root_color(tree: Tree) -> int:
    root = tree.nodes[tree.root]
    return -1 if root.to_move == 1 else 1


def alternating(case: Case, min_first: bool) -> Tree:
    """The case's tree, players taking turns (MIN first if asked: every to_move swapped)."""
    data = random_tree(**{**case.options, "rotate": True})
    if min_first:
        for node in data["nodes"].values():
            if "to_move" in node:
                node["to_move"] = 1 - node["to_move"]
    return as_tree(data)


@PROPERTY
@given(searches(), st.booleans())
def test_on_alternating_trees_it_is_the_notes_pseudocode(case: Case, min_first: bool) -> None:
    tree = alternating(case, min_first)
    game = TreeGame(tree)
    value, action = notes_negamax(game, tree.root, case.depth)
    got = run("negamax", tree, case.depth)
    assert (got.value, got.action) == (value, action)
    assert got.visits == game.trace.visits()
    assert root_color(tree) == (-1 if min_first and tree.nodes[tree.root].children else 1)


@PROPERTY
@given(searches(transpositions=True))
def test_the_movers_value_is_minimax_seen_by_the_root_player(case: Case) -> None:
    # any trees: MIN may move first, a player may move twice in a row
    plain = run("minimax", case.tree, case.depth)
    got = run("negamax", case.tree, case.depth)
    assert got.value == root_color(case.tree) * plain.value
    assert got.action == plain.action
    assert got.visits == plain.visits
