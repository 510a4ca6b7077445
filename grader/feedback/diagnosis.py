"""Naming a student's mistake: known wrong variants of the reference, run on the test's tree.

A failing search is compared with every variant of the test's reference search
(:mod:`reference.variants`), each run on a traced :class:`~grader.trees.game.TreeGame` with
the test's depth and conventions (or, in a student kit, their runs as the kit stores
them: :mod:`grader.feedback.catalogue`). A variant is named only when it reproduces the
student's record *exactly* (the visits in order, the root value and the root action)
and differs from the reference's on this test. When several variants give that same
record, all are named, the simplest first. When none does, the diagnosis only says for
how many visits the student's search agrees with the expected one: it never guesses.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from grader.feedback.catalogue import KnownRun, known_runs
from grader.feedback.explain import fmt
from grader.trees.record import SearchRecord
from grader.trees.trace import EXPAND_OPS
from grader.trees.tree import Tree
from grader.trees.values import values_match

Visit = tuple[str, str]


@dataclass(frozen=True)
class _Run:
    """What a variant did: the part of a record a diagnosis compares."""

    visits: list[Visit]
    value: Any
    action: Any
    crashed: bool = False  # the game refused its last call: the search never answered


@dataclass(frozen=True)
class Diagnosis:
    """What the grader can say of a failing search beyond its first divergence."""

    sentence: str  # one sentence for the student
    variants: tuple[KnownRun, ...]  # the known mistakes that give exactly the student's record
    node: str | None  # where the named mistake first shows (None: only in the root's answer)
    agreed: int  # leading visits the student's search shares with the reference
    total: int  # the reference's visits

    @property
    def names(self) -> list[str]:
        return [v.name for v in self.variants]


def diagnose(
    *,
    tree: Tree,
    algorithm: str,
    depth: int,
    conventions: Mapping[str, Any],
    expected: SearchRecord,
    got: SearchRecord,
    crashed: bool = False,
    elsewhere: Iterable[Evidence] = (),
    forms: Sequence[Mapping[str, Any]] = (),
) -> Diagnosis | None:
    """The diagnosis of ``got`` on a test whose reference record is ``expected``.

    ``depth`` and ``conventions`` are the test's (``depth_unit`` among the conventions).
    ``crashed``: the game refused the last call of ``got``, which has no answer; a
    variant is then named when it is refused the same call after the same visits.
    ``forms``: the conventions of the test's other correct forms; where no mistake gives
    ``got`` in ``conventions``, the first form in which some do names them.
    ``elsewhere``: what the same submission did on its other tests; when several
    variants give ``got``, those that would have done otherwise there are not named.
    None when ``got`` has the expected visits, value and action: nothing to diagnose.
    """
    reference = _Run(list(expected.visits), expected.value, expected.action)
    student = _Run(list(got.visits), got.value, got.action, crashed)
    if _same(reference, student):
        return None
    agreed = _common_prefix(reference.visits, student.visits)
    family: tuple[KnownRun, ...] = ()
    named: list[KnownRun] = []
    for form in (conventions, *forms):
        family = known_runs(tree=tree, algorithm=algorithm, depth=depth, conventions=form)
        named = [k for k in family
                 if _same(_as_run(k), student) and not _same(_as_run(k), reference)]
        if named:
            break
    if len(named) > 1:  # of mistakes alike here, only those the other tests do not refute
        named = [v for v in named if all(e.allows(v) for e in elsewhere)]
    total = len(reference.visits)
    if not named:
        return Diagnosis(_unknown(agreed, total, student, bool(family)), (), None, agreed, total)
    node, where = _first_sign(reference, student, agreed)
    if crashed:  # a refused call ends other searches too: a move ordered by evaluate, say
        where += ": it makes the same refused call after the same visits, as other searches may"
    return Diagnosis(_known(named, where), tuple(named), node, agreed, total)


@dataclass(frozen=True)
class Evidence:
    """What a submission did on one test: enough to rule out a variant that would not."""

    tree: Tree
    algorithm: str
    depth: int
    conventions: Mapping[str, Any]
    got: SearchRecord
    crashed: bool = False
    forms: tuple[Mapping[str, Any], ...] = ()

    def allows(self, known: KnownRun) -> bool:
        """Whether the known mistake does on this test what the submission did, in one
        of the test's correct forms (``forms``: the conventions of each other form the
        test accepts, fail-hard and fail-soft where it leaves that open); True where it
        cannot be told (the mistake cannot search this test)."""
        student = _Run(list(self.got.visits), self.got.value, self.got.action, self.crashed)
        for conventions in (self.conventions, *self.forms):  # the forms include its own
            runs = known_runs(tree=self.tree, algorithm=self.algorithm, depth=self.depth,
                              conventions=conventions)
            run = next((r for r in runs if r.name == known.name), None)
            if run is None or _same(_as_run(run), student):
                return True
        return False


def _as_run(known: KnownRun) -> _Run:
    return _Run(list(known.visits), known.value, known.action, known.crashed)


def _same(a: _Run, b: _Run) -> bool:
    if a.crashed or b.crashed:
        return a.crashed == b.crashed and a.visits == b.visits
    if a.value is None or b.value is None:  # an action-only answer (a CS188 agent): no value
        return a.visits == b.visits and a.action == b.action
    return a.visits == b.visits and a.action == b.action and values_match(a.value, b.value)


def _common_prefix(a: Sequence[Visit], b: Sequence[Visit]) -> int:
    n = 0
    while n < len(a) and n < len(b) and a[n] == b[n]:
        n += 1
    return n


def _verb(op: str) -> str:
    return "expanded" if op in EXPAND_OPS else "evaluated"


def _first_sign(reference: _Run, student: _Run, i: int) -> tuple[str | None, str]:
    """The node where the student's record first leaves the reference's, and in words."""
    if i < len(student.visits):
        op, node = student.visits[i]
        return node, f"first seen at visit {i + 1}, where you {_verb(op)} {node}"
    if i < len(reference.visits):
        op, node = reference.visits[i]
        return node, (
            f"first seen after visit {i}, where you stop and the reference {_verb(op)} {node}"
        )
    value = f"{fmt(student.value)} instead of {fmt(reference.value)}"
    action = f"{fmt(student.action)} instead of {fmt(reference.action)}"
    if student.action == reference.action:
        return None, f"seen only in the root value: {value}"
    if values_match(student.value, reference.value):
        return None, f"seen only in the root action: {action}"
    return None, f"seen only in the root's answer: value {value}, action {action}"


def _known(named: Sequence[KnownRun], where: str) -> str:
    if len(named) == 1:
        return f"Known mistake: {named[0].mistake} ({where})."
    listed = "; ".join(f"({k}) {v.mistake}" for k, v in enumerate(named, 1))
    return (
        f"Known mistake, one of {len(named)} that give exactly your trace: {listed} ({where})."
    )


def _unknown(agreed: int, total: int, student: _Run, has_family: bool) -> str:
    if agreed == total == len(student.visits):
        head = (
            f"Your search makes the same {total} visits as the expected one, "
            "but its answer differs"
        )
    else:
        head = f"Your search agrees with the expected one for the first {agreed} of {total} visits"
        if agreed == total:
            head += f", then goes on for {len(student.visits) - total} more"
    tail = ", and it matches none of the known mistakes" if has_family else ""
    return f"{head}{tail}."
