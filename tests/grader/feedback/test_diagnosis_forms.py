"""A mistake is named in whichever correct form the student wrote it.

A test that leaves a convention open (fail-hard or fail-soft, the order of ProbCut's two
tests, ...) accepts each of its forms; its golden keeps only the forms whose records
differ on its tree. A student who writes an accepted form that the golden does not keep,
and makes a known mistake in it, must still hear the mistake's name: for every built-in
test with open conventions, every known mistake run in every correct form, where it gives
a record no correct form gives, is named by the diagnosis (on the first three such tests
of each built-in assignment: all of them take a minute).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice

import pytest

from grader.authoring.assignment import builtin_names
from grader.feedback.catalogue import KnownRun, known_runs
from grader.feedback.diagnosis import diagnose
from grader.grading.check import prepare
from grader.grading.scoring import TestContext
from grader.trees.record import SearchRecord
from grader.trees.values import values_match

TESTS_EACH = 3


def open_tests(assignment: str) -> Iterator[TestContext]:
    """The tests of ``assignment`` that leave a convention open, their goldens in full."""
    for ctx in prepare(assignment=assignment).contexts:
        if len(ctx.open_forms()) > 1 and ctx.golden.digest is None:
            yield ctx


def gives(run: KnownRun, record: SearchRecord) -> bool:
    return (not run.crashed and list(run.visits) == list(record.visits)
            and run.action == record.action and values_match(run.value, record.value))


def as_record(run: KnownRun, like: SearchRecord) -> SearchRecord:
    return like.model_copy(update={"visits": list(run.visits), "value": run.value,
                                   "action": run.action})


@pytest.mark.parametrize("assignment", builtin_names(played=False))
def test_a_mistake_in_any_correct_form_is_named(assignment: str) -> None:
    tests = list(islice(open_tests(assignment), TESTS_EACH))
    if not tests:
        pytest.skip(f"no test of {assignment} leaves a convention open")
    tried = sum(named_in_every_form(ctx) for ctx in tests)
    assert tried, "no mistake differs from the correct forms on these tests"


def named_in_every_form(ctx: TestContext) -> int:
    """How many (form, mistake) pairs give a record no correct form gives; each is named."""
    correct = [ctx.golden, *(f.record for f in ctx.forms)]
    tried = 0
    for form in ctx.open_forms():
        runs = known_runs(tree=ctx.tree, algorithm=ctx.algorithm, depth=ctx.spec.depth,
                          conventions=form)
        for run in runs:
            if run.crashed or any(gives(run, record) for record in correct):
                continue
            tried += 1
            found = diagnose(**ctx.variant_inputs(), expected=ctx.golden,
                             got=as_record(run, ctx.golden), forms=ctx.open_forms())
            assert found is not None and found.variants, (form, run.name)
            assert all(n.visits == run.visits for n in found.variants), (form, run.name)
    return tried
