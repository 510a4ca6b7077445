"""The property tests of an evaluation, checked in-process (the sandboxed path is in
tests/examples/test_evaluations.py): a sound evaluation passes every one, and each
unsound one fails the property it breaks, saying so in board terms."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from grader.authoring.play_spec import EvaluationRules
from grader.games import load_game
from grader.play.properties import CHECKS, Positions, draw_positions, mirror

GAME = load_game("connect4")
RULES = EvaluationRules(depth=2, call_s=0.1, bound=5000, positions=16)
DRAWN = draw_positions(GAME, RULES, seed=3)
Ask = Callable[[str, int], float]


def sound(board: str, player: int) -> float:  # the built-in evaluation, the utility at an end
    return GAME.evaluate(board, player)


def test_positions_are_drawn_as_asked_and_again_the_same() -> None:
    assert draw_positions(GAME, RULES, seed=3) == DRAWN
    assert draw_positions(GAME, RULES, seed=4) != DRAWN
    assert len(DRAWN.going_on) == len(set(DRAWN.going_on)) == 16
    assert not any(GAME.is_terminal(b) for b in DRAWN.going_on)
    winners = [GAME.winner(b) for b in DRAWN.ended]
    assert winners == ["x"] * 4 + ["o"] * 4
    assert Positions.model_validate_json(DRAWN.model_dump_json()) == DRAWN


def test_mirror_swaps_left_and_right() -> None:
    assert mirror("x..o/.o..") == "o..x/..o."
    assert mirror(mirror(DRAWN.going_on[3])) == DRAWN.going_on[3]


@pytest.mark.parametrize("prop", sorted(CHECKS))
def test_a_sound_evaluation_passes_every_property(prop: str) -> None:
    assert CHECKS[prop](sound, GAME, DRAWN, RULES) is None


def _x_only(board: str, player: int) -> float:
    return sound(board, 0)  # x's value whoever asks


def _no_wins(board: str, player: int) -> float:
    return 0.0 if GAME.is_terminal(board) else sound(board, player)


def _left_handed(board: str, player: int) -> float:  # prefers pieces in column 1
    rows = board.split("/")
    return sound(board, player) + sum(r[0] == "xo"[player] for r in rows)


def _too_large(board: str, player: int) -> float:
    return 1000.0 * sound(board, player)


@pytest.mark.parametrize(("ask", "prop", "words"), [
    pytest.param(_x_only, "zero-sum", "o's value is x's negated", id="wrong-sign"),
    pytest.param(_x_only, "wins", "for o, the position", id="wrong-sign-wins"),
    pytest.param(_no_wins, "wins", "a win must score above a loss", id="ignores-wins"),
    pytest.param(_left_handed, "mirror", "its mirror image", id="asymmetric"),
    pytest.param(_too_large, "bounds", "beyond the bound of 5000", id="out-of-bounds"),
])
def test_an_unsound_evaluation_fails_its_property(ask: Ask, prop: str, words: str) -> None:
    problem = CHECKS[prop](ask, GAME, DRAWN, RULES)
    assert problem is not None
    sentence, boards = problem
    assert words in sentence
    assert "to move)" in sentence or "has won)" in sentence  # the position, in words
    assert boards[1].startswith("  ") and len(boards) >= 7  # and drawn: a label, 6 rows


def test_a_position_going_on_above_a_win_is_named() -> None:
    def above(board: str, player: int) -> float:
        return 5000.0 if not GAME.is_terminal(board) else sound(board, player)

    problem = CHECKS["wins"](above, GAME, DRAWN, RULES)
    assert problem is not None and "where the game goes on, scores 5000, above the win" \
        in problem[0]


@pytest.mark.parametrize("name", ["tictactoe", "connect4"])
def test_each_games_builtin_evaluation_is_sound(name: str) -> None:
    game = load_game(name)
    drawn = draw_positions(game, RULES, seed=5)
    assert {game.winner(b) for b in drawn.ended} == {"x", "o"}
    for check in CHECKS.values():
        assert check(lambda b, p: game.evaluate(b, p), game, drawn, RULES) is None
