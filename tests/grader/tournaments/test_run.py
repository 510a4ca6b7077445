"""Tournaments on this machine: every game of the schedule played in its sandboxes and
written as it ends; a stopped tournament continues, and its standings are a fresh run's."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from grader.errors import GraderError
from grader.grading.batch import Stop
from grader.play import ClockRule
from grader.tournaments.match import MatchRules
from grader.tournaments.ratings import standings
from grader.tournaments.records import GAMES, read_game
from grader.tournaments.run import Table, TournamentResult, Watch, run_tournament, summary_lines
from tests.grader.tournaments.agents import write_agents

RULES = MatchRules("tictactoe", ClockRule(move_s=2.0, game_s=10.0), opening_plies=1)


class StopAfter(Watch):
    """Asks the tournament to stop once ``games`` have finished."""

    def __init__(self, stop: Stop, games: int) -> None:
        self.stop, self.games, self.seen = stop, games, 0

    def finished(self, played: object, table: Table) -> None:
        self.seen += 1
        if self.seen == self.games:
            self.stop.request()


def play(subs: Path, out: Path, **options: object) -> TournamentResult:
    options.setdefault("allow_limits_only", True)  # where no namespaces can be made (CI)
    return run_tournament(submissions=subs, rules=RULES, out=out, **options)  # type: ignore[arg-type]


def figures(result: TournamentResult) -> list[tuple[str, float, float, int, int, int]]:
    return [(r.name, round(r.mu, 9), round(r.sigma, 9), r.wins, r.draws, r.losses)
            for r in result.standings]


def test_a_round_robin_plays_and_writes_every_game(tmp_path: Path) -> None:
    names = write_agents(tmp_path / "subs", 4)
    result = play(tmp_path / "subs", tmp_path / "out", jobs=2)
    files = sorted((tmp_path / "out" / GAMES).glob("*.json"))
    assert len(files) == len(result.games) == 4 * 3
    played = [read_game(f) for f in files]
    assert all(p is not None and p.record is not None for p in played)
    assert result.standings == standings(names, [p for p in played if p is not None])
    crash = next(r for r in result.standings if r.name == "crash")
    assert (crash.wins, crash.draws, crash.losses) == (0, 0, 6)  # it loses every game
    assert result.standings[-1].name == "crash"
    first = read_game(files[0])
    assert first is not None and isinstance(first.record, dict)
    assert [p["name"] for p in first.record["players"]] == [first.first, first.second]
    assert (tmp_path / "out" / "crosstable.csv").is_file()
    again = play(tmp_path / "subs", tmp_path / "out")
    assert again.kept == 12 and figures(again) == figures(result)


def test_a_stopped_tournament_continues_to_a_fresh_runs_standings(tmp_path: Path) -> None:
    write_agents(tmp_path / "subs", 4)
    stop = Stop()
    stopped = play(tmp_path / "subs", tmp_path / "out", jobs=2, stop=stop,
                   watch=StopAfter(stop, 3))
    written = list((tmp_path / "out" / GAMES).glob("*.json"))
    assert stopped.stopped_by == 0 and stopped.not_played > 0
    assert 3 <= len(written) < 12 and len(stopped.games) == len(written)
    assert not list((tmp_path / "out" / GAMES).glob(".*"))  # nothing half-written
    resumed = play(tmp_path / "subs", tmp_path / "out", jobs=2)
    assert resumed.kept == len(written) and len(resumed.games) == 12
    fresh = play(tmp_path / "subs", tmp_path / "fresh", jobs=2)
    assert figures(resumed) == figures(fresh)


def test_a_swiss_tournament_plays_its_rounds_with_byes(tmp_path: Path) -> None:
    write_agents(tmp_path / "subs", 5)
    result = play(tmp_path / "subs", tmp_path / "out", format="swiss", rounds=3, jobs=2)
    assert len(result.games) == 3 * 2 * 2  # two pairings a round, two games each
    assert sum(r.byes for r in result.standings) == 3
    assert len({r.name for r in result.standings if r.byes}) == 3
    lines = summary_lines(result)
    assert "12 game(s) with a result" in lines[0] and len(lines) >= 6


def test_an_agent_the_intake_refuses_does_not_enter(tmp_path: Path) -> None:
    write_agents(tmp_path / "subs", 2)
    os.symlink("/etc/passwd", tmp_path / "subs" / "linked.py")
    (tmp_path / "subs" / "notes.txt").write_text("not an agent")
    result = play(tmp_path / "subs", tmp_path / "out")
    assert result.entrants == ["crash", "greedy"] and "linked" in result.refused
    assert result.ignored == ["notes.txt"]
    assert any("not entered: linked" in line for line in summary_lines(result))


@pytest.mark.parametrize(
    ("options", "words"),
    [
        pytest.param({"jobs": 0}, "--jobs", id="no-jobs"),
        pytest.param({"rounds": 0}, "--rounds", id="no-rounds"),
        pytest.param({"format": "knockout"}, "--format", id="unknown-format"),
        pytest.param({"cluster": "nowhere"}, "--cluster 'nowhere'", id="bad-cluster"),
    ],
)
def test_bad_usage_is_refused(tmp_path: Path, options: dict[str, object], words: str) -> None:
    write_agents(tmp_path / "subs", 2)
    with pytest.raises(GraderError, match=words):
        play(tmp_path / "subs", tmp_path / "out", **options)


def test_one_agent_is_no_tournament(tmp_path: Path) -> None:
    write_agents(tmp_path / "subs", 1)
    with pytest.raises(GraderError, match="two agents at least"):
        play(tmp_path / "subs", tmp_path / "out")


def test_the_game_files_are_json_a_replay_reads(tmp_path: Path) -> None:
    from grader.play import GameRecord

    write_agents(tmp_path / "subs", 2)
    play(tmp_path / "subs", tmp_path / "out")
    for path in (tmp_path / "out" / GAMES).glob("*.json"):
        record = GameRecord.model_validate_json(json.dumps(json.loads(path.read_text())["record"]))
        assert record.game == "tictactoe" and len(record.opening) == 1


@pytest.mark.docker
def test_a_tournament_in_docker_sandboxes(tmp_path: Path) -> None:
    write_agents(tmp_path / "subs", 2)
    result = play(tmp_path / "subs", tmp_path / "out", sandbox="docker")
    assert [(r.name, r.wins, r.losses) for r in result.standings] == [
        ("greedy", 2, 0), ("crash", 0, 2)]
    assert all("crashed" in g.reason for g in result.games)


def test_without_namespaces_it_refuses_unless_allowed(tmp_path: Path, without_bwrap: None) -> None:
    from grader.hosts.isolation import IsolationUnavailable

    write_agents(tmp_path / "subs", 2)
    with pytest.raises(IsolationUnavailable, match="allow-limits-only"):
        play(tmp_path / "subs", tmp_path / "out", allow_limits_only=False)
    assert not (tmp_path / "out").exists()  # refused before anything was played
    allowed = play(tmp_path / "subs", tmp_path / "out", allow_limits_only=True)
    # played with limits only; where even those cannot run (root's interpreter out of
    # nobody's reach), each game is the grader's fault, to play again, never a result
    assert len(allowed.games) + len(allowed.faults) == 2
