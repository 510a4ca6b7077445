"""Play mode's speed: sandboxed agents against the same games played in-process, one run.

Run ``python bench/bench_play.py`` from the repository (``--help`` for the counts).
Two figures, each for the local sandbox, the docker sandbox (where an engine and the
sandbox image are there) and in-process (the agent's module imported into this process
and called directly, on the same copy of the rules, through the same referee: no
sandbox, no freezing between moves):

- moves per second of two agents playing each other (a one-ply agent, so that the cost
  of a move is mostly the sandbox's: a round trip, and freezing and thawing the sandbox
  of the player that waits);
- the time to grade one agent (``examples/connect4-agent/correct.py``) over 40 games
  (20 against random, 20 against greedy, from seeded openings, both colours), as
  ``grader check`` grades an agents assignment.

The ratio is each sandbox's time over in-process: the sandbox's cost.

Figures of one run (2 cores shared with other work: load average 9.1 at the start, 7.9
at the end; the local sandbox in bwrap namespaces)::

                                 local    in-process    docker   ratios to in-process
    moves/s                      18.00      333.37        3.52   local 18.5x  docker 94.6x
    grading 40 games (s)         27.12        8.11       62.61   local 3.3x   docker 7.7x

A game starts two sandboxes (one for each agent) and each move thaws and freezes one:
18 moves a second locally is about 55 ms a move, the sandboxes' starts included, on
this loaded machine; in Docker (about 0.28 s a move) a pause and an unpause are two
calls to the engine each move, and each game starts two containers. In that run one
pause failed (the engine's freezer timed out under the load): that game ended as the
grader's fault, never charged; a pause is now tried three times before it is one.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any
from unittest import mock

import yaml

from grader.games.rules import GameRules
from grader.grading.check import grade_submission
from grader.play import seats
from grader.play.models import ClockRule, PlayerSpec
from grader.play.referee import play_game, random_opening

REPO = Path(__file__).resolve().parents[1]
AGENT = REPO / "examples" / "connect4-agent" / "correct.py"
ONE_PLY = """
def choose(game, state, clock):
    me = game.to_move(state)
    return max(game.actions(state), key=lambda a: game.evaluate(game.result(state, a), me))
"""
CLOCK = ClockRule(move_s=2.0, game_s=60.0)


class InProcessSeat(seats.Seat):
    """The agent's module imported here and called directly, on the agent's own copy of
    the rules: the same answer as in a sandbox, with nothing around it."""

    def __init__(self, spec: PlayerSpec, game: str, clock: ClockRule, sandbox: str) -> None:
        sys.path.insert(0, str(REPO))
        from sandboxes.rules import RULES, Clock

        path = Path(spec.name)
        path = path / "agent.py" if path.is_dir() else path
        module_spec = importlib.util.spec_from_file_location(f"agent_{id(self)}", path)
        assert module_spec is not None and module_spec.loader is not None
        self.module: Any = importlib.util.module_from_spec(module_spec)
        module_spec.loader.exec_module(self.module)
        self.rules, self.clock, self.game = RULES, Clock, game

    def move(self, state: str, move_s: float, game_s: float) -> seats.Answer:
        started = time.perf_counter()
        action = self.module.choose(self.rules[self.game](), state, self.clock(move_s, game_s))
        return seats.Answer(action, time.perf_counter() - started)


@contextmanager
def in_process() -> Iterator[None]:
    """Agents' seats in this process for the games played inside."""
    def seat(spec: PlayerSpec, *, game: GameRules, clock: ClockRule, seed: int,
             sandbox: str, require_isolation: bool = False) -> seats.Seat:
        if spec.kind == "builtin":
            return seats.BuiltinSeat(game, spec.name, seed)
        return InProcessSeat(spec, game.name, clock, sandbox)

    with mock.patch("grader.play.referee.open_seat", seat):
        yield


def moves_per_second(where: str, games: int, agent: Path) -> float:
    spec = PlayerSpec.agent(agent)
    moves, started = 0, time.perf_counter()
    for g in range(games):
        opening = random_opening("connect4", 2, g)
        record = play_game(game="connect4", players=(spec, spec), clock=CLOCK,
                           opening=opening, seed=g,
                           sandbox="docker" if where == "docker" else "local")
        moves += sum(not m.opening for m in record.moves)
    return moves / (time.perf_counter() - started)


def grading_time(where: str, folder: Path) -> float:
    started = time.perf_counter()
    report = grade_submission(submission=AGENT, assignment=folder,
                              sandbox="docker" if where == "docker" else "local")
    elapsed = time.perf_counter() - started
    for test in report.tests:  # a game the grader could not run: said, never hidden
        for game in test.games:
            if game.reason == "sandbox_error":
                print(f"{where}: {test.name}: {game.message}", file=sys.stderr)
    return elapsed


def forty_games(folder: Path) -> Path:
    data = {"name": "bench-agent", "entry": "choose",
            "play": {"game": "connect4", "move_s": 1.0, "game_s": 8.0, "seed": 1},
            "matches": [{"name": f"vs-{o}", "opponent": o, "games": 20,
                         "thresholds": [{"score": 0.5, "points": 1}]}
                        for o in ("random", "greedy")]}
    folder.mkdir()
    (folder / "assignment.yaml").write_text(yaml.safe_dump(data))
    return folder


def docker_ready() -> bool:
    try:
        from grader.hosts.docker import shared_engine

        shared_engine().ping()
        return True
    except Exception:
        return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games for moves per second")
    parser.add_argument("--no-docker", action="store_true", help="leave docker out")
    args = parser.parse_args()
    places = ["local", "in-process"] + ([] if args.no_docker or not docker_ready()
                                       else ["docker"])
    print(f"load average at the start: {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as tmp:
        one_ply = Path(tmp) / "one_ply.py"
        one_ply.write_text(ONE_PLY)
        folder = forty_games(Path(tmp) / "assignment")
        rows: dict[str, dict[str, float]] = {"moves/s": {}, "grading 40 games (s)": {}}
        for where in places:
            context = in_process() if where == "in-process" else nullcontext()
            with context:
                rows["moves/s"][where] = moves_per_second(where, args.games, one_ply)
                rows["grading 40 games (s)"][where] = grading_time(where, folder)
    print(f"{'':28}" + "".join(f"{p:>14}" for p in places) + "   ratios to in-process")
    for name, row in rows.items():
        ratios = "  ".join(f"{p} {_ratio(name, row, p):.2f}x" for p in places
                           if p != "in-process")
        print(f"{name:28}" + "".join(f"{row[p]:>14.2f}" for p in places) + f"   {ratios}")
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


def _ratio(name: str, row: dict[str, float], place: str) -> float:
    """How many times slower than in-process (moves/s: the inverse)."""
    if name == "moves/s":
        return row["in-process"] / row[place]
    return row[place] / row["in-process"]


if __name__ == "__main__":
    main()
