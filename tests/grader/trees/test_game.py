"""TreeGame: the student API over a tree, and the trace it records."""

from __future__ import annotations

from typing import Any

import pytest

from grader.errors import GameError
from grader.trees.game import TreeGame
from grader.trees.tree import parse_tree

# A(max) --a1--> B(min) --b1--> B1 = 3
#                       --b2--> B2 = 5
#        --a2--> C (eval 4, min) --c1--> C1 = 1
#                                --c2--> X (shared) = 7
#        --a3--> X
SMALL: dict[str, Any] = {
    "format": "game-tree/1",
    "root": "A",
    "nodes": {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "C", "a3": "X"}},
        "B": {"to_move": 1, "children": {"b1": "B1", "b2": "B2"}},
        "C": {"to_move": 1, "children": {"c1": "C1", "c2": "X"}, "eval": 4, "noisy": ["c2"]},
        "B1": {"utility": 3},
        "B2": {"utility": 5},
        "C1": {"utility": 1},
        "X": {"utility": 7},
    },
}


@pytest.fixture
def game() -> TreeGame:
    return TreeGame(parse_tree(SMALL))


def test_answers_follow_the_tree(game: TreeGame) -> None:
    assert game.num_players == 2
    assert game.to_move("A") == 0
    assert game.actions("A") == ("a1", "a2", "a3")  # the tree's own tuple: nobody can reorder it
    assert game.result("A", "a2") == "C"
    assert game.result("C", "c2") == game.result("A", "a3") == "X"  # a transposition
    assert game.is_terminal("B1") and not game.is_terminal("B")
    assert game.utility("B1") == 3
    assert game.utility("B1", 1) == -3  # zero-sum: player 1 gets the negation
    assert game.utilities("X") == [7, -7]
    assert game.evaluate("C") == 4
    assert game.noisy_actions("C") == ["c2"]
    assert game.is_quiet("B") and not game.is_quiet("C")


def test_trace_keeps_order_and_repeats(game: TreeGame) -> None:
    game.actions("A")
    game.utility("X")
    game.utility("X")  # asked again at once: one evaluation
    game.evaluate("C")
    game.utility("X")  # asked again later, X not reached again: still one evaluation
    game.result("A", "a1")
    assert game.trace.calls == [
        ("actions", "A"),
        ("utility", "X"),
        ("utility", "X"),
        ("evaluate", "C"),
        ("utility", "X"),
        ("result", "A"),
    ]
    assert game.trace.moves == ["a1"]
    assert game.trace.expanded() == ["A"]
    assert game.trace.evaluated() == ["X", "C"]
    assert game.trace.generated() == 1


@pytest.mark.parametrize(
    ("call", "phrase"),
    [
        pytest.param(lambda g: g.utility("B"), "not terminal", id="utility-of-internal"),
        pytest.param(lambda g: g.result("A", "zz"), "'zz' is not an action of A", id="illegal"),
        pytest.param(lambda g: g.actions("Q"), "'Q' is not a state", id="unknown-state"),
        pytest.param(lambda g: g.actions(["A"]), "is not a state", id="unhashable-state"),
        pytest.param(lambda g: g.evaluate("B"), "no eval", id="eval-missing"),
        pytest.param(lambda g: g.utility("B1", 2), "player 2 does not exist", id="bad-player"),
        pytest.param(lambda g: g.to_move("B1"), "terminal", id="to-move-of-terminal"),
        pytest.param(lambda g: g.chance_outcomes("A"), "not a chance node", id="not-chance"),
    ],
)
def test_impossible_calls_raise_game_error(game: TreeGame, call: Any, phrase: str) -> None:
    with pytest.raises(GameError, match=phrase):
        call(game)


def test_evaluate_of_a_terminal_is_its_payoff_and_is_recorded(game: TreeGame) -> None:
    assert game.evaluate("B2") == 5
    assert game.trace.calls == [("evaluate", "B2")]


def test_chance_nodes_give_their_outcomes() -> None:
    # A(chance) --h 0.25--> H = 8
    #           --t 0.75--> T = 0
    tree = parse_tree(
        {
            "format": "game-tree/1",
            "root": "A",
            "nodes": {
                "A": {"chance": True, "children": {"h": "H", "t": "T"},
                      "probabilities": {"h": 0.25, "t": 0.75}},
                "H": {"utility": 8},
                "T": {"utility": 0},
            },
        }
    )
    game = TreeGame(tree)
    assert game.is_chance("A")
    assert game.chance_outcomes("A") == [("h", 0.25), ("t", 0.75)]
    assert game.trace.expanded() == []  # listed, not yet expanded
    assert game.result("A", "t") == "T"
    assert game.trace.visits() == [("chance_outcomes", "A")]


def test_vector_payoffs_for_three_players() -> None:
    # A(0) --x--> L = (1, 2, 3)
    full = parse_tree(
        {
            "format": "game-tree/1",
            "players": 3,
            "root": "A",
            "nodes": {"A": {"to_move": 0, "children": {"x": "L"}}, "L": {"utility": [1, 2, 3]}},
        }
    )
    game = TreeGame(full)
    assert game.utilities("L") == [1, 2, 3]
    assert game.utility("L", 2) == 3
