"""What a tournament's games cost, here and on a Dask cluster, and what the client spends
on each; from these, the time of a 300-agent Swiss tournament on 10 and 100 worker hosts.

Run ``python bench/bench_tournament.py`` (``--help`` for sizes). In one run it plays the
same round robin (``--agents`` copies of ``connect4-agent``'s correct example, alpha-beta
at four plies within its clock, the assignment's clock of 1 s a move and 8 s a game,
two sandboxes a game, local sandbox) with ``--jobs 1``, ``--jobs 2``, ``--cluster
local:1`` and ``--cluster local:2``, and prints for each the games a minute and the
seconds a game takes; then the cluster's overhead per game (``local:1`` against ``--jobs
1``), and the client's own work: a game's file written, and the standings and crosstable
of a 300-agent field after its 3,300 games.

It ends with an estimate worked out from this run's figures. One run on the 2-core
machine this project is built on, load average 3-4 (4 agents, 12 games a mode):

- games a minute: ``--jobs 1`` 75.0 (0.80 s a game), ``--jobs 2`` 78.7 (0.76 s),
  ``local:1`` 51.9 (1.16 s), ``local:2`` 58.4 (1.03 s);
- the cluster's overhead: 356 ms a game (its start and stop included, over 12 games);
- the client: 0.3 ms a game's file; 0.44 s for the standings and crosstable of 300
  agents after the 3,300 games of their Swiss tournament.

Estimate for a 300-agent Swiss tournament (11 rounds of 300 games): a round is paired
when the round before it has ended, so it lasts as long as its slowest wave of games.
With 8 worker threads a host, at 1.2 s a game (these agents; up to 16 s more for agents
that use their whole 8 s clock): 10 hosts, 4 waves a round, 0.8 minute (13 at worst);
100 hosts, one wave a round, 0.2 minute (3 at worst). The client's writes: 2-6 s.
"""

from __future__ import annotations

import argparse
import math
import shutil
import tempfile
import time
from pathlib import Path

from grader.play import ClockRule
from grader.tournaments.crosstable import crosstable_texts
from grader.tournaments.match import MatchRules
from grader.tournaments.ratings import standings
from grader.tournaments.records import GAME_FORMAT, PlayedGame, write_game
from grader.tournaments.run import run_tournament
from grader.tournaments.schedule import Entrant, round_robin, swiss_rounds

ROOT = Path(__file__).resolve().parent.parent
RULES = MatchRules("connect4", ClockRule(move_s=1.0, game_s=8.0))
MODES = [("--jobs 1", 1, None), ("--jobs 2", 2, None),
         ("--cluster local:1", 1, "local:1"), ("--cluster local:2", 1, "local:2")]
AGENT = ROOT / "examples" / "connect4-agent" / "correct.py"  # alpha-beta at 4 plies
FIELD, HOST_THREADS = 300, 8


def playing(subs: Path, work: Path, jobs: int, cluster: str | None) -> tuple[float, int]:
    """Seconds to play the round robin of ``subs`` (a cluster's start and stop included),
    and the games played."""
    out = Path(tempfile.mkdtemp(dir=work))
    started = time.perf_counter()
    result = run_tournament(submissions=subs, rules=RULES, out=out, jobs=jobs,
                            cluster=cluster, allow_limits_only=True)
    return time.perf_counter() - started, len(result.games)


def client_costs(work: Path) -> tuple[float, float]:
    """Seconds the client spends on one game's file, and on the standings and crosstable
    of a 300-agent Swiss field after all its games (rewritten every few seconds)."""
    entrants = [Entrant(f"agent{i:03d}", f"{i:064x}") for i in range(FIELD)]
    games = [g for r in round_robin(entrants, [()], 0)[:swiss_rounds(FIELD)] for g in r.games]
    played = [PlayedGame(format=GAME_FORMAT, id=g.id, round=g.round, first=g.first,
                         second=g.second, first_sha256="0" * 64, second_sha256="1" * 64,
                         opening=["4", "4"], seed=g.seed, outcome="first", reason="x wins",
                         plies=30, record={"moves": [{"move": "4"}] * 30})
              for g in games]
    started = time.perf_counter()
    for game in played[:200]:
        write_game(work / "client", game)
    per_file = (time.perf_counter() - started) / 200
    started = time.perf_counter()
    rows = standings([e.name for e in entrants], played)
    crosstable_texts(rows, played, title="bench")
    return per_file, time.perf_counter() - started


def estimate(game_s: float, file_s: float, table_s: float) -> list[str]:
    rounds = swiss_rounds(FIELD)
    per_round = FIELD  # 150 pairings of two games
    lines = [f"estimate, {FIELD}-agent Swiss: {rounds} rounds of {per_round} games "
             f"({rounds * per_round} games), a game {game_s:.1f} s on one worker thread, "
             f"{HOST_THREADS} threads a host; each round waits for its slowest game"]
    for hosts in (10, 100):
        waves = math.ceil(per_round / (HOST_THREADS * hosts))
        play = rounds * waves * game_s
        worst = rounds * waves * (game_s + 2 * RULES.clock.game_s)  # every game to the flag
        client = rounds * per_round * file_s + table_s * play / 5.0
        lines.append(f"  {hosts} hosts: {waves} wave(s) a round, {play / 60:.1f} min of "
                     f"play (at worst, every game using both clocks to the end: "
                     f"{worst / 60:.1f} min); the client's writes {client:.0f} s")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--agents", type=int, default=4)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        subs = work / "subs"
        subs.mkdir()
        for i in range(args.agents):
            shutil.copy(AGENT, subs / f"a{i}.py")
        seconds: dict[str, float] = {}
        for label, jobs, cluster in MODES:
            took, games = playing(subs, work, jobs, cluster)
            seconds[label] = took / games
            print(f"{label:18s} {games} games in {took:6.1f} s: {60 / seconds[label]:5.1f} "
                  f"games a minute, {seconds[label]:.2f} s a game")
        overhead = seconds["--cluster local:1"] - seconds["--jobs 1"]
        print(f"cluster overhead: {overhead * 1000:.0f} ms a game (local:1 against --jobs 1, "
              "the cluster's start and stop included)")
        file_s, table_s = client_costs(work)
        print(f"client: {file_s * 1000:.1f} ms a game's file; standings and crosstable of "
              f"{FIELD} agents after their Swiss games: {table_s:.2f} s")
        for line in estimate(seconds["--jobs 1"] + max(0.0, overhead), file_s, table_s):
            print(line)


if __name__ == "__main__":
    main()
