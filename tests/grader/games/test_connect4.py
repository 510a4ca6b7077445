"""Connect Four's rules, checked against published counts and by hand."""

from __future__ import annotations

import pytest

from grader.errors import GameError
from grader.games.connect4 import ConnectFour
from grader.games.rules import PositionError
from reference.algorithms import search
from tests.grader.games.perft import distinct, perft, read_perft

GAME = ConnectFour()
EMPTY = "/".join(["......."] * 6)


def board(*rows: str) -> str:
    """A position from its lowest rows (the rows above them empty), bottom row last."""
    return "/".join(["......."] * (6 - len(rows)) + list(rows))


@pytest.mark.parametrize("ply", range(1, 6), ids=lambda p: f"ply-{p}")
def test_counts_from_the_empty_board_match_the_published_figures(ply: int) -> None:
    position, _, by_ply = read_perft("connect4")
    assert GAME.parse(position) == EMPTY
    assert distinct(GAME, EMPTY, ply) == by_ply[("distinct", ply)]
    assert perft(GAME, EMPTY, ply) == by_ply[("perft", ply)]


def test_pieces_fall_to_the_bottom_of_their_column() -> None:
    assert GAME.actions(EMPTY) == tuple("1234567")
    once = GAME.result(EMPTY, "4")
    assert once == board("...x...")
    assert GAME.result(once, "4") == board("...o...", "...x...")
    assert GAME.to_move(once) == 1


def test_a_full_column_is_no_move() -> None:
    # column 1 full: x o x o x o from the bottom, and one piece each in columns 6 and 7
    state = "o....../x....../o....../x....../o....../x....xo"
    assert GAME.to_move(state) == 0
    assert "1" not in GAME.actions(state)
    with pytest.raises(GameError, match="'1' is not a legal move"):
        GAME.result(state, "1")


@pytest.mark.parametrize(
    ("position", "payoff"),
    [
        pytest.param(board("ooo....", "xxxx..."), 1000, id="row"),
        pytest.param(board("x......", "xo.....", "xo.....", "xo....."), 1000, id="column"),
        pytest.param(board("...o...", "..ox...", ".oxx...", "oxxoxo."), -1000, id="diagonal-o"),
        pytest.param(board("x......", "ox.....", "oox....", "oxxx..o"), 1000, id="anti-diagonal"),
        pytest.param("xxooxxo/ooxxoox/xxooxxo/ooxxoox/xxooxxo/ooxxoox", 0, id="draw"),
    ],
)
def test_ends_of_the_game(position: str, payoff: int) -> None:
    assert GAME.is_terminal(position)
    assert GAME.utilities(position) == [payoff, -payoff]
    assert GAME.actions(position) == ()


def test_a_line_does_not_wrap_round_to_the_next_row() -> None:
    # x on the last three squares of row 5 and the first of row 6: no four in a row
    state = board("....xxx", "xo..ooo")
    assert GAME.winner(state) is None
    assert not GAME.is_terminal(state)


def test_the_evaluation_scores_runs_of_four() -> None:
    assert GAME.evaluate(EMPTY) == 0
    # x in column 4 of the bottom row: 4 runs along the row, 1 up the column, 1 diagonal
    # each way -> 7 runs of one piece
    assert GAME.evaluate(board("...x...")) == 7
    assert GAME.evaluate(board("...x..."), 1) == -7
    assert abs(GAME.evaluate(board("ooo....", "xxx...."))) < GAME.win


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param(board("...x...").replace("...x...", "...x..."[:-1]),
                     "row 6: '...x..' has 6 square(s); a row has 7", id="short-row"),
        pytest.param("......./" + board("...x...").split("/", 1)[1] + "/.......",
                     "has 7 row(s)", id="seven-rows"),
        pytest.param(board("...x...", "......."), "row 5 column 4: this piece floats",
                     id="floating"),
        pytest.param(board("...-..."), "row 6 column 4: '-' is not 'x', 'o' or '.'",
                     id="bad-square"),
        pytest.param(board("ooo....", "xxxx.o."), "o has moved after x won", id="after-win"),
    ],
)
def test_a_malformed_position_is_refused_saying_where_and_why(text: str, message: str) -> None:
    with pytest.raises(PositionError) as caught:
        GAME.parse(text)
    assert message in str(caught.value)


def test_the_reference_finds_the_win_in_one() -> None:
    value, action = search("alphabeta", GAME, board("ooo....", "xxx...."), 3, depth_unit="ply")
    assert (value, action) == (1000, "4")
