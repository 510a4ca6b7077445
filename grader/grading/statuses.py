"""How each status a test can end with is told: the one table every writer reads."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Status = Literal["passed", "failed", "timeout", "memory", "error", "sandbox_error"]


@dataclass(frozen=True)
class StatusLook:
    """How a status is shown wherever a test's result goes."""

    word: str  # in every report and on the terminal: "timed out"
    message: str | None  # said when the run itself says nothing (None: a check says it)
    style: str  # the terminal's colour (rich)
    colour: str  # the HTML page's colour


STATUSES: dict[Status, StatusLook] = {
    "passed": StatusLook("passed", None, "green", "#2e7d32"),
    "failed": StatusLook("failed", None, "red", "#c62828"),
    "timeout": StatusLook(
        "timed out", "the search did not finish within the time limit", "yellow", "#b26a00"
    ),
    "memory": StatusLook("out of memory", "the search ran out of memory", "yellow", "#b26a00"),
    "error": StatusLook(
        "error", "the submission crashed or returned something malformed", "red", "#c62828"
    ),
    "sandbox_error": StatusLook(
        "grader error (not charged)",
        "the grader could not run this test (not your fault): it will be regraded",
        "magenta",
        "#6a1b9a",
    ),
}
"""Every :data:`~grader.grading.report.Status`, and how it is told."""
