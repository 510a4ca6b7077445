"""Standings from finished games: ratings with uncertainty (OpenSkill), and the tallies.

Each game is one rated match of two players (a draw is a tie), in the schedule's order
(by round, then id), never in the order games happened to finish: so the ratings of a
tournament are the same however many workers played it, and whether it was stopped and
continued or played in one go. A game the grader failed to play (``fault``) is not a
result and counts nothing.

The rating model is OpenSkill's Plackett-Luce (Weng and Lin's Bayesian approximation, as
``openskill`` implements it): each entrant's skill is a normal distribution ``mu``,
``sigma``; ``ordinal = mu - 3 sigma`` is a cautious estimate (the skill it exceeds with
99.7% probability), by which the standings are ordered.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from grader.errors import GraderError
from grader.tournaments.records import PlayedGame
from grader.tournaments.schedule import BYE_POINTS


@dataclass(frozen=True)
class Standing:
    """One entrant's line of the standings."""

    name: str
    mu: float  # the rating's mean
    sigma: float  # its uncertainty (standard deviation)
    ordinal: float  # mu - 3 sigma: what the standings are sorted by
    wins: int
    draws: int
    losses: int
    byes: int
    points: float  # 1 a win, 1/2 a draw, BYE_POINTS a bye

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses


def standings(names: Iterable[str], games: Iterable[PlayedGame],
              byes: Mapping[str, int] | None = None) -> list[Standing]:
    """The standings of the entrants ``names`` after ``games`` (and ``byes``, a Swiss
    tournament's, per entrant): best ordinal first, then points, then name."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise GraderError("tournaments need OpenSkill: pip install "
                          "'search-grader[tournament]'") from None

    model = PlackettLuce()
    entrants = sorted(set(names))
    ratings = {n: model.rating(name=n) for n in entrants}
    tally = {n: [0, 0, 0] for n in entrants}  # wins, draws, losses
    for game in sorted(games, key=lambda g: (g.round, g.id)):
        first = game.first_points
        if first is None or game.first not in ratings or game.second not in ratings:
            continue
        ranks = [0.0, 0.0] if first == 0.5 else [0.0, 1.0] if first == 1.0 else [1.0, 0.0]
        [[ratings[game.first]], [ratings[game.second]]] = model.rate(
            [[ratings[game.first]], [ratings[game.second]]], ranks=ranks
        )
        for name, points in ((game.first, first), (game.second, 1 - first)):
            tally[name][0 if points == 1 else 1 if points == 0.5 else 2] += 1
    byes = byes or {}
    rows = [
        Standing(n, ratings[n].mu, ratings[n].sigma, ratings[n].ordinal(), tally[n][0],
                 tally[n][1], tally[n][2], byes.get(n, 0),
                 tally[n][0] + tally[n][1] / 2 + byes.get(n, 0) * BYE_POINTS)
        for n in entrants
    ]
    return sorted(rows, key=lambda r: (-r.ordinal, -r.points, r.name))
