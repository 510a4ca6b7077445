"""Chess through python-chess: the unfolding checked against published perft counts, the
states' texts, noisy moves, the ends of the game, the evaluation and refused positions."""

from __future__ import annotations

import math
import sys
import xml.etree.ElementTree as ET

import chess
import pytest

from grader.errors import GameError, GraderError
from grader.games import load_game
from grader.games.chess import WIN, Chess
from grader.games.moves import moves_to, said_on_board
from grader.games.rules import PositionError
from grader.games.tictactoe import TicTacToe
from grader.games.unfold import UnfoldTooLarge, unfold
from grader.trees.tree import Tree
from reference.algorithms import search
from tests.grader.games.perft import read_perft

GAME = Chess()
START = chess.STARTING_FEN
# White's queen can take d5, which e6 defends: Qxd5 wins a pawn and loses the queen
POISONED = "6k1/5ppp/4p3/3p4/8/8/5PPP/3Q2K1 w - - 0 1"


def by_ply(tree: Tree, plies: int) -> tuple[list[int], list[int]]:
    """Move sequences of each length 1..plies through ``tree`` (perft), and how many of
    them end with a noisy move."""
    paths = {tree.root: 1}
    counts, noisy = [], []
    for _ in range(plies):
        below: dict[str, int] = {}
        moves = captures = 0
        for nid, ways in paths.items():
            node = tree.nodes[nid]
            moves += ways * len(node.actions)
            captures += ways * len(node.noisy)
            for child in node.children:
                below[child] = below.get(child, 0) + ways
        counts.append(moves)
        noisy.append(captures)
        paths = below
    return counts, noisy


@pytest.mark.parametrize(("name", "depth"), [pytest.param("chess", 2, id="start-ply-3"),
                                             pytest.param("kiwipete", 1, id="kiwipete-ply-2")])
def test_the_unfolding_matches_the_published_perft_counts(name: str, depth: int) -> None:
    position, _, published = read_perft(name)
    tree = unfold(GAME, GAME.parse(position), depth)
    counts, captures = by_ply(tree, depth + 1)
    for (key, ply), count in published.items():
        assert (counts if key == "perft" else captures)[ply - 1] == count, (key, ply)


def test_every_state_is_the_fen_python_chess_writes() -> None:
    position, _, _ = read_perft("kiwipete")  # castling, en passant, promotions nearby
    tree = unfold(GAME, GAME.parse(position), 1)
    assert len(tree.nodes) > 2000
    assert all(chess.Board(fen).fen() == fen for fen in list(tree.nodes)[::7])


def test_without_python_chess_the_game_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delitem(sys.modules, "grader.games.chess")
    monkeypatch.setitem(sys.modules, "chess", None)  # as if python-chess were not installed
    with pytest.raises(GraderError, match=r"the chess game needs the chess package, which is "
                       r"not installed here: pip install 'search-grader\[chess\]'"):
        load_game("chess")
    assert isinstance(load_game("tictactoe"), TicTacToe)


@pytest.mark.parametrize(
    "position",
    [
        pytest.param("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", id="white-castles"),
        pytest.param("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", id="black-castles"),
        pytest.param("r5k1/1P6/8/8/8/8/6p1/5RK1 w - - 0 1", id="white-promotes"),
        pytest.param("6k1/8/8/8/8/8/1p4P1/R5K1 b - - 0 1", id="black-promotes"),
        pytest.param("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", id="white-en-passant"),
        pytest.param("4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 2", id="black-en-passant"),
    ],
)
def test_the_unfoldings_successors_are_the_positions_python_chess_plays_to(
    position: str,
) -> None:
    board = chess.Board(position)
    played = []
    for uci in GAME.actions(position):
        board.push(chess.Move.from_uci(uci))
        played.append(board.fen())
        board.pop()
    game, fresh = Chess(), Chess()
    assert game.successors(position) == tuple(played)
    for child in played:  # what the unfolding keeps of a leaf is what its FEN says
        leaf, full = game.leaf_facts(child), fresh.facts(child)
        assert (leaf.mover, leaf.utility, leaf.score) == (full.mover, full.utility, full.score)
    assert tuple(GAME.result(position, uci) for uci in GAME.actions(position)) == tuple(played)


def test_the_registry_gives_chess_and_moves_are_uci_in_alphabetical_order() -> None:
    assert isinstance(load_game("chess"), Chess)
    moves = GAME.actions(START)
    assert len(moves) == 20 and list(moves) == sorted(moves)
    assert moves[:3] == ("a2a3", "a2a4", "b1a3")
    after = GAME.result(START, "e2e4")
    assert after == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    assert GAME.to_move(START) == 0 and GAME.to_move(after) == 1
    with pytest.raises(GameError, match="'e2e5' is not a legal move in"):
        GAME.result(START, "e2e5")


@pytest.mark.parametrize(
    ("position", "noisy"),
    [
        pytest.param(START, [], id="start-quiet"),
        pytest.param(POISONED, ["d1d5"], id="one-capture"),
        # b7 may promote straight or take the rook on a8, four pieces each
        pytest.param("r5k1/1P6/8/8/8/8/8/6K1 w - - 0 1",
                     ["b7a8b", "b7a8n", "b7a8q", "b7a8r", "b7b8b", "b7b8n", "b7b8q", "b7b8r"],
                     id="promotions"),
        pytest.param("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", ["e5d6"], id="en-passant"),
    ],
)
def test_noisy_moves_are_captures_and_promotions(position: str, noisy: list[str]) -> None:
    assert GAME.noisy_actions(position) == noisy
    assert GAME.is_quiet(position) is (not noisy)
    assert set(noisy) <= set(GAME.actions(position))


@pytest.mark.parametrize(
    ("position", "payoff"),
    [
        pytest.param("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", -WIN,
                     id="fools-mate"),
        pytest.param("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 0, id="stalemate"),
        pytest.param("7k/8/8/8/8/8/8/5BK1 b - - 0 1", 0, id="insufficient-material"),
        pytest.param("7k/8/8/8/8/8/8/R5K1 b - - 150 90", 0, id="seventy-five-moves"),
    ],
)
def test_ends_of_the_game(position: str, payoff: int) -> None:
    board = chess.Board(position)
    assert board.is_game_over(claim_draw=False) is GAME.is_terminal(position)
    if GAME.is_terminal(position):
        assert GAME.utilities(position) == [payoff, -payoff]
        assert GAME.actions(position) == ()


def test_a_mate_given_is_worth_the_win_to_its_giver() -> None:
    mated = GAME.result("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8")  # a back-rank mate
    assert GAME.is_terminal(mated) and GAME.utility(mated, 0) == WIN
    assert GAME.utility(mated, 1) == -WIN


def test_the_evaluation_counts_material_in_centipawns_for_white() -> None:
    assert GAME.evaluate(START) == 0
    assert GAME.evaluate(POISONED) == 900 + 300 - 500  # Q and three pawns, five pawns
    assert GAME.evaluate(POISONED, 1) == -700
    taken = GAME.result(POISONED, "d1d5")
    assert GAME.evaluate(taken) == 800
    assert GAME.evaluate(GAME.result(taken, "e6d5")) == -100


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param(3, "a position is a FEN text, not int", id="not-text"),
        pytest.param(".../.../...", "lacks side to move, castling rights, en passant square",
                     id="not-a-fen"),
        pytest.param("8/8/8/8/8/8/8/K6k x - - 0 1", "expected 'w' or 'b' for turn part of fen",
                     id="bad-turn"),
        pytest.param("4k3/8/8/8/8/8/8/8 w - - 0 1", "no white king",
                     id="no-king"),
        pytest.param("4k3/8/8/8/8/8/8/R3K3 b - - 0 1", "", id="legal"),
        pytest.param("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "opposite check", id="opposite-check"),
        pytest.param("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "pawns on backrank", id="backrank"),
    ],
)
def test_a_bad_position_is_refused_saying_why(text: object, message: str) -> None:
    if not message:
        assert GAME.parse(text) == text
        return
    with pytest.raises(PositionError) as caught:
        GAME.parse(text)
    assert message in str(caught.value)


def test_a_fen_is_written_one_way() -> None:
    # the counters may be left out; an en passant square no pawn can take on is dropped
    assert GAME.parse("4k3/8/8/8/8/8/8/R3K3 b - -") == "4k3/8/8/8/8/8/8/R3K3 b - - 0 1"
    assert GAME.parse("4k3/8/8/3p4/8/8/8/4K3 w - d6 0 2") == "4k3/8/8/3p4/8/8/8/4K3 w - - 0 2"
    # a line of an EPD test suite: its position, its operations left
    epd = '6k1/5ppp/4p3/3p4/8/8/5PPP/3Q2K1 w - - bm Qa1; id "horizon.1";'
    assert GAME.parse(epd) == POISONED
    with pytest.raises(PositionError, match="invalid san: 'Qz9'"):
        GAME.parse("6k1/5ppp/4p3/3p4/8/8/5PPP/3Q2K1 w - - bm Qz9;")


def test_feedback_names_moves_in_san_from_their_position() -> None:
    tree = unfold(GAME, POISONED, 1, noisy_plies=math.inf)
    taken = GAME.result(POISONED, "d1d5")
    back = GAME.result(taken, "e6d5")
    assert moves_to(GAME, tree, back) == ["Qxd5", "exd5"]
    assert said_on_board(tree, ["d1d5", "d1a1"]) == ["Qxd5", "Qa1"]
    assert said_on_board(tree, ["d1d5", None]) is None  # a search may answer no move
    assert said_on_board(tree, ["e2e4"]) is None  # nor a legal one
    assert GAME.say_move(START, "g1f3") == "Nf3"
    assert GAME.say_move("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1") == "O-O"


def test_quiescence_finds_the_captures_past_the_depth_unfolded() -> None:
    taken = GAME.result(POISONED, "d1d5")
    back = GAME.result(taken, "e6d5")
    plain = unfold(GAME, POISONED, 1)
    assert plain.nodes[taken].actions and not plain.nodes[back].actions  # one ply past
    deep = unfold(GAME, POISONED, 1, noisy_plies=math.inf)
    assert deep.nodes[taken].noisy == frozenset({"e6d5"})
    assert deep.nodes[back].actions  # reached by a capture: expanded, with every move
    quiet = GAME.result(POISONED, "d1a1")
    assert deep.nodes[quiet].actions and not deep.nodes[GAME.result(quiet, "g8h8")].actions
    limited = unfold(GAME, POISONED, 1, noisy_plies=1)
    assert limited.nodes[back].actions and len(limited.nodes) < len(deep.nodes) + 1


def test_the_reference_sees_past_the_horizon_on_the_game_itself() -> None:
    plain = search("alphabeta", GAME, POISONED, 1, depth_unit="ply")
    deep = search("quiescence", GAME, POISONED, 1, depth_unit="ply")
    assert plain == (800, "d1d5")  # the queen takes the pawn: one pawn up, at the horizon
    assert deep == (700, "d1a1")  # e6 takes the queen back: the first quiet move is best


def test_too_large_an_unfolding_is_refused_with_the_reason(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert Chess.max_positions == 20_000  # below the 60,000 of the other games: slower
    monkeypatch.setattr(Chess, "max_positions", 4_000)  # refused sooner, as surely
    with pytest.raises(UnfoldTooLarge, match=r"depth 3 unfolds to more than 4,000 positions"):
        unfold(GAME, START, 3)
    position, _, _ = read_perft("kiwipete")
    with pytest.raises(UnfoldTooLarge, match="with noisy moves until quiet past it"):
        unfold(GAME, GAME.parse(position), 1, noisy_plies=math.inf)


def test_the_board_is_drawn_as_svg_safe_for_html() -> None:
    drawing = GAME.svg(POISONED)
    root = ET.fromstring(drawing)
    assert root.tag.endswith("svg")
    assert "script" not in drawing.lower() and "<foreignObject" not in drawing
    assert GAME.text(START).splitlines()[0] == "r n b q k b n r"
