"""The progress of ``grader grade`` as it runs: on a terminal, a bar naming the
submissions in flight; elsewhere, one line per submission graded."""

from __future__ import annotations

import contextlib
import threading
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from grader.grading.batch import Watch
from grader.grading.sinks import for_rich, for_terminal
from grader.reports.feedback import STATUS_WORDS, points

if TYPE_CHECKING:
    from grader.grading.report import Report


@contextlib.contextmanager
def display() -> Iterator[Watch]:
    """On a terminal, a progress bar naming the submissions in flight; elsewhere (a CI
    log, nohup) one line per submission graded."""
    console = Console(stderr=True, highlight=False)
    if not console.is_terminal:
        yield Lines()
        return
    columns = (
        TextColumn("grading"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("{task.description}"),
    )
    with Progress(*columns, console=console, transient=True) as bar:
        yield Bar(bar)


def outcome(report: Report) -> str:
    """``ann: 7/10 points (2 failed, 1 timed out)``."""
    counts = Counter(t.status for t in report.tests if not t.passed)
    what = ", ".join(f"{n} {STATUS_WORDS[s]}" for s, n in sorted(counts.items()))
    return (
        f"{for_terminal(report.submission)}: "
        f"{points(report.score)}/{points(report.max_score)} points" + (f" ({what})" if what else "")
    )


class Lines(Watch):
    """One line per submission graded, as it finishes."""

    def __init__(self) -> None:
        self.total = self.done = 0

    def planned(self, names: Sequence[str]) -> None:
        self.total = len(names)
        click.echo(f"grading {self.total} submission(s)", err=True)

    def finished(self, report: Report) -> None:
        self.done += 1
        click.echo(f"[{self.done}/{self.total}] {outcome(report)}", err=True)


class Bar(Watch):
    """The progress bar, and the submissions being graded now."""

    def __init__(self, bar: Progress) -> None:
        self.bar = bar
        self.task = bar.add_task("", total=None)
        self.running: list[str] = []
        self._lock = threading.Lock()

    def planned(self, names: Sequence[str]) -> None:
        self.bar.update(self.task, total=len(names))

    def started(self, name: str) -> None:
        with self._lock:
            self.running.append(name)
            self._show(advance=0)

    def finished(self, report: Report) -> None:
        with self._lock:
            if report.submission in self.running:
                self.running.remove(report.submission)
            self._show(advance=1)

    def _show(self, advance: int) -> None:
        shown = ", ".join(map(for_rich, self.running[:4])) + (
            " ..." if len(self.running) > 4 else ""
        )
        self.bar.update(self.task, advance=advance, description=f"now: {shown}" if shown else "")
