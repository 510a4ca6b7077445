"""TreeGame: the student API over a tree, and the trace it records."""

from __future__ import annotations

import math
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
        pytest.param(lambda g: g.chance_outcomes("A"), "not a chance node", id="not-chance"),
    ],
)
def test_impossible_calls_raise_game_error(game: TreeGame, call: Any, phrase: str) -> None:
    with pytest.raises(GameError, match=phrase):
        call(game)


def test_evaluate_of_a_terminal_is_its_payoff_and_is_recorded(game: TreeGame) -> None:
    assert game.evaluate("B2") == 5
    assert game.trace.calls == [("evaluate", "B2")]


# X is reached first from A (MAX), then from C (MIN): it is MIN's turn there, as a search
# from the root first finds it; B1 and C1 lie under MIN nodes: MAX's turn
@pytest.mark.parametrize(
    ("node", "mover"),
    [
        pytest.param("B1", 0, id="under-min"),
        pytest.param("C1", 0, id="under-min-2"),
        pytest.param("X", 1, id="shared-first-under-max"),
        pytest.param("A", 0, id="decision-node"),
        pytest.param("C", 1, id="decision-node-min"),
    ],
)
def test_to_move_answers_everywhere_a_player_could_move(node: str, mover: int) -> None:
    game = TreeGame(parse_tree(SMALL))
    assert game.to_move(node) == mover
    assert game.trace.visits() == []  # asking is free


def test_to_move_at_a_terminal_is_the_turn_after_its_parents_mover() -> None:
    # A(max) --a--> B(chance) --h--> H = 1: the chance passes the turn on, MIN's at H;
    # three players: P2 --x--> X = (1, 2, 3): P0's turn at X
    chance = parse_tree({
        "format": "game-tree/1", "root": "A",
        "nodes": {"A": {"to_move": 0, "children": {"a": "B"}},
                  "B": {"chance": True, "children": {"h": "H"}, "probabilities": {"h": 1}},
                  "H": {"utility": 1}},
    })
    assert TreeGame(chance).to_move("H") == 1
    three = parse_tree({
        "format": "game-tree/1", "root": "A", "players": 3,
        "nodes": {"A": {"to_move": 2, "children": {"x": "X"}}, "X": {"utility": [1, 2, 3]}},
    })
    assert TreeGame(three).to_move("X") == 0


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


# --- the virtual clock (time_budget, time_left) ------------------------------------------


def test_without_a_budget_the_clock_reads_infinity(game: TreeGame) -> None:
    game.result("A", "a1")
    assert game.time_left() == math.inf
    assert game.trace.calls[-1] == ("time_left", "")  # recorded, with no state


@pytest.mark.parametrize(
    ("calls", "left"),
    [
        pytest.param([], 5, id="nothing-yet"),
        # listing and asking are free; generating B's first child expands A: one tick
        pytest.param([("to_move", "A"), ("actions", "A"), ("is_terminal", "A")], 5,
                     id="questions-are-free"),
        pytest.param([("result", "A", "a1")], 4, id="an-expansion"),
        # A and B expanded, B1 evaluated
        pytest.param([("result", "A", "a1"), ("result", "B", "b1"), ("utility", "B1")], 2,
                     id="expansions-and-an-evaluation"),
        # generating the same child again, reading a payoff again: not new visits
        pytest.param([("result", "A", "a1"), ("result", "A", "a1"), ("result", "B", "b1"),
                      ("utility", "B1"), ("utility", "B1")], 2, id="asking-again-is-free"),
        # every child of A generated at once costs A's one expansion
        pytest.param([("result", "A", "a1"), ("result", "A", "a2"), ("result", "A", "a3")], 4,
                     id="one-tick-a-node-expanded"),
        # C evaluated, then expanded by the next iteration of a search: two visits
        pytest.param([("result", "A", "a2"), ("evaluate", "C"), ("result", "C", "c1")], 2,
                     id="searched-again"),
        # past the budget the clock goes on counting down
        pytest.param([("result", "A", "a1"), ("result", "B", "b1"), ("utility", "B1"),
                      ("utility", "B2"), ("result", "A", "a2"), ("evaluate", "C"),
                      ("result", "C", "c1"), ("utility", "C1")], -2, id="overdrawn"),
    ],
)
def test_the_clock_ticks_once_a_visit(calls: list[tuple[str, ...]], left: int) -> None:
    game = TreeGame(parse_tree(SMALL), time_budget=5)
    for op, *args in calls:
        getattr(game, op)(*args)
    assert game.time_left() == left
    assert game.time_left() == left  # reading the clock costs nothing
    assert game.time_left() == 5 - len(game.trace.visits())


def test_each_reading_counts_the_visits_of_the_calls_so_far() -> None:
    # the count reads on from the last one: at every step it is the whole trace's
    tree = parse_tree(SMALL)
    game = TreeGame(tree, time_budget=100)
    readings = []
    for op, *args in [("result", "A", "a1"), ("result", "B", "b1"), ("utility", "B1"),
                      ("result", "B", "b2"), ("utility", "B2"), ("result", "A", "a1"),
                      ("result", "B", "b1"), ("utility", "B1"), ("result", "A", "a3"),
                      ("utility", "X")]:
        getattr(game, op)(*args)
        readings.append(game.time_left())
        assert readings[-1] == 100 - len(game.trace.visits())
    assert readings == [99, 98, 97, 97, 96, 96, 94, 93, 93, 92]


def test_a_test_budget_sets_the_clock() -> None:
    tree = parse_tree(SMALL)
    assert TreeGame.for_test(tree, {"time_budget": 3}).time_left() == 3
    assert TreeGame.for_test(tree, {"prune_on_equality": True}).time_left() == math.inf
