"""The standings of ``grader tournament`` as games finish: on a terminal, a progress bar
over the leaders' table, redrawn as results come in; elsewhere, one line per game."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

import click
from rich.console import Console, Group
from rich.live import Live
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table as RichTable

from grader.grading.sinks import for_rich, for_terminal
from grader.tournaments.run import Table, Watch

if TYPE_CHECKING:
    from grader.tournaments.ratings import Standing
    from grader.tournaments.records import PlayedGame
    from grader.tournaments.schedule import Game

SHOWN = 12  # the leaders shown on a terminal
_REDRAW_FACTOR = 10  # the table is redrawn after ten times what computing it took, ...
_REDRAW_MIN_S = 0.5  # ... and at most twice a second


@contextlib.contextmanager
def tournament_display() -> Iterator[Watch]:
    """On a terminal, the live standings; elsewhere (a CI log, nohup) one line per game."""
    console = Console(stderr=True, highlight=False)
    if not console.is_terminal:
        yield Lines()
        return
    columns = (TextColumn("playing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TextColumn("{task.description}"))
    progress = Progress(*columns, console=console)
    board = Board(progress)
    with Live(board.render(), console=console, transient=True, refresh_per_second=4) as live:
        board.live = live
        yield board


def result_line(played: PlayedGame) -> str:
    """``r001-p0000-a: ann beat bob (o wins)``, names made safe for a terminal."""
    first, second = for_terminal(played.first), for_terminal(played.second)
    said = {
        "first": f"{first} beat {second}",
        "second": f"{second} beat {first}",
        "draw": f"{first} and {second} drew",
        "fault": f"{first} v {second} not played (the grader's fault; run again to replay)",
    }[played.outcome]
    return f"{played.id}: {said} ({for_terminal(played.reason)})"


class Lines(Watch):
    """One line per game, as it finishes."""

    def __init__(self) -> None:
        self.total = self.done = 0

    def planned(self, games: int, kept: int) -> None:
        self.total += games
        click.echo(f"playing {games} game(s) ({kept} kept from an earlier run)", err=True)

    def finished(self, played: PlayedGame, table: Table) -> None:
        self.done += 1
        click.echo(f"[{self.done}/{self.total}] {result_line(played)}", err=True)


class Board(Watch):
    """The progress bar and the leaders' table, redrawn as games finish."""

    def __init__(self, progress: Progress) -> None:
        self.progress = progress
        self.task = progress.add_task("", total=0)
        self.live: Live | None = None
        self.rows: Sequence[Standing] = ()
        self.running: list[str] = []
        self._drawn = 0.0
        self._cost = 0.0
        self._lock = threading.Lock()

    def planned(self, games: int, kept: int) -> None:
        total = self.progress.tasks[0].total or 0
        self.progress.update(self.task, total=total + games)

    def started(self, game: Game) -> None:
        with self._lock:
            self.running.append(game.id)
            self._describe()

    def finished(self, played: PlayedGame, table: Table) -> None:
        with self._lock:
            if played.id in self.running:
                self.running.remove(played.id)
            self.progress.update(self.task, advance=1)
            self._describe()
        now = time.monotonic()
        if now - self._drawn >= max(_REDRAW_MIN_S, _REDRAW_FACTOR * self._cost):
            self.rows = table.standings()
            self._drawn = time.monotonic()
            self._cost = self._drawn - now
        if self.live is not None:
            self.live.update(self.render())

    def _describe(self) -> None:
        shown = ", ".join(self.running[:3]) + (" ..." if len(self.running) > 3 else "")
        self.progress.update(self.task, description=f"now: {shown}" if shown else "")

    def render(self) -> Group:
        return Group(self.progress, leaders(self.rows))


def leaders(rows: Sequence[Standing], shown: int = SHOWN) -> RichTable:
    """The first ``shown`` lines of the standings as a Rich table."""
    table = RichTable(title="standings", title_justify="left")
    for column in ("#", "entrant", "ordinal", "mu", "sigma", "W", "D", "L", "points"):
        table.add_column(column, justify="left" if column == "entrant" else "right")
    for rank, row in enumerate(rows[:shown], start=1):
        table.add_row(str(rank), for_rich(row.name), f"{row.ordinal:.2f}", f"{row.mu:.2f}",
                      f"{row.sigma:.2f}", str(row.wins), str(row.draws), str(row.losses),
                      f"{row.points:g}")
    if len(rows) > shown:
        table.caption = f"and {len(rows) - shown} more"
    return table
