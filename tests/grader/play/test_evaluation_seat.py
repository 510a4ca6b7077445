"""An evaluation's seat: the reference alpha-beta on the trusted side, each leaf's value a
call into the submission's sandbox. It plays exactly the moves the same search plays
with the same evaluation in the grader's process; each way an evaluation can fail loses
the game with its reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from grader.play.models import ClockRule, PlayerSpec
from grader.play.referee import play_game
from grader.play.seats import finite_number

GAME = "connect4"
CLOCK = ClockRule(move_s=1.0, game_s=10.0, call_s=0.2)
BUILTIN = """
def evaluate(game, state, player):
    return game.evaluate(state, player)
"""


def evaluation(tmp_path: Path, code: str, depth: int = 2) -> PlayerSpec:
    (tmp_path / "agent.py").write_text(code)
    return PlayerSpec.evaluation(tmp_path / "agent.py", depth=depth)


@pytest.mark.parametrize("colour", [0, 1], ids=["as-x", "as-o"])
def test_it_plays_the_moves_of_the_same_search_in_process(tmp_path: Path, colour: int) -> None:
    # the sandboxed built-in evaluation, for either player, against the grader's own
    # alphabeta:2 with it: the same moves as alphabeta:2 against alphabeta:2 (x and o)
    student = evaluation(tmp_path, BUILTIN)
    other = PlayerSpec.builtin("alphabeta:1")
    seats = (student, other) if colour == 0 else (other, student)
    builtin = (PlayerSpec.builtin("alphabeta:2"), other) if colour == 0 else (
        other, PlayerSpec.builtin("alphabeta:2"))
    played = play_game(game=GAME, players=seats, clock=CLOCK, opening=["4", "3"])
    expected = play_game(game=GAME, players=builtin, clock=CLOCK, opening=["4", "3"])
    assert played.reason in ("win", "draw")
    assert [m.move for m in played.moves] == [m.move for m in expected.moves]
    mine = [m for m in played.moves if m.player == colour and not m.opening]
    # the calls' time, charged (none where every leaf within reach ends the game)
    assert all(0 <= m.time_s <= CLOCK.move_s for m in mine) and sum(m.time_s for m in mine)
    assert played.players[colour].label == "agent.py (alphabeta:2 with its evaluate)"


# (code, reason, words of the message): each evaluation loses its first move
FAULTS = [
    pytest.param("def evaluate(game, state, player):\n    return 1 / 0\n", "crash",
                 "ZeroDivisionError", id="crash"),
    pytest.param("def evaluate(game, state, player):\n    return 'good'\n", "garbage",
                 "as good: an evaluation is a finite number", id="a-text"),
    pytest.param("def evaluate(game, state, player):\n    return float('nan')\n", "garbage",
                 "as nan", id="nan"),
    pytest.param("def evaluate(game, state, player):\n    return -float('inf')\n", "garbage",
                 "as -inf", id="inf"),
    pytest.param("def evaluate(game, state, player):\n    return True\n", "garbage",
                 "as True", id="a-bool"),
    pytest.param("def evaluate(game, state, player):\n    return 10 ** 400\n", "garbage",
                 "an evaluation is a finite number", id="too-large-for-a-float"),
    pytest.param("import time\nCALLS = []\ndef evaluate(game, state, player):\n"
                 "    CALLS.append(1)\n    if len(CALLS) > 1:\n        time.sleep(5)\n"
                 "    return 0\n",  # the first call, which imports, may take the move's time
                 "flag", "more than the 0.2 s an evaluation call may take", id="slow-call"),
    pytest.param("import time\ndef evaluate(game, state, player):\n    time.sleep(0.06)\n"
                 "    return 0\n", "flag", "lost on time: its move took", id="slow-move"),
    pytest.param("import threading, time\ndef evaluate(game, state, player):\n"
                 "    threading.Thread(target=time.sleep, args=(3,)).start()\n    return 0\n",
                 "leftover", "left 1 thread(s) running", id="a-thread-left-running"),
    pytest.param("def choose(game, state, clock):\n    return '1'\n", "crash",
                 "no function evaluate(game, state, player)", id="no-evaluate"),
]


@pytest.mark.parametrize(("code", "reason", "words"), FAULTS)
def test_a_failing_evaluation_loses_with_its_reason(
    tmp_path: Path, code: str, reason: str, words: str
) -> None:
    clock = ClockRule(move_s=0.5, game_s=5.0, call_s=0.2)
    record = play_game(game=GAME, players=(evaluation(tmp_path, code),
                                           PlayerSpec.builtin("random")), clock=clock)
    assert (record.outcome, record.reason) == ("o", reason), record.message
    assert words in record.message
    assert [m for m in record.moves if not m.opening] == []  # lost on its first move
    if reason == "crash" and "ZeroDivisionError" in words:  # where, and the traceback
        assert "(evaluating ......./" in record.message and "1 / 0" in (record.detail or "")


@pytest.mark.parametrize(("value", "finite"), [
    pytest.param(3, True, id="int"), pytest.param(-2.5, True, id="float"),
    pytest.param(float("nan"), False, id="nan"), pytest.param(float("inf"), False, id="inf"),
    pytest.param(True, False, id="bool"), pytest.param("1", False, id="text"),
    pytest.param(None, False, id="none"), pytest.param(10 ** 400, False, id="huge-int"),
])
def test_what_counts_as_a_value(value: object, finite: bool) -> None:
    assert finite_number(value) is finite


@pytest.mark.docker
def test_in_docker_it_plays_the_same_moves_and_a_bad_value_loses(tmp_path: Path) -> None:
    opening = ["4", "3", "4", "3"]
    other = PlayerSpec.builtin("alphabeta:1")
    played = play_game(game=GAME, players=(evaluation(tmp_path, BUILTIN), other),
                       clock=ClockRule(move_s=2.0, game_s=30.0, call_s=0.5),
                       opening=opening, sandbox="docker")
    expected = play_game(game=GAME, players=(PlayerSpec.builtin("alphabeta:2"), other),
                         clock=CLOCK, opening=opening)
    assert played.reason in ("win", "draw"), played.message
    assert [m.move for m in played.moves] == [m.move for m in expected.moves]
    (tmp_path / "nan").mkdir()
    nan = evaluation(tmp_path / "nan", "def evaluate(game, state, player):\n"
                     "    return float('nan')\n")
    lost = play_game(game=GAME, players=(nan, other), clock=CLOCK, sandbox="docker")
    assert (lost.outcome, lost.reason) == ("o", "garbage") and "as nan" in lost.message


# the built-in evaluation a million times over: its unfinished positions score far past a
# win's payoff (1,000); the search still takes a win it sees, as with the evaluation itself
SCALED = """
def evaluate(game, state, player):
    return 1_000_000 * game.evaluate(state, player)
"""
# a slow import (a table built at import time): the first call may take the move's time
SLOW_IMPORT = """
import time

time.sleep(0.4)

def evaluate(game, state, player):
    return game.evaluate(state, player)
"""


def test_an_evaluation_on_any_scale_plays_as_it_does_unscaled(tmp_path: Path) -> None:
    other = PlayerSpec.builtin("alphabeta:1")
    played = play_game(game=GAME, players=(evaluation(tmp_path, SCALED), other), clock=CLOCK,
                       opening=["4", "3"])
    unscaled = play_game(game=GAME, players=(PlayerSpec.builtin("alphabeta:2"), other),
                         clock=CLOCK, opening=["4", "3"])
    assert played.reason in ("win", "draw"), played.message
    assert [m.move for m in played.moves] == [m.move for m in unscaled.moves]


def test_the_first_call_may_take_the_import(tmp_path: Path) -> None:
    played = play_game(game=GAME, players=(evaluation(tmp_path, SLOW_IMPORT),
                                           PlayerSpec.builtin("random")),
                       clock=CLOCK, opening=["4", "3"])
    assert played.reason in ("win", "draw"), played.message


def test_a_value_past_the_bound_loses_the_game(tmp_path: Path) -> None:
    # what the bounds property asks of every value, asked of those met in play too: an
    # evaluation cannot pass the property tests with one function and play with another
    (tmp_path / "agent.py").write_text(
        "def evaluate(game, state, player):\n    return 3_000_000\n")
    spec = PlayerSpec.evaluation(tmp_path / "agent.py", depth=2, bound=1_000_000)
    played = play_game(game=GAME, players=(spec, PlayerSpec.builtin("random")), clock=CLOCK,
                       opening=["4", "3"])
    assert played.reason == "garbage" and played.outcome == "o"
    assert "past the assignment's bound: every value is within 1e+06 of 0" in played.message
