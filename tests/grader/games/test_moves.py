"""Feedback on a positions test names the moves that lead to the first difference."""

from __future__ import annotations

from grader.games.connect4 import ConnectFour
from grader.games.moves import moves_to, where_on_board
from grader.games.tictactoe import TicTacToe
from grader.games.unfold import unfold
from grader.trees.tree import parse_tree

TICTACTOE = TicTacToe()


def test_the_moves_to_a_position_name_each_player_and_square() -> None:
    tree = unfold(TICTACTOE, "x.o/.x./...", 2)  # o to move
    assert moves_to(TICTACTOE, tree, "x.o/.x./..o") == ["o square c3"]
    assert moves_to(TICTACTOE, tree, "xoo/xx./...") == ["o square b1", "x square a2"]
    assert moves_to(TICTACTOE, tree, "x.o/.x./...") == []
    assert moves_to(TICTACTOE, tree, "ooo/ooo/ooo") is None


def test_the_first_difference_is_placed_on_the_board() -> None:
    game = ConnectFour()
    start = "/".join(["......."] * 5 + ["...x..."])
    tree = unfold(game, start, 2)
    first, second = game.result(start, "1"), game.result(start, "2")
    expected = [("actions", start), ("evaluate", first)]
    got = [("actions", start), ("evaluate", second)]
    assert where_on_board(tree, expected, got) == (
        "on the Connect Four board, from the test's position: you were after o column 2; "
        "the reference was after o column 1"
    )
    assert where_on_board(tree, expected, expected[:1]) == (
        "on the Connect Four board, from the test's position: the reference was after "
        "o column 1"
    )


def test_a_tree_file_has_no_board() -> None:
    tree = parse_tree({"format": "game-tree/1", "nested": [[3, 12], [2, 4]]})
    assert where_on_board(tree, [("actions", "A")], [("actions", "B")]) is None
