"""How a sandbox's process ended, in words: the signal that killed it is named, and a
cause is guessed only where one is likely; a :class:`Cleaner` runs sandboxes' removals
beside the grading and is waited for."""

from __future__ import annotations

import signal
import threading

import pytest

from grader.hosts.base import Cleaner, killed_by
from grader.hosts.endings import Ending
from grader.hosts.local import _describe_exit

ABRT, SEGV, BUS, TERM = signal.SIGABRT, signal.SIGSEGV, signal.SIGBUS, signal.SIGTERM


@pytest.mark.parametrize(
    ("signum", "words"),
    [
        pytest.param(ABRT, "aborted (SIGABRT)", id="abort"),
        pytest.param(SEGV, "crashed (SIGSEGV, a segmentation fault; often a recursion far "
                     "too deep)", id="segfault"),
        pytest.param(BUS, "crashed (SIGBUS, a bus error)", id="bus-error"),
        pytest.param(TERM, "was killed by SIGTERM", id="term"),
        pytest.param(99, "was killed by signal 99", id="unknown"),
    ],
)
def test_killed_by_names_the_signal(signum: int, words: str) -> None:
    assert killed_by(signum) == words


def test_only_a_segfault_gets_a_guess_at_its_cause() -> None:
    guessing = [s for s in signal.Signals if "often" in killed_by(s)]
    assert guessing == [signal.SIGSEGV]


@pytest.mark.parametrize(
    ("code", "status", "words"),
    [
        pytest.param(-ABRT, "error", "aborted (SIGABRT)", id="abort-as-child"),
        pytest.param(128 + ABRT, "error", "aborted (SIGABRT)", id="abort-relayed"),
        pytest.param(-SEGV, "error", killed_by(SEGV), id="segfault"),
        pytest.param(-signal.SIGXCPU, "timeout", "used up its CPU time", id="cpu-time"),
        pytest.param(3, "error", "exited with code 3 during the search", id="exit-code"),
    ],
)
def test_the_local_sandbox_says_how_its_child_ended(code: int, status: str, words: str) -> None:
    assert _describe_exit(code) == (status, words)


@pytest.mark.parametrize(
    ("code", "words"),
    [
        pytest.param(128 + ABRT, "aborted (SIGABRT)", id="abort"),
        pytest.param(128 + SEGV, killed_by(SEGV), id="segfault"),
        pytest.param(128 + BUS, "crashed (SIGBUS, a bus error)", id="bus-error"),
        pytest.param(1, "exited with code 1 during the search", id="exit-code"),
    ],
)
def test_the_docker_sandbox_says_how_its_container_ended(code: int, words: str) -> None:
    assert Ending(code, memory=False).describe(256) == words


# --- cleaning up beside the grading -------------------------------------------------------


def test_a_cleaner_waits_for_every_cleanup_and_raises_the_one_that_failed() -> None:
    done: list[str] = []
    gate = threading.Event()

    def slow() -> None:
        gate.wait(5)
        done.append("slow")

    def failing() -> None:
        raise OSError("the engine refused")

    with pytest.raises(OSError, match="the engine refused"), Cleaner(threads=2) as later:
        later(slow)
        later(failing)
        assert done == []  # running beside the block, not in it
        gate.set()
    assert done == ["slow"]  # waited for before the block was left


def test_without_threads_a_cleaner_cleans_in_order_as_its_block_ends() -> None:
    done: list[str] = []
    threads = threading.active_count()
    with Cleaner(threads=0) as later:
        later(lambda: done.append("first"))
        later(lambda: done.append("second"))
        assert done == []  # kept for the end of the block
        assert threading.active_count() == threads  # and no thread started for them
    assert done == ["first", "second"]


def test_outside_its_block_a_cleaner_cleans_at_once() -> None:
    done: list[str] = []
    Cleaner()(lambda: done.append("now"))
    assert done == ["now"]
