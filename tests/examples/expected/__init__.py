"""What each wrong example in examples/ must do to its grade: one module per assignment.

A module ``<assignment>.py`` here holds ``MISTAKES``, keyed by the example's file name
without ``.py``: from working the trees by hand, on which tests the mistake must show and
a phrase the feedback must contain there, which tests it cannot touch (they must pass),
and which checks it can get wrong at all (no other check may fail). Adding an algorithm's
examples adds its module here; ``tests/examples/test_examples.py`` grades them all.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field

from grader.authoring.assignment import load_assignment

SEARCH = frozenset({"expanded", "evaluated", "prunes"})  # the checks of the visited nodes
ALL_CHECKS = frozenset({"value", "action", *SEARCH})


@dataclass(frozen=True)
class Mistake:
    """What one wrong example must do to its grade."""

    named: str  # the known mistake (a variant's name) the report names, alone
    shows_in: dict[str, tuple[str, ...]]  # test -> phrases its message or feedback holds
    checks: frozenset[str] = ALL_CHECKS  # the only checks it may fail
    spared: tuple[str, ...] = ()  # tests where the mistake cannot show: they pass
    statuses: frozenset[str] = field(default_factory=lambda: frozenset({"failed"}))


def names_of(assignment: str) -> list[str]:
    """The names of an assignment's tests, in order."""
    return [t.name for t in load_assignment(assignment).spec.tests]


def mistakes_of(assignment: str) -> dict[str, Mistake]:
    """The wrong examples of one assignment, by file stem (none without a module here)."""
    try:
        module = importlib.import_module(f"{__name__}.{assignment}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{assignment}":
            raise
        return {}
    mistakes: dict[str, Mistake] = module.MISTAKES
    return mistakes
