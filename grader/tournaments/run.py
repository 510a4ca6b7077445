"""Playing a tournament: resumable, stoppable, on this machine or on a Dask cluster.

The entrants are a folder of submissions (the rule of ``grader grade``: each ``.py``, ``.zip``
or folder, named by its entry), each hashed as the intake copies it. The schedule
(:mod:`grader.tournaments.schedule`) follows from them and the seed. Each game's file is
written into ``OUT/games/`` atomically the moment it ends (:mod:`grader.tournaments.records`);
a run plays only the games of its schedule that have no file yet, so a stopped tournament
continues where it stopped, and its standings (computed from the files, in the schedule's
order) are those of a run from scratch. A Swiss round is paired once every game of the
rounds before it has a result.

A :class:`~grader.grading.batch.Stop` requested while games run (Ctrl-C) ends each game
in flight at its next move, its sandboxes closed; it is not recorded, and the next run
plays it again. The crosstable and standings (:mod:`grader.tournaments.crosstable`) are
rewritten as games finish (at most every few seconds) and at the end.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, Protocol

from grader.errors import GraderError
from grader.grading.batch import Stop, check_docker
from grader.grading.entries import Entry, find_submissions
from grader.grading.intake import SubmissionRefused, submission_sha256
from grader.tournaments.crosstable import crosstable_texts
from grader.tournaments.match import MatchRules, openings_for, play_scheduled
from grader.tournaments.ratings import Standing, standings
from grader.tournaments.records import (
    PlayedGame,
    finished,
    remove_partial,
    write_game,
)
from grader.tournaments.schedule import (
    Entrant,
    Game,
    Round,
    round_robin,
    standings_after,
    swiss_round,
    swiss_rounds,
)

Format = Literal["round-robin", "swiss"]
FORMATS: tuple[Format, ...] = ("round-robin", "swiss")
POLL_S = 0.1  # how often a tournament looks for a stop request while games run
WRITE_EVERY_S = 5.0  # the crosstable is rewritten at most this often while games run,
WRITE_SHARE = 10  # and after ten times what the last rewrite took (a huge field's)


class Watch:
    """What a tournament tells whoever watches it; each method here does nothing.
    ``started`` is called from the playing threads, the others from the caller's."""

    def planned(self, games: int, kept: int) -> None:
        """``games`` to play now (more may follow: Swiss rounds), ``kept`` from before."""

    def started(self, game: Game) -> None:
        """A game began."""

    def finished(self, played: PlayedGame, table: Table) -> None:
        """A game ended and its file is written; ``table`` gives the standings."""


class Player(Protocol):
    """Where games are played: this machine's threads, or a cluster's workers."""

    slots: int  # games to have in flight at once

    def play(self, game: Game) -> PlayedGame | None:
        """Play ``game`` (blocks); None if the tournament stopped it."""

    def kill(self) -> None:
        """Stop the games in flight (the tournament is stopping)."""


@dataclass
class TournamentResult:
    """What a tournament did, and where it stands."""

    entrants: list[str]
    standings: list[Standing]
    games: list[PlayedGame]  # every game with a result, from this run or before
    kept: int = 0  # games whose files an earlier run wrote
    faults: list[str] = field(default_factory=list)  # games the grader failed to play
    not_played: int = 0  # games of the schedule still to play (a stop, a fault)
    refused: dict[str, str] = field(default_factory=dict)  # entry: why it cannot enter
    ignored: list[str] = field(default_factory=list)  # not submissions
    stopped_by: int | None = None  # the signal that stopped it (0: asked by code)
    files: list[Path] = field(default_factory=list)


class Table:
    """The games so far and the standings they give, recomputed only when asked."""

    def __init__(self, names: Sequence[str], byes: dict[str, int] | None = None) -> None:
        self.names = list(names)
        self.byes = byes or {}
        self.games: dict[str, PlayedGame] = {}

    def add(self, played: PlayedGame) -> None:
        self.games[played.id] = played

    def counted(self) -> list[PlayedGame]:
        return [g for g in self.games.values() if g.first_points is not None]

    def standings(self) -> list[Standing]:
        return standings(self.names, self.counted(), self.byes)


def entrants_of(folder: Path) -> tuple[dict[str, Entry], list[Entrant], dict[str, str], list[str]]:
    """The submissions of ``folder`` by name, the entrants (hashed), those refused
    (name: why), and the entries that are no submission."""
    entries, ignored = find_submissions(folder)
    entrants, refused = [], {}
    for entry in entries:
        try:
            entrants.append(Entrant(entry.name, submission_sha256(entry.path)))
        except SubmissionRefused as exc:
            refused[entry.name] = exc.message
    return {e.name: e for e in entries}, entrants, refused, ignored


def run_tournament(
    *,
    submissions: Path,
    rules: MatchRules,
    out: Path,
    format: Format = "round-robin",
    rounds: int | None = None,
    seed: int = 0,
    jobs: int = 1,
    cluster: str | None = None,
    sandbox: Literal["local", "docker"] = "local",
    allow_limits_only: bool = False,
    watch: Watch | None = None,
    stop: Stop | None = None,
) -> TournamentResult:
    """Play a tournament between the agents in ``submissions`` into ``out``; see the
    module's doc. ``rounds``: a Swiss tournament's (default :func:`swiss_rounds`); with
    ``cluster`` (``tcp://HOST:PORT`` or ``local:N``) the cluster's workers play the games,
    each in its own ``sandbox``, and ``jobs`` is theirs to decide."""
    from grader.hosts.isolation import require_isolation

    if jobs < 1:
        raise GraderError(f"--jobs must be at least 1, not {jobs}")
    if format not in FORMATS:
        raise GraderError(f"--format {format!r}: choose {' or '.join(FORMATS)}")
    require_isolation(sandbox, allow_limits_only=allow_limits_only)
    if sandbox == "docker" and cluster is None:  # a cluster's workers have their own
        check_docker()
    entries, entrants, refused, ignored = entrants_of(submissions)
    if len(entrants) < 2:
        raise GraderError(f"{submissions}: a tournament needs two agents at least; "
                          f"found {len(entrants)} that can enter")
    if rounds is not None and rounds < 1:
        raise GraderError(f"--rounds must be at least 1, not {rounds}")
    out.mkdir(parents=True, exist_ok=True)
    remove_partial(out)
    result = TournamentResult([e.name for e in entrants], [], [], refused=refused,
                              ignored=ignored)
    tour = _Tournament(entrants, rules, out, seed, watch or Watch(), stop or Stop())
    tour.strict = not allow_limits_only
    with _player(cluster, tour, entries, sandbox, jobs) as player:
        if format == "swiss":
            tour.swiss(player, rounds or swiss_rounds(len(entrants)))
        else:
            tour.play_rounds(player, round_robin(entrants, tour.openings, seed))
    tour.finish(result, format)
    return result


@contextmanager
def _player(cluster: str | None, tour: _Tournament, entries: dict[str, Entry],
            sandbox: Literal["local", "docker"], jobs: int) -> Iterator[Player]:
    paths = {e.name: entries[e.name].path for e in tour.entrants}
    if cluster is None:
        yield _Local(tour, paths, sandbox, jobs)
        return
    try:
        from grader.tournaments.remote import open_remote
    except ImportError:
        raise GraderError("--cluster needs Dask: pip install 'search-grader[cluster]'") from None
    with open_remote(cluster, rules=tour.rules, paths=paths, hashes=tour.hashes,
                     sandbox=sandbox, strict=tour.strict) as remote:
        yield remote


class _Local:
    """Games played by this machine's threads, each agent in a local or Docker sandbox."""

    def __init__(self, tour: _Tournament, paths: dict[str, Path],
                 sandbox: Literal["local", "docker"], jobs: int) -> None:
        self.tour, self.paths, self.sandbox = tour, paths, sandbox
        self.slots = jobs

    def play(self, game: Game) -> PlayedGame | None:
        return play_scheduled(
            game, rules=self.tour.rules, agents=(self.paths[game.first], self.paths[game.second]),
            hashes=(self.tour.hashes[game.first], self.tour.hashes[game.second]),
            sandbox=self.sandbox, stopped=lambda: self.tour.stop.requested,
            strict=self.tour.strict)

    def kill(self) -> None:
        """Nothing to do: each game reads the stop request between its moves."""


class _Tournament:
    """The games of one tournament: what the schedule holds, what is done, what runs."""

    def __init__(self, entrants: list[Entrant], rules: MatchRules, out: Path, seed: int,
                 watch: Watch, stop: Stop) -> None:
        self.entrants, self.rules, self.out, self.seed = entrants, rules, out, seed
        self.watch, self.stop = watch, stop
        self.strict = True  # refuse a local sandbox that can only limit the agents
        self.hashes = {e.name: e.sha256 for e in entrants}
        self.openings = openings_for(rules, entrants, seed)
        self.table = Table([e.name for e in entrants])
        self.kept = 0
        self.faults: list[str] = []
        self.not_played = 0
        self._written = self._write_s = 0.0

    def swiss(self, player: Player, rounds: int) -> None:
        """Pair and play each round once the rounds before it all have results."""
        played: list[Round] = []
        outcomes: dict[str, float | None] = {}
        for number in range(1, rounds + 1):
            standing = standings_after(played, outcomes)
            this = swiss_round(self.entrants, number, standing, self.openings, self.seed)
            if this.bye is not None:
                self.table.byes[this.bye] = self.table.byes.get(this.bye, 0) + 1
            played.append(this)
            if not self.play_rounds(player, [this]):  # the next round cannot be paired
                self.not_played += (rounds - number) * len(this.games)
                return
            outcomes.update({g.id: g.first_points for g in self.table.games.values()})

    def play_rounds(self, player: Player, rounds: list[Round]) -> bool:
        """Play every game of ``rounds`` without a file yet; True if all now have a result."""
        games = [g for r in rounds for g in r.games]
        done = finished(self.out, games, self.hashes)
        for played in done.values():
            self.table.add(played)
        self.kept += len(done)
        todo = [g for g in games if g.id not in done]
        self.watch.planned(len(todo), len(done))
        ended = self._run(player, todo) if todo else set()
        self.not_played += len(todo) - len(ended)
        return len(ended) == len(todo) and not any(g.id in self.faults for g in todo)

    def _run(self, player: Player, todo: list[Game]) -> set[str]:
        ended: set[str] = set()
        with ThreadPoolExecutor(max_workers=player.slots, thread_name_prefix="play") as pool:
            pending = {pool.submit(self._play_one, player, g) for g in todo}
            try:
                while pending and not self.stop.requested:
                    done, pending = wait(pending, timeout=POLL_S, return_when=FIRST_COMPLETED)
                    self._collect(done, ended)
            finally:
                if pending:
                    self.stop.request()
                    pool.shutdown(wait=False, cancel_futures=True)
                    self._halt(player, pending, ended)
        return ended

    def _halt(self, player: Player, pending: set[Future[PlayedGame | None]],
              ended: set[str]) -> None:
        """Stop the games in flight; keep those that ended meanwhile."""
        player.kill()
        while pending:
            wait(pending, timeout=POLL_S)  # blind to cancelled futures: look at each
            done = {f for f in pending if f.done()}
            pending -= done
            self._collect([f for f in done if not f.cancelled() and f.exception() is None],
                          ended)

    def _play_one(self, player: Player, game: Game) -> PlayedGame | None:
        if self.stop.requested:
            return None
        self.watch.started(game)
        played = player.play(game)
        if played is None or (self.stop.requested and played.outcome == "fault"):
            return None  # a fault while stopping may be the stop's doing: not recorded
        write_game(self.out, played)
        return played

    def _collect(self, done: Iterable[Future[PlayedGame | None]], ended: set[str]) -> None:
        for future in done:
            played = future.result()
            if played is None:
                continue
            ended.add(played.id)
            self.table.add(played)
            if played.outcome == "fault":
                self.faults.append(played.id)
            self.watch.finished(played, self.table)
            if time.monotonic() - self._written > max(WRITE_EVERY_S,
                                                      WRITE_SHARE * self._write_s):
                self.write()

    def write(self) -> list[Path]:
        """Rewrite the crosstable and standings files from the games so far."""
        started = time.monotonic()
        texts = crosstable_texts(self.table.standings(), self.table.counted(),
                                 title=f"Tournament: {self.rules.game}")
        paths = []
        for name, text in texts.items():
            tmp = self.out / f".{name}.tmp"
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, self.out / name)
            paths.append(self.out / name)
        self._written = time.monotonic()
        self._write_s = self._written - started
        return paths

    def finish(self, result: TournamentResult, format: Format) -> None:
        result.files = self.write()
        result.standings = self.table.standings()
        result.games = sorted(self.table.counted(), key=lambda g: (g.round, g.id))
        result.kept, result.faults = self.kept, sorted(self.faults)
        result.not_played = self.not_played
        result.stopped_by = self.stop.signum


def summary_lines(result: TournamentResult) -> list[str]:
    """The standings, what was played and kept, what is left, and the files, as text."""
    from grader.grading.sinks import for_terminal

    lines = [f"{len(result.games)} game(s) with a result ({result.kept} from an earlier "
             f"run) between {len(result.entrants)} entrants"]
    width = max((len(for_terminal(r.name)) for r in result.standings), default=0)
    for rank, row in enumerate(result.standings, start=1):
        lines.append(
            f"{rank:4d}. {for_terminal(row.name):<{width}}  ordinal {row.ordinal:7.2f}  "
            f"(mu {row.mu:6.2f}, sigma {row.sigma:5.2f})  {row.wins}W {row.draws}D "
            f"{row.losses}L{f' {row.byes} bye(s)' if row.byes else ''}  {row.points:g} points")
    if result.faults:
        lines.append(f"grader faults, not counted (run again to replay): "
                     f"{', '.join(result.faults)}")
    if result.not_played:
        lines.append(f"{result.not_played} game(s) not played yet: run again to play them")
    for name, why in sorted(result.refused.items()):
        lines.append(f"not entered: {for_terminal(name)}: {for_terminal(why)}")
    if result.ignored:
        lines.append("not submissions, ignored: " + ", ".join(map(for_terminal, result.ignored)))
    lines.extend(f"{path.suffix[1:]}: {path}" for path in result.files)
    return lines
