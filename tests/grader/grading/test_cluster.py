"""Batches on a real Dask cluster over loopback (a scheduler, worker processes): the same
reports as on this machine, nothing lost when a worker dies, a worker of another grader
refuses. Each test starts its own cluster and stops every process of it."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import threading
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("distributed")

from distributed import Client

from grader.errors import GraderError
from grader.grading import cluster
from grader.grading.batch import SUBMISSIONS, BatchResult, grade_batch
from grader.grading.cluster import (
    ALLOWED_FAILURES,
    Job,
    VersionMismatch,
    check_version,
    code_version,
    grade_job,
    pack,
    pack_submission,
    parse_cluster,
)

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "alphabeta"
CRASH = "def alphabeta(game, state, depth):\n    return 1 / 0\n"
# the correct agent, a tenth of a second slower on each test: a submission takes seconds
SLOW = "\nimport time as _time\n_fast = alphabeta\n\n\ndef alphabeta(game, state, depth):\n" \
       "    _time.sleep(0.1)\n    return _fast(game, state, depth)\n"


def every_kind(folder: Path) -> Path:
    """A .py file right and one wrong, one that crashes (its name is in the messages), a
    folder, a zip, an empty folder (no agent), and a link (refused)."""
    folder.mkdir()
    shutil.copy(EXAMPLES / "correct.py", folder / "good.py")
    shutil.copy(EXAMPLES / "no_pruning.py", folder / "bad.py")
    (folder / "crash.py").write_text(CRASH)
    (folder / "fold").mkdir()
    shutil.copy(EXAMPLES / "correct.py", folder / "fold" / "agent.py")
    with zipfile.ZipFile(folder / "zipped.zip", "w") as archive:
        archive.write(EXAMPLES / "no_pruning.py", "agent.py")
    (folder / "empty").mkdir()
    (folder / "linked.py").symlink_to(EXAMPLES / "correct.py")
    return folder


def without_times(value: Any) -> Any:
    """A report's JSON without its wall times, the one thing two runs may not share."""
    if isinstance(value, dict):
        return {k: without_times(v) for k, v in value.items() if k != "time_s"}
    if isinstance(value, list):
        return [without_times(v) for v in value]
    return value


def reports(out: Path) -> dict[str, Any]:
    return {p.parent.name: without_times(json.loads(p.read_text(encoding="utf-8")))
            for p in sorted((out / SUBMISSIONS).glob("*/report.json"))}


def worker_pids(client: Client) -> dict[str, int]:
    """Each worker's process, as the scheduler knows it."""
    pids: dict[str, int] = client.run_on_scheduler(_pids)
    return pids


def _pids(dask_scheduler: Any) -> dict[str, int]:
    return {address: int(ws.pid) for address, ws in dask_scheduler.workers.items()}


@pytest.fixture
def local_cluster() -> Iterator[tuple[str, Client]]:
    """Two worker processes (one thread each) and their scheduler, on 127.0.0.1; a client
    of the test's own to look at them."""
    import dask

    failures = {"distributed.scheduler.allowed-failures": ALLOWED_FAILURES}
    with dask.config.set(failures), cluster._local_cluster(2) as address:
        client = Client(address, set_as_default=False)
        try:
            yield address, client
        finally:
            client.close()


@pytest.mark.slow
def test_a_batch_graded_on_the_cluster_equals_the_local_batch(tmp_path: Path) -> None:
    subs = every_kind(tmp_path / "subs")
    here, there = tmp_path / "here", tmp_path / "there"
    started = time.monotonic()
    on_cluster = grade_batch(submissions=subs, assignment="alphabeta", out=there,
                             cluster="local:2")
    assert time.monotonic() - started < 120
    grade_batch(submissions=subs, assignment="alphabeta", out=here)
    assert (there / "gradebook.csv").read_bytes() == (here / "gradebook.csv").read_bytes()
    assert reports(there) == reports(here)
    assert len(reports(here)) == 7
    book = {r.submission: r for r in on_cluster.reports}
    assert book["good"].score == book["fold"].score == book["good"].max_score
    assert 0 < book["bad"].score == book["zipped"].score < book["bad"].max_score
    crash = book["crash"].tests[0]
    assert crash.status == "error" and "crash.py" in (crash.detail or "")
    assert "is a link" in (book["linked"].tests[0].message or "")
    assert not on_cluster.grader_faults
    assert not list((there / SUBMISSIONS).glob(".*"))


class Killer(threading.Thread):
    """SIGKILLs the worker process seen grading a submission (a ``grade-`` task), each
    one once, up to ``most`` of them, until stopped: as a worker host lost would."""

    def __init__(self, client: Client, most: int) -> None:
        super().__init__()
        self.client, self.most = client, most
        self.killed: list[tuple[int, list[str]]] = []  # each pid, and what it was grading
        self.done = threading.Event()

    def run(self) -> None:
        deadline = time.monotonic() + 90
        while not self.done.is_set() and len(self.killed) < self.most:
            assert time.monotonic() < deadline, "timed out"
            busy = sorted((w, [str(k) for k in keys])
                          for w, keys in self.client.processing().items()
                          if any(str(k).startswith("grade-") for k in keys))
            pid = worker_pids(self.client).get(busy[0][0]) if busy else None
            if pid is not None and pid not in [p for p, _ in self.killed]:
                time.sleep(0.3)  # its sandbox is running the submission's tests
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
                self.killed.append((pid, busy[0][1]))
            time.sleep(0.05)

    def stop(self) -> None:
        self.done.set()
        self.join(timeout=100)


def graded_while_killing(
    folder: Path, cluster: tuple[str, Client], names: list[str], most: int
) -> tuple[BatchResult, Killer]:
    """A batch of slow correct submissions ``names`` on ``cluster``, with a :class:`Killer`
    of up to ``most`` of its workers at work meanwhile."""
    address, client = cluster
    subs = folder / "subs"
    subs.mkdir()
    for name in names:
        (subs / f"{name}.py").write_text((EXAMPLES / "correct.py").read_text() + SLOW)
    killer = Killer(client, most)
    killer.start()
    try:
        result = grade_batch(submissions=subs, assignment="alphabeta", out=folder / "out",
                             cluster=address)
    finally:
        killer.stop()
    return result, killer


@pytest.mark.slow
def test_a_worker_killed_mid_batch_loses_nothing(
    tmp_path: Path, local_cluster: tuple[str, Client]
) -> None:
    names = [f"slow{i}" for i in range(4)]
    result, killer = graded_while_killing(tmp_path, local_cluster, names, most=1)
    ((pid, keys),) = killer.killed
    assert any(k.startswith("grade-slow") for k in keys), "the kill landed mid-submission"
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
    assert sorted(r.submission for r in result.reports) == names
    assert not result.grader_faults and not result.not_graded
    assert all(r.score == r.max_score for r in result.reports), [
        (r.submission, t.name, t.status, t.message) for r in result.reports for t in r.tests
        if not t.passed]


@pytest.mark.slow
def test_a_submission_that_kills_its_workers_is_a_grader_fault_after_n_tries(
    tmp_path: Path, local_cluster: tuple[str, Client]
) -> None:
    # one more kill than it takes: the killer finds no more to kill after the third
    result, killer = graded_while_killing(tmp_path, local_cluster, ["deadly"],
                                          most=ALLOWED_FAILURES + 2)
    assert len(killer.killed) == ALLOWED_FAILURES + 1
    assert result.grader_faults == ["deadly"]
    (report,) = result.reports
    assert {t.status for t in report.tests} == {"sandbox_error"}
    assert "workers grading it died again and again" in (report.tests[0].message or "")


@pytest.mark.slow
def test_a_worker_of_another_grader_refuses_with_a_clear_message(
    tmp_path: Path, local_cluster: tuple[str, Client], monkeypatch: pytest.MonkeyPatch
) -> None:
    address, client = local_cluster
    subs = tmp_path / "subs"
    subs.mkdir()
    shutil.copy(EXAMPLES / "correct.py", subs / "good.py")
    ours = code_version()
    other = "0.1.0+0123456789abcdef"
    # as the worker plugin checks it when the client connects
    monkeypatch.setattr(cluster, "code_version", lambda: other)
    with pytest.raises(VersionMismatch) as refused:
        grade_batch(submissions=subs, assignment="alphabeta", out=tmp_path / "out",
                    cluster=address)
    message = str(refused.value)
    assert re.search(rf"the worker at tcp://127\.0\.0\.1:\d+ runs grader {re.escape(ours)}, "
                     rf"the client {re.escape(other)}: it refuses to grade", message)
    assert "install the client's grader" in message
    assert not (tmp_path / "out" / SUBMISSIONS / "good").exists()
    # and as each task checks it again, for a worker that joined later
    job = Job("good", pack_submission(subs / "good.py"), "local", False, other)
    future = client.submit(grade_job, job, pack(tmp_path / "subs"), pure=False)
    with pytest.raises(VersionMismatch, match="refuses to grade"):
        future.result(timeout=60)


def test_the_version_hashes_the_code_not_only_the_release() -> None:
    ours = code_version()
    assert ours.startswith("0.1.0+") and len(ours) == len("0.1.0+") + 16
    check_version(ours)
    with pytest.raises(VersionMismatch, match=r"runs grader 0\.1\.0\+"):
        check_version("0.1.0+ffffffffffffffff")


@pytest.mark.parametrize(
    ("spec", "parsed"),
    [
        pytest.param("local:3", ("local", 3), id="local"),
        pytest.param("tcp://host.example:8786", ("tcp://host.example:8786", 0), id="address"),
    ],
)
def test_a_cluster_is_named_by_address_or_local_n(spec: str, parsed: tuple[str, int]) -> None:
    assert parse_cluster(spec) == parsed


@pytest.mark.parametrize("spec", [pytest.param("local:0", id="no-worker"),
                                  pytest.param("myhost:8786", id="no-scheme")])
def test_a_bad_cluster_says_what_to_give(spec: str) -> None:
    with pytest.raises(GraderError, match=r"tcp://HOST:8786\) or local:N"):
        parse_cluster(spec)


def test_a_parcel_damaged_on_its_way_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("x = 1\n")
    parcel = pack(tmp_path / "a.py")
    middle = len(parcel.data) // 2
    data = parcel.data[:middle] + bytes([parcel.data[middle] ^ 1]) + parcel.data[middle + 1 :]
    broken = type(parcel)(parcel.name, data, parcel.sha256)
    with pytest.raises(GraderError, match="damaged on its way"):
        cluster.unpack(broken, tmp_path / "into")
    assert cluster.unpack(parcel, tmp_path / "ok").read_text() == "x = 1\n"

