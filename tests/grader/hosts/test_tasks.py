"""The grader's own count of a sandbox's threads: what a count says, how long it waits
for threads that are ending, and what it charges."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from grader.hosts.base import RunResult
from grader.hosts.tasks import ThreadCount, checked, live_threads, threads_left


def counts(*seen: int) -> Iterator[int]:
    """The counts a sandbox shows, one a look, the last for ever after."""
    yield from seen
    while True:
        yield seen[-1]


@pytest.mark.parametrize(
    ("seen", "extra", "waited"),
    [
        pytest.param((3,), 0, False, id="as-when-ready"),
        pytest.param((4, 4, 3), 0, True, id="one-ending"),
        pytest.param((5,), 2, True, id="two-left"),
        # the harness ended with the thread it left: counted until reaped, then gone
        pytest.param((4, 4, 3, 1), 1, True, id="left-one-that-ended-its-harness"),
        pytest.param((4, 0), 1, True, id="left-one-and-the-harness-went-at-once"),
    ],
)
def test_threads_left_waits_only_for_threads_that_are_there(
    seen: tuple[int, ...], extra: int, waited: bool
) -> None:
    looks = counts(*seen)
    found, took = threads_left(lambda: next(looks), 3, wait_s=0.05)
    assert found == extra
    assert (took > 0) is waited


def test_the_wait_is_charged_to_the_run_and_a_leftover_fails_it() -> None:
    looks = counts(4, 4, 3)
    ended = checked(RunResult(status="ok", time_s=0.5), lambda: next(looks), 3)
    assert ended.status == "ok" and ended.time_s > 0.5  # the wait, on the run's clock
    looks = counts(4)
    left = checked(RunResult(status="ok", time_s=0.5, output="hi"), lambda: next(looks), 3)
    assert left.status == "error" and left.fault == "leftover" and left.output == "hi"
    assert "left 1 thread(s) running" in (left.message or "")


def test_a_process_and_its_threads_are_counted_from_proc() -> None:
    before = live_threads(os.getpid())
    stop = threading.Event()
    worker = threading.Thread(target=stop.wait)
    worker.start()
    try:
        assert live_threads(os.getpid()) == before + 1
    finally:
        stop.set()
        worker.join()
    deadline = time.monotonic() + 1
    while live_threads(os.getpid()) != before and time.monotonic() < deadline:
        time.sleep(0.01)
    assert live_threads(os.getpid()) == before


def test_a_count_that_cannot_be_read_is_never_read_as_none(tmp_path: Path) -> None:
    # a file laid out as pids.current is (a number and a newline), then one that is not
    path = tmp_path / "pids.current"
    path.write_text("7\n")
    count = ThreadCount(path)
    assert count() == 7
    path.write_text("max\n")  # the same file, read again from its start
    with pytest.raises(OSError):
        count()
    count.close()
    with pytest.raises(OSError):
        count()
