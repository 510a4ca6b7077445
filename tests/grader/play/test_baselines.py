"""The baseline evaluations, and the opponents that search with them (alphabeta:N:EVAL)."""

from __future__ import annotations

import random

import pytest

from grader.errors import GraderError
from grader.games import load_game
from grader.play.baselines import BASELINES, baseline, search_move
from grader.play.opponents import opponent

C4 = "......./......./......./......./......./......."


@pytest.mark.parametrize(("game", "board", "value"), [
    # tic-tac-toe: the centre lies on 4 lines, a corner on 3, an edge on 2
    pytest.param("tictactoe", ".../.x./...", 4, id="ttt-centre"),
    pytest.param("tictactoe", "x../.../...", 3, id="ttt-corner"),
    pytest.param("tictactoe", "x../.o./...", -1, id="ttt-corner-against-centre"),
    # Connect Four's bottom row: 3, 4, 5, 7, 5, 4, 3 runs through its squares
    pytest.param("connect4", C4[:-7] + "...x...", 7, id="c4-middle"),
    pytest.param("connect4", C4[:-7] + "x......", 3, id="c4-corner"),
    pytest.param("connect4", C4[:-7] + "o..x...", 4, id="c4-middle-against-corner"),
])
def test_centre_counts_the_runs_through_each_piece(game: str, board: str, value: int) -> None:
    assert baseline(load_game(game), "centre")(board) == value


def test_builtin_is_the_games_own_and_zero_is_zero() -> None:
    game = load_game("connect4")
    board = C4[:-7] + "..ox..."
    assert baseline(game, "builtin")(board) == game.evaluate(board, 0)
    assert baseline(game, "zero")(board) == 0
    assert BASELINES == ("builtin", "centre", "zero")


def test_zero_still_takes_a_win_within_its_depth() -> None:
    # x has three in column 4 and moves: the only win is column 4, past columns 1 to 3
    game = load_game("connect4")
    board = "......./......./......./...x.../...xo../...xo.o"
    assert search_move(game, board, 2, baseline(game, "zero")) == "4"


@pytest.mark.parametrize(("name", "searched"), [
    pytest.param("alphabeta:2", "builtin", id="default-builtin"),
    pytest.param("alphabeta:2:builtin", "builtin", id="builtin"),
    pytest.param("alphabeta:1:centre", "centre", id="centre"),
    pytest.param("alphabeta:3:zero", "zero", id="zero"),
])
def test_an_opponent_searches_with_its_baseline(name: str, searched: str) -> None:
    game = load_game("connect4")
    board = "......./......./......./......./......./..ox..."
    depth = int(name.split(":")[1])
    expected = search_move(game, board, depth, baseline(game, searched))
    assert opponent(name)(game, board, random.Random(0)) == expected


@pytest.mark.parametrize("name", ["alphabeta:2:material", "alphabeta:9:zero", "zero"])
def test_an_unknown_opponent_is_refused_with_the_choices(name: str) -> None:
    with pytest.raises(GraderError, match="builtin, centre, zero"):
        opponent(name)
