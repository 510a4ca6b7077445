"""The agent's copy of the rules (``sandboxes/rules.py``) against the grader's own
(``grader.games``): the same moves, positions, ends, payoffs and evaluations on every
position of random games. The referee never trusts the copy; this checks that a correct
agent is not misled by it."""

from __future__ import annotations

import random

import pytest

from grader.games import AGENT_GAMES, load_game
from sandboxes.rules import RULES, Clock


@pytest.mark.parametrize("name", sorted(AGENT_GAMES))
def test_the_agents_copy_agrees_with_the_grader_on_random_games(name: str) -> None:
    theirs, ours = RULES[name](), load_game(name)
    rng = random.Random(7)
    assert theirs.initial_state == ours.initial_state
    for _ in range(30):
        state = ours.initial_state
        while True:
            assert theirs.to_move(state) == ours.to_move(state)
            assert theirs.is_terminal(state) == ours.is_terminal(state)
            assert theirs.actions(state) == list(ours.actions(state))
            if ours.is_terminal(state):
                assert theirs.utilities(state) == ours.utilities(state)
                break
            assert theirs.evaluations(state) == ours.evaluations(state)
            move = rng.choice(ours.actions(state))
            assert theirs.result(state, move) == ours.result(state, move)
            state = ours.result(state, move)


def test_the_copy_refuses_an_illegal_move() -> None:
    game = RULES["connect4"]()
    with pytest.raises(ValueError, match="not a legal move"):
        game.result(game.initial_state, "8")


def test_the_clock_counts_down_from_the_smaller_limit() -> None:
    clock = Clock(move_s=1.0, game_s=0.5)
    assert 0.4 < clock.time_left() <= 0.5
    assert Clock(move_s=0.2, game_s=9.0).time_left() <= 0.2


def test_the_games_agents_play_are_those_with_a_copy_of_their_rules() -> None:
    assert sorted(RULES) == sorted(AGENT_GAMES)
