"""Who plays whom, with which colour and opening: a pure function of the entrants and the seed.

An entrant is a name and the SHA-256 of its files (:class:`Entrant`). Every pairing is a
*match* of two games with the colours swapped and the same opening, so each entrant plays
first as often as second, and both colours get each opening.

- :func:`round_robin`: every pair meets once (two games), in rounds made by the circle
  method, so that no entrant plays twice in a round.
- :func:`swiss_round`: one round of a Swiss system, paired from the scores of the rounds
  before it: entrants in order of points (ties in a seeded order), each paired with the
  nearest entrant below it whom it has not met (a repeat only where no pairing of the
  round avoids one); with an odd field, the lowest-placed entrant without a bye yet sits
  out (:data:`BYE_POINTS`).

The order of entrants given does not matter (they are sorted), and the seed's draws come
from a :class:`random.Random` seeded with the seed and the entrants' names and hashes
(:func:`draws`): the same entrants, openings and seed give the same games, on any
machine, so a stopped tournament continues into the same schedule.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

BYE_POINTS = 1.0  # a bye: worth a drawn match (one of its two games' points)
_PAIRING_STEPS = 100_000  # the search for a round without repeats gives up after these


@dataclass(frozen=True, order=True)
class Entrant:
    """One agent of the tournament: its name and the SHA-256 of its files."""

    name: str
    sha256: str


@dataclass(frozen=True)
class Game:
    """One game of the schedule."""

    id: str  # unique, sortable, a file name: ``r003-p0012-b``
    round: int  # from 1
    first: str  # the entrant that moves first (player 0)
    second: str
    opening: tuple[str, ...]  # the moves played before the agents take over
    seed: int  # the game's own seed (for the referee and any random opponent)

    @property
    def players(self) -> tuple[str, str]:
        return self.first, self.second


@dataclass(frozen=True)
class Round:
    """One round: its games, in order, and who sits out (a Swiss bye)."""

    number: int
    games: tuple[Game, ...]
    bye: str | None = None


def draws(entrants: Iterable[Entrant], seed: int, purpose: str) -> random.Random:
    """The seeded random stream for ``purpose``, from the sorted entrants and the seed."""
    digest = hashlib.sha256(f"{seed}\0{purpose}".encode())
    for entrant in sorted(set(entrants)):
        digest.update(f"\0{entrant.name}\0{entrant.sha256}".encode())
    return random.Random(digest.hexdigest())


def _checked(entrants: Iterable[Entrant]) -> list[Entrant]:
    field = sorted(set(entrants))
    names = [e.name for e in field]
    if len(set(names)) != len(names):
        twice = sorted({n for n in names if names.count(n) > 1})
        raise ValueError(f"two entrants share a name: {', '.join(twice)}")
    if len(field) < 2:
        raise ValueError(f"a tournament needs two entrants at least, not {len(field)}")
    return field


def _match(number: int, index: int, a: str, b: str, opening: tuple[str, ...],
           rng: random.Random) -> tuple[Game, Game]:
    """The two games of a pairing: colours by a coin, then swapped; one opening."""
    if rng.random() < 0.5:
        a, b = b, a
    base = f"r{number:03d}-p{index:04d}"
    return (Game(f"{base}-a", number, a, b, opening, rng.randrange(2**31)),
            Game(f"{base}-b", number, b, a, opening, rng.randrange(2**31)))


def round_robin(entrants: Iterable[Entrant], openings: Sequence[tuple[str, ...]],
                seed: int) -> list[Round]:
    """Every pair of entrants meets once in a two-game match; rounds by the circle
    method (``n - 1`` rounds, ``n`` if odd, one entrant idle each round)."""
    field = _checked(entrants)
    rng = draws(field, seed, "round-robin")
    order: list[str | None] = [e.name for e in field]
    rng.shuffle(order)
    if len(order) % 2:
        order.append(None)  # who meets it sits the round out
    openings = list(openings) or [()]
    rounds, index = [], 0
    for number in range(1, len(order)):
        games: list[Game] = []
        half = len(order) // 2
        for a, b in zip(order[:half], reversed(order[half:]), strict=True):
            if a is not None and b is not None:
                games.extend(_match(number, index, a, b, openings[index % len(openings)], rng))
                index += 1
        rounds.append(Round(number, tuple(games)))
        order = [order[0], order[-1], *order[1:-1]]  # the circle turns; the first stays
    return rounds


@dataclass(frozen=True)
class Standing:
    """What Swiss pairing reads of an entrant after some rounds."""

    points: float = 0.0
    met: frozenset[str] = frozenset()
    byes: int = 0


def swiss_rounds(size: int) -> int:
    """The default number of Swiss rounds for ``size`` entrants: enough for one winner
    to stand out (``ceil(log2 size)``), and two more, at most a round robin's."""
    return max(1, min(size - 1, math.ceil(math.log2(max(size, 2))) + 2))


def swiss_round(entrants: Iterable[Entrant], number: int, standings: Mapping[str, Standing],
                openings: Sequence[tuple[str, ...]], seed: int) -> Round:
    """Round ``number`` of a Swiss system, given each entrant's :class:`Standing` after
    the rounds before it (an entrant missing from ``standings`` has none yet)."""
    field = _checked(entrants)
    rng = draws(field, seed, f"swiss-{number}")
    tiebreak = {e.name: i for i, e in enumerate(rng.sample(field, len(field)))}
    known = {e.name: standings.get(e.name, Standing()) for e in field}
    ranked = sorted(known, key=lambda n: (-known[n].points, tiebreak[n]))
    bye = None
    if len(ranked) % 2:
        fewest = min(s.byes for s in known.values())
        bye = next(n for n in reversed(ranked) if known[n].byes == fewest)
        ranked.remove(bye)
    pairs = _pair(ranked, known, repeats=False) or _pair(ranked, known, repeats=True)
    assert pairs is not None  # with repeats allowed, any even field pairs
    openings = list(openings) or [()]
    start = rng.randrange(len(openings))  # each round starts the openings elsewhere
    games: list[Game] = []
    for index, (a, b) in enumerate(pairs):
        opening = openings[(start + index) % len(openings)]
        games.extend(_match(number, index, a, b, opening, rng))
    return Round(number, tuple(games), bye)


def _pair(ranked: list[str], known: Mapping[str, Standing], *,
          repeats: bool) -> list[tuple[str, str]] | None:
    """Pairs of ``ranked`` (best first), each entrant with the nearest below it that it
    may meet; None if none exists (or the search ran out of steps)."""
    budget = [_PAIRING_STEPS]

    def search(left: list[str]) -> list[tuple[str, str]] | None:
        if not left:
            return []
        top, rest = left[0], left[1:]
        for i, other in enumerate(rest):
            budget[0] -= 1
            if budget[0] < 0:
                return None
            if not repeats and other in known[top].met:
                continue
            found = search(rest[:i] + rest[i + 1:])  # a farther opponent for `top` only
            # when no pairing of the rest follows from this one
            if found is not None:
                return [(top, other), *found]
        return None

    return search(ranked)


def standings_after(rounds: Iterable[Round], outcomes: Mapping[str, float | None]
                    ) -> dict[str, Standing]:
    """Each entrant's :class:`Standing` after ``rounds``, from ``outcomes``: each game's
    points for its first player (1, 0.5, 0; None: not played, counts nothing)."""
    points: dict[str, float] = {}
    met: dict[str, set[str]] = {}
    byes: dict[str, int] = {}
    for played in rounds:
        if played.bye is not None:
            byes[played.bye] = byes.get(played.bye, 0) + 1
            points[played.bye] = points.get(played.bye, 0.0) + BYE_POINTS
        for game in played.games:
            met.setdefault(game.first, set()).add(game.second)
            met.setdefault(game.second, set()).add(game.first)
            first = outcomes.get(game.id)
            if first is not None:
                points[game.first] = points.get(game.first, 0.0) + first
                points[game.second] = points.get(game.second, 0.0) + 1 - first
    names = set(points) | set(met) | set(byes)
    return {n: Standing(points.get(n, 0.0), frozenset(met.get(n, ())), byes.get(n, 0))
            for n in names}

