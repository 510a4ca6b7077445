"""Tournaments on a real Dask cluster over loopback (a scheduler, worker processes): a
tournament of 8 agents stopped midway resumes, and its standings are those of a run from
scratch on this machine."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("distributed")

from distributed import Client

from grader.grading import cluster
from grader.grading.batch import Stop
from grader.grading.cluster import code_version, pack_submission
from grader.tournaments.records import GAMES
from grader.tournaments.remote import GameJob, play_job
from grader.tournaments.run import TournamentResult, run_tournament
from grader.tournaments.schedule import Game
from tests.grader.tournaments.agents import write_agents
from tests.grader.tournaments.test_run import RULES, StopAfter, figures


def play(subs: Path, out: Path, **options: object) -> TournamentResult:
    return run_tournament(submissions=subs, rules=RULES, out=out, format="swiss", rounds=3,
                          allow_limits_only=True, **options)  # type: ignore[arg-type]


@pytest.mark.slow
def test_a_tournament_of_8_resumes_after_an_interrupt_with_a_fresh_runs_ratings(
    tmp_path: Path,
) -> None:
    names = write_agents(tmp_path / "subs", 8)
    stop = Stop()
    stopped = play(tmp_path / "subs", tmp_path / "out", cluster="local:2", stop=stop,
                   watch=StopAfter(stop, 5))
    kept = sorted((tmp_path / "out" / GAMES).glob("*.json"))
    assert stopped.stopped_by == 0 and 5 <= len(kept) < 24
    assert not list((tmp_path / "out" / GAMES).glob(".*"))
    resumed = play(tmp_path / "subs", tmp_path / "out", cluster="local:2")
    assert resumed.stopped_by is None and not resumed.faults and not resumed.not_played
    assert resumed.kept == len(kept) and len(resumed.games) == 3 * 4 * 2
    assert sorted(r.name for r in resumed.standings) == names
    fresh = play(tmp_path / "subs", tmp_path / "fresh", jobs=2)
    assert figures(resumed) == figures(fresh)
    assert [g.id for g in resumed.games] == [g.id for g in fresh.games]


def test_a_worker_of_another_grader_refuses_a_game(tmp_path: Path) -> None:
    write_agents(tmp_path / "subs", 2)
    parcel = pack_submission(tmp_path / "subs" / "greedy.py")
    job = GameJob(Game("r001-p0000-a", 1, "greedy", "crash", (), 0), RULES,
                  ("1" * 64, "2" * 64), "local", False, code_version() + "-other")
    with cluster._local_cluster(1) as address, Client(address, set_as_default=False) as client:
        future = client.submit(play_job, job, parcel, parcel, pure=False)
        with pytest.raises(Exception, match="refuses"):
            future.result(timeout=60)
