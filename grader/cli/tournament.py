"""``grader tournament``: the agents of a folder play each other; standings and crosstable."""

from __future__ import annotations

import signal
from pathlib import Path
from typing import TYPE_CHECKING

import click

from grader.cli import (
    allow_limits_only_option,
    assignment_option,
    main,
    parallel_options,
    sandbox_option,
)
from grader.cli.grade import stop_on_signals
from grader.errors import GraderFaults, Interrupted, Terminated

if TYPE_CHECKING:  # imported when the command runs: `grader --help` stays light
    from grader.tournaments.run import TournamentResult

_HELP = """Play the agents in SUBMISSIONS against each other (each .py file, .zip or
folder defines the agents assignment's entry, choose(game, state, clock)).

Round robin: every pair plays two games, colours swapped, from the same seeded opening.
Swiss (for large fields): --rounds rounds (default: log2 of the field, plus 2), each
pairing entrants of equal points who have not met, two games a pairing; an odd field
gives a bye (half a match's points) to the lowest entrant without one. The schedule
depends only on the entrants' files and --seed.

Each game's record (the replay) is written to OUT/games/ as it ends, and the standings
(OpenSkill ratings: mu, sigma, ordinal = mu - 3 sigma; wins, draws, losses, points) with
the crosstable, each game a link to its record, to OUT/crosstable (CSV and HTML). Run it
again with the same OUT to continue a stopped tournament: only the missing games are
played, and the standings are those of a run from scratch.

\b
Exit codes: 0 the tournament ran;
2 bad usage or input files;
3 the grader itself failed to play some games (run again to replay them);
130 stopped by Ctrl-C (SIGINT), 143 stopped by SIGTERM.
"""


@main.command(help=_HELP)
@click.argument(
    "submissions", type=click.Path(exists=True, file_okay=False, path_type=Path)
)
@assignment_option
@click.option(
    "-o", "--out", required=True, type=click.Path(file_okay=False, path_type=Path),
    help="Folder for the games' records, the standings and the crosstable.",
)
@click.option("--format", "fmt", type=click.Choice(["round-robin", "swiss"]),
              default="round-robin", show_default=True, help="How entrants are paired.")
@click.option("--rounds", type=click.IntRange(min=1),
              help="Rounds of a Swiss tournament (default: log2 of the field, plus 2).")
@click.option("--seed", type=int,
              help="Seed of the schedule and openings (default: the assignment's).")
@parallel_options("Games played", "Play")
@sandbox_option("Where the agents run (instructors: docker).")
@allow_limits_only_option
def tournament(
    submissions: Path, assignment: str, out: Path, fmt: str, rounds: int | None,
    seed: int | None, jobs: int, cluster: str | None, sandbox: str, allow_limits_only: bool,
) -> None:
    """``grader tournament``; its help is :data:`_HELP`."""
    from grader.cli.standings import tournament_display
    from grader.grading.batch import Stop
    from grader.tournaments.match import rules_of
    from grader.tournaments.run import run_tournament, summary_lines

    rules, assignment_seed = rules_of(assignment)
    stop = Stop()
    with stop_on_signals(stop):
        with tournament_display() as watch:
            result = run_tournament(
                submissions=submissions, rules=rules, out=out,
                format="swiss" if fmt == "swiss" else "round-robin", rounds=rounds,
                seed=assignment_seed if seed is None else seed, jobs=jobs, cluster=cluster,
                sandbox="docker" if sandbox == "docker" else "local",
                allow_limits_only=allow_limits_only, watch=watch, stop=stop,
            )
        for line in summary_lines(result):
            click.echo(line)
        _raise_for(result)


def _raise_for(result: TournamentResult) -> None:
    """The tournament's exit: stopped by a signal, games the grader failed, or fine."""
    if result.stopped_by is not None:
        kind = Terminated if result.stopped_by == signal.SIGTERM else Interrupted
        name = signal.Signals(result.stopped_by).name if result.stopped_by else "request"
        raise kind(f"stopped by {name}: {result.not_played} game(s) not played; run the "
                   "same command again to play them")
    if result.faults:
        raise GraderFaults(f"the grader failed to play {len(result.faults)} game(s) (not "
                           "the agents' fault): run the same command again to replay them")
