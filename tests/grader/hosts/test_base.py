"""How a sandbox's process ended, in words: the signal that killed it is named, and a
cause is guessed only where one is likely."""

from __future__ import annotations

import signal

import pytest

from grader.hosts.base import killed_by
from grader.hosts.docker import Ending
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
