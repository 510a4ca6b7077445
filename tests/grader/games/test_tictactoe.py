"""Tic-tac-toe's rules, checked against the published counts of its game tree and by hand."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from grader.errors import GameError
from grader.games import load_game
from grader.games.rules import PositionError
from grader.games.tictactoe import TicTacToe
from reference.algorithms import search
from tests.grader.games.perft import perft, read_perft, whole_game

GAME = TicTacToe()
EMPTY = ".../.../..."


@pytest.fixture(scope="module")
def full_tree() -> tuple[int, dict[int, int], int, int]:
    nodes, games, seen, ends = whole_game(GAME, EMPTY)
    return nodes, dict(games), len(seen), len(ends)


def test_the_registry_gives_this_game() -> None:
    assert isinstance(load_game("tictactoe"), TicTacToe)
    with pytest.raises(KeyError, match="the games are tictactoe, connect4"):
        load_game("chess960")


def test_counts_from_the_empty_board_match_the_published_figures(
    full_tree: tuple[int, dict[int, int], int, int],
) -> None:
    position, totals, by_ply = read_perft("tictactoe")
    assert GAME.parse(position) == GAME.initial_state == EMPTY
    nodes, games, positions, terminal = full_tree
    assert nodes == totals["nodes"] == 549_946
    assert sum(games.values()) == totals["games"] == 255_168
    assert games == {100: totals["x-wins"], -100: totals["o-wins"], 0: totals["draws"]}
    assert (positions, terminal) == (totals["positions"], totals["terminal-positions"])
    assert sum(by_ply.values()) == nodes  # every node sits at one ply


@pytest.mark.parametrize("ply", range(7), ids=lambda p: f"ply-{p}")
def test_perft_by_ply(ply: int) -> None:
    _, _, by_ply = read_perft("tictactoe")
    assert perft(GAME, EMPTY, ply) == by_ply[("perft", ply)]


def test_moves_are_empty_squares_in_reading_order() -> None:
    assert GAME.actions(EMPTY) == ("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3")
    # x.o / .x. / ... : o to move
    state = "x.o/.x./..."
    assert GAME.actions(state) == ("b1", "a2", "c2", "a3", "b3", "c3")
    assert GAME.to_move(state) == 1
    assert GAME.result(state, "c3") == "x.o/.x./..o"
    assert GAME.result(GAME.result(EMPTY, "b2"), "a1") == "o../.x./..."


@pytest.mark.parametrize(
    ("position", "payoff"),
    [
        pytest.param("xxx/oo./...", 100, id="top-row"),
        pytest.param("oo./xxx/x.o", 100, id="middle-row"),
        pytest.param("xx./x../ooo", -100, id="bottom-row-o"),
        pytest.param("xo./xo./x..", 100, id="left-column"),
        pytest.param("xox/.o./xo.", -100, id="middle-column-o"),
        pytest.param(".ox/.ox/..x", 100, id="right-column"),
        pytest.param("xo./ox./..x", 100, id="diagonal"),
        pytest.param("x.o/.ox/o.x", -100, id="anti-diagonal-o"),
        pytest.param("xox/xoo/oxx", 0, id="draw"),
    ],
)
def test_ends_of_the_game(position: str, payoff: int) -> None:
    assert GAME.is_terminal(position)
    assert GAME.actions(position) == ()
    assert GAME.utility(position, 0) == payoff
    assert GAME.utilities(position) == [payoff, -payoff]
    assert GAME.evaluate(position, 1) == -payoff  # a terminal's evaluation is its payoff


def test_the_evaluation_counts_open_lines() -> None:
    assert GAME.evaluate(EMPTY) == 0
    # centre: 4 lines hold one x -> 4; corner a1: 3 lines
    assert GAME.evaluate(".../.x./...") == 4
    assert GAME.evaluate("x../.../...") == 3
    # x.o/.x./...: x has b2-diagonal (2 x) = 3, a-column 1, 2nd row 1, b-column 1 -> 6;
    # o has c-column 1 and the anti-diagonal is blocked by x -> o 1
    assert GAME.evaluate("x.o/.x./...") == 6 - 1
    assert GAME.evaluate("x.o/.x./...", 1) == -5
    assert not GAME.is_terminal("x.o/.x./...")
    with pytest.raises(GameError, match="where the game goes on"):
        GAME.utility("x.o/.x./...")


def test_an_illegal_move_or_a_foreign_state_is_refused() -> None:
    with pytest.raises(GameError, match="'a1' is not a legal move"):
        GAME.result("x../.../...", "a1")
    with pytest.raises(GameError, match="is not a tic-tac-toe position"):
        GAME.actions("s0123")
    with pytest.raises(GameError, match="player 2 does not exist"):
        GAME.evaluate(EMPTY, 2)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("..../.../...", "row 1: '....' has 4 square(s); a row has 3", id="long-row"),
        pytest.param(".../...", "has 2 row(s) separated by '/'", id="two-rows"),
        pytest.param("x.O/.../...", "row 1 column 3: 'O' is not 'x', 'o' or '.'", id="capital"),
        pytest.param("xx./.../...", "2 x and 0 o: x moves first", id="x-twice"),
        pytest.param("o../.../...", "0 x and 1 o", id="o-first"),
        pytest.param("xxx/oo./o..", "o has moved after x won", id="play-after-win"),
        pytest.param("ooo/xx./x.x", "x has moved after o won", id="x-after-o-won"),
        pytest.param(None, "a position is a text, not NoneType", id="not-text"),
    ],
)
def test_a_malformed_position_is_refused_saying_where_and_why(text: object, message: str) -> None:
    with pytest.raises(PositionError) as caught:
        GAME.parse(text)
    assert message in str(caught.value)


def test_every_reachable_position_round_trips_through_its_text(
    full_tree: tuple[int, dict[int, int], int, int],
) -> None:
    _, _, seen, _ = whole_game(GAME, "x../.o./...")
    assert all(GAME.parse(state) == state for state in seen)
    assert GAME.parse("  x../.o./...\n") == "x../.o./..."  # outer spaces go


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta", "negamax"])
def test_the_reference_searches_play_the_game_itself(algorithm: str) -> None:
    # tic-tac-toe is a draw with best play; x's first best move in reading order is a1
    value, action = search(algorithm, GAME, EMPTY, 9, depth_unit="ply")
    assert (value, action) == (0, "a1")


def test_the_board_is_drawn_as_svg() -> None:
    picture = ET.fromstring(GAME.svg("x.o/.x./..."))
    ns = "{http://www.w3.org/2000/svg}"
    assert len(picture.findall(f"{ns}path")) == 2  # two crosses
    assert len(picture.findall(f"{ns}circle")) == 1  # one ring
    assert GAME.text("x.o/.x./...") == "x . o\n. x .\n. . ."
