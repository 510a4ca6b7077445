"""One game of a tournament, played by the referee: the one place that calls
:func:`grader.play.play_game`.

Both players are agents (submissions) in sandboxes of their own, on this machine or on
the worker that plays the game. The referee's record becomes a :class:`PlayedGame`: its
players named by the entrants (never by the paths the agents happened to lie at), its
outcome by who moved first or second, a game the grader failed to run (``sandbox_error``)
a ``fault``. A game stopped midway (the tournament is stopping) returns None.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from grader.errors import GraderError
from grader.hosts.isolation import IsolationUnavailable
from grader.play import ClockRule, GameRecord, PlayerSpec, play_game, random_opening
from grader.tournaments.records import GAME_FORMAT, Outcome, PlayedGame
from grader.tournaments.schedule import Entrant, Game, draws

_OUTCOMES: dict[str, Outcome] = {"x": "first", "o": "second", "draw": "draw"}


@dataclass(frozen=True)
class MatchRules:
    """What every game of a tournament is played under."""

    game: str  # one of grader.games.GAMES
    clock: ClockRule
    entry: str = "choose"  # the agents' entry point
    opening_plies: int = 2  # moves of each drawn opening
    openings: int = 8  # distinct openings drawn, at most


def openings_for(rules: MatchRules, entrants: Iterable[Entrant], seed: int
                 ) -> list[tuple[str, ...]]:
    """Up to ``rules.openings`` distinct openings, drawn by the referee's rule from the
    stream of the entrants and the seed (fewer where the game has fewer)."""
    if rules.opening_plies == 0:
        return [()]
    rng = draws(entrants, seed, "openings")
    found: list[tuple[str, ...]] = []
    for _ in range(rules.openings * 20):  # a draw that repeats one is tried again, a while
        opening = tuple(random_opening(rules.game, rules.opening_plies, rng.randrange(2**31)))
        if opening not in found:
            found.append(opening)
            if len(found) == rules.openings:
                break
    return found


def rules_of(assignment: str | Path) -> tuple[MatchRules, int]:
    """The rules of an agents assignment (its ``play`` section: game, clock, openings)
    and its seed; GraderError for an assignment of another kind."""
    from grader.authoring.assignment import load_assignment

    loaded = load_assignment(assignment)
    play = loaded.spec.play
    if play is None:
        raise GraderError(
            f"{loaded.name}: not an agents assignment (it has tests, not a play section); "
            "a tournament plays agents: give one whose agents define choose(game, state, "
            "clock), such as connect4-agent"
        )
    clock = ClockRule(move_s=play.move_s, game_s=play.game_s)
    return MatchRules(play.game, clock, loaded.spec.entry, play.opening_plies), play.seed


class _Stopped(Exception):
    """Raised between two moves of a game the tournament no longer wants."""


def play_scheduled(
    game: Game, *, rules: MatchRules, agents: tuple[Path, Path], hashes: tuple[str, str],
    sandbox: Literal["local", "docker"], stopped: Callable[[], bool], strict: bool = True,
) -> PlayedGame | None:
    """Play ``game`` between the agents at ``agents`` (first, second; their files' hashes
    ``hashes``); None if ``stopped()`` turned true before it ended. ``strict``: refuse
    (IsolationUnavailable) a local sandbox that could only limit the agents."""

    def on_move(_: GameRecord) -> None:
        if stopped():
            raise _Stopped  # the referee closes both sandboxes on its way out

    players = tuple(PlayerSpec.agent(path, entry=rules.entry) for path in agents)
    if stopped():
        return None
    try:
        record = play_game(game=rules.game, players=(players[0], players[1]),
                           clock=rules.clock, opening=game.opening, seed=game.seed,
                           sandbox=sandbox, on_move=on_move, require_isolation=strict)
    except _Stopped:
        return None
    except IsolationUnavailable:
        raise  # the tournament stops: no game runs weaker than promised
    except GraderError as exc:
        return played_game(game, hashes, "fault", f"the grader could not play it: "
                           f"{exc.message}", None)
    named = GameRecord.model_validate({**dict(record), "players": [  # checked anew
        PlayerSpec(kind="agent", name=name, entry=rules.entry) for name in game.players]})
    outcome = "fault" if record.reason == "sandbox_error" else _OUTCOMES[record.outcome]
    return played_game(game, hashes, outcome, record.message, named)


def played_game(game: Game, hashes: tuple[str, str], outcome: Outcome, reason: str,
                record: GameRecord | None) -> PlayedGame:
    """The file of ``game`` that ended in ``outcome`` for ``reason``."""
    return PlayedGame(
        format=GAME_FORMAT, id=game.id, round=game.round, first=game.first,
        second=game.second, first_sha256=hashes[0], second_sha256=hashes[1],
        opening=list(game.opening), seed=game.seed, outcome=outcome, reason=reason,
        plies=len(record.moves) if record is not None else 0,
        record=record.model_dump(mode="json") if record is not None else None,
    )
