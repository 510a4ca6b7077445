"""The one base error of the grader and its exit codes.

A ``GraderError`` is the grader's refusal of bad usage or bad input files; the CLI prints
it as ``Error: <message>`` and exits with its code. A student's failure is never a
``GraderError``: it is a result in the report.
"""

from __future__ import annotations

import signal
from typing import ClassVar

EXIT_OK = 0
EXIT_TESTS_FAILED = 1
EXIT_USAGE = 2
EXIT_GRADER_FAULTS = 3  # `grader grade`: tests the grader itself failed to run remain
EXIT_SIGINT = 128 + signal.SIGINT  # 130: a batch stopped by Ctrl-C, as a shell reports it
EXIT_SIGTERM = 128 + signal.SIGTERM  # 143: a batch stopped by SIGTERM


class GraderError(Exception):
    """Bad usage or bad input: shown as ``Error: <message>``, exits with ``exit_code``."""

    exit_code: ClassVar[int] = EXIT_USAGE  # a subclass with another code sets its own

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class InputFileError(GraderError):
    """A file (tree, assignment, golden, report) is malformed: names the file, place, fix."""

    def __init__(self, path: object, place: str, reason: str) -> None:
        where = f"{path}: {place}: " if place else f"{path}: "
        super().__init__(where + reason)
        self.path = path
        self.place = place
        self.reason = reason


class GraderFaults(GraderError):
    """A batch ran, but some of its tests hit the grader's own fault (``sandbox_error``):
    those submissions are to be regraded (``--resume`` does)."""

    exit_code: ClassVar[int] = EXIT_GRADER_FAULTS


class Interrupted(GraderError):
    """A batch stopped by SIGINT: what finished is kept, the rest is for ``--resume``."""

    exit_code: ClassVar[int] = EXIT_SIGINT


class Terminated(Interrupted):
    """A batch stopped by SIGTERM."""

    exit_code: ClassVar[int] = EXIT_SIGTERM


class GameError(Exception):
    """A call on a ``game`` that the tree cannot answer (an illegal action, a utility of a
    non-terminal state). Raised into the search that made the call: for a student, it ends
    the test as ``error`` with this message."""
