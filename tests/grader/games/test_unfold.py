"""A game unfolded from a position: the tree a positions test is graded on."""

from __future__ import annotations

import pytest

from grader.games.connect4 import ConnectFour
from grader.games.tictactoe import TicTacToe
from grader.games.unfold import UnfoldTooLarge, tree_digest, unfold
from grader.trees.record import baseline_visits

TICTACTOE = TicTacToe()


def test_node_ids_are_positions_and_transpositions_are_shared() -> None:
    # from the empty board, a1 then b1 then c1 and c1 then b1 then a1 reach one position
    tree = unfold(TICTACTOE, ".../.../...", 3)
    assert tree.root == ".../.../..."
    assert tree.child(".../.../...", "b2") == ".../.x./..."
    assert "xxx/.o./..." not in tree.nodes  # x cannot have moved three times
    assert tree.nodes["xox/.../..."].to_move == 1
    # 9 * 8 * 7 = 504 paths at ply 3, far fewer positions: x twice, o once
    assert len([n for n in tree.nodes if n.count("x") == 2 and n.count("o") == 1]) == 252
    assert baseline_visits(tree, 3) == 1 + 9 + 72 + 504


def test_the_cut_off_has_evaluations_and_the_ply_below_it_no_moves() -> None:
    tree = unfold(TICTACTOE, "x.o/.x./...", 1)
    root = tree.nodes["x.o/.x./..."]
    assert root.actions == ("b1", "a2", "c2", "a3", "b3", "c3")
    cut = tree.nodes["xoo/.x./..."]  # at the depth: it has its moves, and an evaluation
    assert cut.actions and cut.eval is not None and cut.utility is None
    below = tree.nodes[tree.child("xoo/.x./...", "c3") or ""]  # x wins on the diagonal
    assert below.utility == (100, -100) and below.to_move is None
    quiet = tree.nodes[tree.child("xoo/.x./...", "a2") or ""]
    assert quiet.actions == () and quiet.eval is not None  # one ply past: not unfolded
    assert tree.max_depth() == 2


def test_a_depth_whose_unfolding_is_too_large_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(UnfoldTooLarge, match="visits 549,946 positions from here, more than"):
        unfold(TICTACTOE, ".../.../...", 9)
    monkeypatch.setattr("grader.games.unfold.MAX_POSITIONS", 200)
    # Connect Four from the empty board: 1 + 7 + 49 positions to ply 2, and 238 at ply 3
    with pytest.raises(UnfoldTooLarge, match=r"more than 200 positions \(past them at ply 3\)"):
        unfold(ConnectFour(), "/".join(["......."] * 6), 2)


def test_the_digest_follows_the_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    before = tree_digest(unfold(TicTacToe(), "x.o/.x./...", 2))
    assert tree_digest(unfold(TicTacToe(), "x.o/.x./...", 2)) == before
    monkeypatch.setattr(TicTacToe, "score", lambda self, board: 0)
    assert tree_digest(unfold(TicTacToe(), "x.o/.x./...", 2)) != before
