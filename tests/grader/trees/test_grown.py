"""The game's random stream, and the record of a search that grows a tree (MCTS): tree
steps expand, playout steps do not, and the forms of one search leave one record."""

from __future__ import annotations

import math

import pytest

from grader.errors import GameError
from grader.trees.game import TreeGame
from grader.trees.stream import RandomStream, pick
from grader.trees.tree import parse_tree

# A(max) -a1-> B(min) -b1-> B1 = 3, -b2-> B2 = 5
#        -a2-> C(min) -c1-> C1 = 1, -c2-> C2 = 7
TREE = parse_tree({"format": "game-tree/1", "nested": [[3, 5], [1, 7]]})


def test_a_stream_is_its_seed_s_and_nothing_else() -> None:
    first = [RandomStream(5).draw() for _ in range(3)]
    stream = RandomStream(5)
    again = [stream.draw() for _ in range(3)]
    assert first[0] == again[0] and len(set(again)) == 3 and stream.drawn == 3
    assert RandomStream(6).draw() != first[0]
    assert all(0 <= x < 1 and (x * 2**53).is_integer() for x in again)


@pytest.mark.parametrize(
    ("n", "draw", "index"),
    [
        pytest.param(3, 0.0, 0, id="zero-first"),
        pytest.param(3, 0.34, 1, id="a third-second"),
        pytest.param(3, 1 - 2**-53, 2, id="below-one-last"),
    ],
)
def test_a_choice_is_the_draw_times_the_length(n: int, draw: float, index: int) -> None:
    assert pick(n, draw) == index


def test_the_game_draws_records_and_refuses_without_a_seed() -> None:
    game = TreeGame(TREE, random_seed=3)
    u = game.random()
    choice = game.random_choice(("x", "y", "z"))
    stream = RandomStream(3)
    first, second = stream.draw(), stream.draw()
    assert u == first and choice == "xyz"[math.floor(second * 3)]
    assert game.trace.draws == [first, second]
    assert game.trace.calls == [("random", ""), ("random", "")]
    with pytest.raises(GameError, match="empty"):
        game.random_choice([])
    assert len(game.trace.draws) == 2  # an empty choice draws nothing
    with pytest.raises(GameError, match="no random stream"):
        TreeGame(TREE).random()
    assert TreeGame.for_test(TREE, {"random_seed": 3}).random() == u


def kept_states(game: TreeGame) -> None:
    """Two iterations of a search that keeps its nodes' states: A expands a1 and plays
    out from B; then A expands a2 and plays out from C; then C expands c1 (a terminal)."""
    b = game.result("A", "a1")
    game.utility(game.result(b, game.random_choice(game.actions(b))), 0)
    c = game.result("A", "a2")
    game.utility(game.result(c, game.random_choice(game.actions(c))), 0)
    game.utility(game.result(c, "c1"), 0)


def path_again(game: TreeGame) -> None:
    """The same search that keeps no states: each iteration generates its path from A."""
    b = game.result("A", "a1")
    game.utility(game.result(b, game.random_choice(game.actions(b))), 0)
    c = game.result("A", "a2")
    game.utility(game.result(c, game.random_choice(game.actions(c))), 0)
    c = game.result("A", "a2")  # the path again: A holds C already
    game.utility(game.result(c, "c1"), 0)


@pytest.mark.parametrize("form", [kept_states, path_again], ids=["kept-states", "path-again"])
def test_every_form_of_a_growing_search_leaves_one_record(form: object) -> None:
    game = TreeGame(TREE, random_seed=0)
    form(game)  # type: ignore[operator]
    assert [n for op, n in game.trace.visits() if op == "actions"] == ["A", "A", "C"]
    assert sum(op == "random" for op, _ in game.trace.visits()) == 2
    evaluated = game.trace.evaluated()
    assert len(evaluated) == 3 and evaluated[2] == "C1"


def test_a_result_without_a_draw_is_a_tree_step() -> None:
    # a playout that takes the first move without drawing expands the node it leaves
    game = TreeGame(TREE, random_seed=0)
    b = game.result("A", "a1")
    game.utility(game.result(b, "b1"), 0)
    assert game.trace.expanded() == ["A", "B"]


def test_a_terminal_the_tree_holds_read_again_is_not_a_new_evaluation() -> None:
    game = TreeGame(TREE, random_seed=0)
    b = game.result("A", "a1")
    leaf = game.result(b, "b1")  # a tree step: B1 joins the tree
    game.utility(leaf, 0)
    game.utility(leaf, 0)  # selected again in a later iteration
    assert game.trace.evaluated() == ["B1"]
    game.random_choice(game.actions(b))  # a playout step reaching B1 again reads it anew
    game.utility(game.result(b, "b1" if game.trace.draws[-1] < 0.5 else "b2"), 0)
    assert len(game.trace.evaluated()) == 2
