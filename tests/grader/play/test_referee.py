"""The referee: a game between an agent in the local sandbox and the built-in opponents,
its record checked against the grader's own rules, and what it refuses."""

from __future__ import annotations

from pathlib import Path

import pytest

from grader.errors import GraderError
from grader.games import load_game
from grader.play import ClockRule, GameRecord, PlayerSpec, play_game, random_opening

CLOCK = ClockRule(move_s=2.0, game_s=20.0)
GREEDY_AGENT = """
def choose(game, state, clock):
    me = game.to_move(state)
    return max(game.actions(state), key=lambda a: game.evaluate(game.result(state, a), me))
"""


def agent(tmp_path: Path, source: str, name: str = "agent.py") -> PlayerSpec:
    path = tmp_path / name
    path.write_text(source)
    return PlayerSpec.agent(path)


def replayed(record: GameRecord) -> str:
    """The record's moves replayed on the grader's rules: each legal, in turn."""
    game = load_game(record.game)
    state = game.initial_state
    for ply, move in enumerate(record.moves, start=1):
        assert move.ply == ply and move.player == game.to_move(state)
        state = game.result(state, move.move)
    return state


def test_an_agent_plays_a_whole_game_in_its_sandbox(tmp_path: Path) -> None:
    record = play_game(game="connect4", clock=CLOCK, seed=3,
                       players=(agent(tmp_path, GREEDY_AGENT), PlayerSpec.builtin("random")))
    assert replayed(record) == record.final
    assert record.reason == "win" and record.outcome == "x"  # one ply beats random
    agent_moves = [m for m in record.moves if m.player == 0]
    assert all(0 < m.time_s < CLOCK.move_s for m in agent_moves)
    assert agent_moves[-1].clock_left_s == pytest.approx(
        CLOCK.game_s - sum(m.time_s for m in agent_moves), abs=1e-5)
    assert GameRecord.model_validate_json(record.model_dump_json()) == record


@pytest.mark.parametrize("seed", [0, 1], ids=["seed0", "seed1"])
def test_alphabeta_beats_random_from_a_seeded_opening(seed: int) -> None:
    opening = random_opening("connect4", 2, seed)
    assert opening == random_opening("connect4", 2, seed)
    record = play_game(game="connect4", clock=CLOCK, seed=seed, opening=opening,
                       players=(PlayerSpec.builtin("random"), PlayerSpec.builtin("alphabeta:2")))
    assert [m.move for m in record.moves[:2]] == opening and record.moves[0].opening
    assert replayed(record) == record.final
    assert record.outcome == "o"


def test_the_same_seed_plays_the_same_game() -> None:
    players = (PlayerSpec.builtin("greedy"), PlayerSpec.builtin("random"))
    games = [play_game(game="tictactoe", clock=CLOCK, seed=5, players=players) for _ in "ab"]
    assert [m.move for m in games[0].moves] == [m.move for m in games[1].moves]


@pytest.mark.parametrize(("opening", "opponent", "words"), [
    (["9"], "random", "not a legal move"),
    ([], "minimax:3", "no built-in opponent"),
    ([], "alphabeta:99", "no built-in opponent"),
], ids=["illegal-opening", "unknown-opponent", "too-deep"])
def test_bad_usage_is_refused(opening: list[str], opponent: str, words: str) -> None:
    with pytest.raises(GraderError, match=words):
        play_game(game="connect4", clock=CLOCK, opening=opening,
                  players=(PlayerSpec.builtin("random"), PlayerSpec.builtin(opponent)))


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(GraderError, match="the games are"):
        play_game(game="chess960", clock=CLOCK,
                  players=(PlayerSpec.builtin("random"), PlayerSpec.builtin("random")))


def test_two_sandboxed_agents_play_each_other(tmp_path: Path) -> None:
    first = agent(tmp_path, GREEDY_AGENT, "greedy.py")
    second = agent(tmp_path, "def choose(game, state, clock):\n"
                   "    return game.actions(state)[-1]\n", "last.py")
    record = play_game(game="tictactoe", clock=CLOCK, players=(first, second))
    assert replayed(record) == record.final
    assert {m.player for m in record.moves} == {0, 1}
    assert all(0 < m.time_s < CLOCK.move_s for m in record.moves)  # both on the clock


def test_an_agent_is_refused_a_game_it_has_no_rules_for(tmp_path: Path) -> None:
    with pytest.raises(GraderError, match="the games agents play are tictactoe, connect4"):
        play_game(game="chess", clock=CLOCK,
                  players=(agent(tmp_path, GREEDY_AGENT), PlayerSpec.builtin("random")))


# threads started and joined at every move: Python's join returns a moment before the
# thread leaves the kernel's list, which once counted as a thread left running
JOINED_THREADS = """
import threading

def choose(game, state, clock):
    me = game.to_move(state)
    scores = {}

    def score(a):
        scores[a] = game.evaluate(game.result(state, a), me)

    threads = [threading.Thread(target=score, args=(a,)) for a in game.actions(state)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return max(game.actions(state), key=scores.__getitem__)
"""
# the import (the first move's) takes a while: the clock shows it
SLOW_IMPORT = """
import time

time.sleep(0.5)
SEEN = []

def choose(game, state, clock):
    SEEN.append(clock.time_left())
    if len(SEEN) == 1 and SEEN[0] > clock.move_s - 0.4:
        raise RuntimeError(f"time_left() was {SEEN[0]:.3f} after a 0.5 s import")
    return game.actions(state)[0]
"""


def test_an_agent_that_joins_its_threads_leaves_none_running(tmp_path: Path) -> None:
    for seed in range(3):
        record = play_game(game="connect4", clock=CLOCK, seed=seed,
                           players=(agent(tmp_path, JOINED_THREADS), PlayerSpec.builtin("random")))
        assert record.reason in ("win", "draw"), record.message
        replayed(record)


def test_the_clock_of_the_first_move_counts_the_agents_import(tmp_path: Path) -> None:
    record = play_game(game="tictactoe", clock=CLOCK, seed=1,
                       players=(agent(tmp_path, SLOW_IMPORT), PlayerSpec.builtin("random")))
    assert record.reason in ("win", "draw"), record.message
