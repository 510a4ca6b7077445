"""The schedule: every pair met, colours and openings balanced, Swiss pairing by score,
byes, and the same games from the same entrants and seed, whatever order they come in."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.tournaments.schedule import (
    BYE_POINTS,
    Entrant,
    Game,
    Round,
    round_robin,
    standings_after,
    swiss_round,
    swiss_rounds,
)

OPENINGS = [("a",), ("b",), ("c",)]


def field(n: int) -> list[Entrant]:
    return [Entrant(f"agent{i:02d}", f"{i:064x}") for i in range(n)]


def games_of(rounds: list[Round]) -> list[Game]:
    return [g for r in rounds for g in r.games]


@settings(max_examples=30, deadline=None)
@given(n=st.integers(2, 13), seed=st.integers(0, 2**31))
def test_a_round_robin_meets_every_pair_in_a_two_game_match(n: int, seed: int) -> None:
    rounds = round_robin(field(n), OPENINGS, seed)
    games = games_of(rounds)
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    assert len(games) == n * (n - 1)
    assert len({g.id for g in games}) == len(games)
    by_pair: dict[frozenset[str], list[Game]] = {}
    for g in games:
        by_pair.setdefault(frozenset(g.players), []).append(g)
    assert len(by_pair) == n * (n - 1) // 2
    for a, b in by_pair.values():  # colours swapped, one opening, one round
        assert (a.first, a.second) == (b.second, b.first)
        assert a.opening == b.opening and a.round == b.round
    for played in rounds:  # nobody twice in a round
        seen = Counter(name for g in played.games for name in g.players)
        assert set(seen.values()) <= {2}


def test_each_entrant_moves_first_as_often_as_second() -> None:
    games = games_of(round_robin(field(7), OPENINGS, 3))
    first = Counter(g.first for g in games)
    second = Counter(g.second for g in games)
    assert first == second and set(first.values()) == {6}


def test_both_colours_get_each_opening() -> None:
    games = games_of(round_robin(field(6), OPENINGS, 3))
    per_colour = Counter((g.first, g.opening) for g in games)
    against = Counter((g.second, g.opening) for g in games)
    assert per_colour == against
    assert {g.opening for g in games} == set(OPENINGS)


def test_the_schedule_is_a_function_of_the_entrants_and_the_seed() -> None:
    entrants = field(9)
    shuffled = entrants[::-1]
    assert round_robin(entrants, OPENINGS, 5) == round_robin(shuffled, OPENINGS, 5)
    assert round_robin(entrants, OPENINGS, 5) != round_robin(entrants, OPENINGS, 6)
    changed = [*entrants[:-1], Entrant(entrants[-1].name, "f" * 64)]  # a resubmission
    assert round_robin(changed, OPENINGS, 5) != round_robin(entrants, OPENINGS, 5)
    assert swiss_round(entrants, 1, {}, OPENINGS, 5) == swiss_round(shuffled, 1, {}, OPENINGS, 5)


@pytest.mark.parametrize(
    "entrants",
    [
        pytest.param([Entrant("a", "1")], id="one-entrant"),
        pytest.param([Entrant("a", "1"), Entrant("a", "2")], id="a-name-twice"),
    ],
)
def test_an_impossible_field_is_refused(entrants: list[Entrant]) -> None:
    with pytest.raises(ValueError, match="entrant"):
        round_robin(entrants, OPENINGS, 0)


def play_swiss(n: int, rounds: int, seed: int) -> list[Round]:
    """A Swiss tournament whose games the lower-numbered entrant always wins."""
    entrants, played, outcomes = field(n), [], {}
    for number in range(1, rounds + 1):
        played.append(swiss_round(entrants, number, standings_after(played, outcomes),
                                  OPENINGS, seed))
        for g in played[-1].games:
            outcomes[g.id] = 1.0 if g.first < g.second else 0.0
    return played


@pytest.mark.parametrize("n", [pytest.param(n, id=f"{n}-entrants") for n in (4, 7, 8, 13, 300)])
def test_swiss_repeats_no_pairing_while_it_can(n: int) -> None:
    rounds = swiss_rounds(n)
    played = play_swiss(n, rounds, seed=1)
    pairs = [frozenset(g.players) for r in played for g in r.games if g.id.endswith("-a")]
    assert len(set(pairs)) == len(pairs)
    for r in played:
        in_round = {name for g in r.games for name in g.players}
        assert len(in_round) == n - (n % 2)
        assert (r.bye is None) == (n % 2 == 0) and r.bye not in in_round


def test_swiss_pairs_by_score() -> None:
    # 8 entrants; entrant i beats every j > i. After round 1 the four winners have 2
    # points, the losers 0: round 2 pairs winners with winners.
    played = play_swiss(8, 2, seed=4)
    after_one = standings_after(played[:1], {g.id: (1.0 if g.first < g.second else 0.0)
                                             for g in played[0].games})
    for g in played[1].games:
        assert after_one[g.first].points == after_one[g.second].points


def test_swiss_byes_go_round_before_anyone_has_a_second() -> None:
    played = play_swiss(5, 4, seed=2)  # five entrants, four rounds: four different byes
    byes = [r.bye for r in played]
    assert len(set(byes)) == 4
    outcomes = {g.id: 1.0 for r in played for g in r.games}
    assert standings_after(played[:1], outcomes)[str(byes[0])].points == BYE_POINTS


def test_swiss_repeats_a_pairing_when_no_round_avoids_one() -> None:
    played = play_swiss(4, 4, seed=0)  # 4 entrants have only 3 rounds of new opponents
    pairs = [frozenset(g.players) for g in played[3].games if g.id.endswith("-a")]
    assert len(pairs) == 2 and len({n for p in pairs for n in p}) == 4


@pytest.mark.parametrize(
    ("n", "rounds"),
    [pytest.param(2, 1, id="two"), pytest.param(8, 5, id="eight"),
     pytest.param(300, 11, id="three-hundred")],
)
def test_swiss_rounds_default(n: int, rounds: int) -> None:
    assert swiss_rounds(n) == rounds
