"""The standings and the crosstable of a tournament, as CSV and as one HTML page.

A row per entrant, best first (:func:`grader.tournaments.ratings.standings`): its rating
(``mu``, ``sigma``, ``ordinal``), wins, draws, losses, byes and points; then a column per
opponent, in the same order, holding this entrant's result in each game they played (``1``,
``0.5``, ``0``, in the schedule's order). In the HTML page each result is a link to the
game's file (``games/<id>.json``: the replay), titled with who moved first, the opening
and how the game ended.

Every name and every referee's reason may come from a submission: each name in the CSV
passes :func:`~grader.grading.sinks.for_csv` (the numbers are the grader's own, a negative
rating left a number) and each HTML text :func:`~grader.grading.sinks.for_html`.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from urllib.parse import quote

from grader.grading.sinks import for_csv, for_html
from grader.tournaments.ratings import Standing
from grader.tournaments.records import GAMES, PlayedGame

STANDING_COLUMNS = ("rank", "entrant", "mu", "sigma", "ordinal", "wins", "draws", "losses",
                    "byes", "points")
CROSSTABLE = "crosstable"  # the files' name in OUT, beside games/: .csv and .html


def _figures(rank: int, row: Standing) -> list[str]:
    return [str(rank), row.name, f"{row.mu:.3f}", f"{row.sigma:.3f}", f"{row.ordinal:.3f}",
            str(row.wins), str(row.draws), str(row.losses), str(row.byes), _points(row.points)]


def _points(value: float) -> str:
    return f"{value:g}"


class _Meetings:
    """The counted games of each pair of entrants, in schedule order."""

    def __init__(self, games: Iterable[PlayedGame]) -> None:
        self.games = sorted(games, key=lambda g: (g.round, g.id))
        self.pairs: dict[frozenset[str], list[PlayedGame]] = {}
        for game in self.games:
            if game.first_points is not None:
                self.pairs.setdefault(frozenset(game.players), []).append(game)

    def results(self, name: str, opponent: str) -> list[tuple[str, PlayedGame]]:
        """``name``'s points in each game against ``opponent``."""
        found = []
        for game in self.pairs.get(frozenset((name, opponent)), []) if name != opponent else []:
            first = game.first_points
            assert first is not None
            found.append((_points(first if game.first == name else 1 - first), game))
        return found


def crosstable_csv(rows: Sequence[Standing], games: Iterable[PlayedGame]) -> str:
    """The standings and crosstable as CSV text, one row per entrant."""
    meetings = _Meetings(games)
    names = [r.name for r in rows]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([*STANDING_COLUMNS, *map(for_csv, names)])
    for rank, row in enumerate(rows, start=1):
        figures = _figures(rank, row)
        figures[1] = for_csv(row.name)  # the one cell a submission names; the rest are ours
        cells = [" ".join(p for p, _ in meetings.results(row.name, o)) for o in names]
        writer.writerow([*figures, *cells])
    return out.getvalue()


def crosstable_html(rows: Sequence[Standing], games: Iterable[PlayedGame], *,
                    title: str) -> str:
    """The standings and crosstable as an HTML page; links relative to ``OUT``."""
    meetings = _Meetings(games)
    names = [r.name for r in rows]
    head = "".join(f"<th>{for_html(c)}</th>" for c in STANDING_COLUMNS)
    head += "".join(f'<th title="{for_html(n)}">{i}</th>' for i, n in enumerate(names, 1))
    body = []
    for rank, row in enumerate(rows, start=1):
        cells = "".join(f"<td>{for_html(c)}</td>" for c in _figures(rank, row))
        for opponent in names:
            links = " ".join(_link(p, g) for p, g in meetings.results(row.name, opponent))
            cells += '<td class="self"></td>' if opponent == row.name else f"<td>{links}</td>"
        body.append(f"<tr>{cells}</tr>")
    counted = sum(len(g) for g in meetings.pairs.values())
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{for_html(title)}</title><style>{_CSS}</style></head><body>"
        f"<h1>{for_html(title)}</h1>"
        f"<p>{counted} game(s) played. Ratings: OpenSkill (Plackett-Luce); ordinal = mu - "
        "3 sigma. A column number is the entrant of that rank; each result links to the "
        "game's record.</p>"
        f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
        "</body></html>\n"
    )


def _link(points: str, game: PlayedGame) -> str:
    opening = " ".join(game.opening) or "none"
    about = (f"{game.id}: {game.first} moved first against {game.second}; opening "
             f"{opening}; {game.reason}")
    href = f"{GAMES}/{quote(game.id)}.json"
    return f'<a href="{for_html(href)}" title="{for_html(about)}">{for_html(points)}</a>'


_CSS = (
    "body{font-family:system-ui,sans-serif;margin:24px;color:#222}"
    "table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:3px 6px;"
    "text-align:right;white-space:nowrap}td:nth-child(2){text-align:left}"
    "td.self{background:#eee}a{text-decoration:none}"
)


def crosstable_texts(rows: Sequence[Standing], games: Iterable[PlayedGame], *,
                     title: str) -> dict[str, str]:
    """Each file's name and text: the CSV and the HTML page."""
    games = list(games)
    return {f"{CROSSTABLE}.csv": crosstable_csv(rows, games),
            f"{CROSSTABLE}.html": crosstable_html(rows, games, title=title)}
