"""Every example submission in examples/, graded through the real local sandbox.

An example is graded on the assignment its folder is named after. ``correct.py`` must
score full marks, hidden tests included. Every other example is a typical mistake; the
table below says, from working the trees by hand, on which tests the mistake must show
and a phrase the feedback must contain there, which tests it cannot touch (they must
pass), and which checks it can get wrong at all (no other check may fail).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from grader.authoring.assignment import builtin_names
from grader.grading.check import Prepared, grade_submission, prepare
from grader.grading.report import Report, TestResult
from reference.variants import variants_for
from tests.examples.expected import mistakes_of

REPO = Path(__file__).resolve().parents[2]
SEARCHED = builtin_names(played=False)  # the agents assignments: tests/examples/test_agents.py
EXAMPLES = sorted(p for p in (REPO / "examples").glob("*/*.py") if p.parent.name in SEARCHED)
ASSIGNMENTS_WITH_EXAMPLES = sorted({p.parent.name for p in EXAMPLES})


@cache
def prepared(assignment: str) -> Prepared:
    """Each assignment's trees and goldens, loaded once for all its examples."""
    return prepare(assignment=assignment)


def grade(path: Path) -> Report:
    return grade_submission(submission=path, assignment=prepared(path.parent.name))


def key(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


def by_name(report: Report) -> dict[str, TestResult]:
    return {t.name: t for t in report.tests}


def test_every_assignment_has_examples_and_every_mistake_a_file() -> None:
    assert SEARCHED == ASSIGNMENTS_WITH_EXAMPLES
    assert all((REPO / "examples" / name / "correct.py").is_file() for name in builtin_names())
    wrong = {key(p) for p in EXAMPLES if p.stem != "correct"}
    expected = {f"{name}/{stem}" for name in SEARCHED for stem in mistakes_of(name)}
    assert wrong == expected


@pytest.mark.parametrize(
    "path", [pytest.param(p, id=str(p.relative_to(REPO))) for p in EXAMPLES if p.stem == "correct"]
)
def test_correct_example_scores_full_marks(path: Path) -> None:
    report = grade(path)
    assert report.sandbox == "local"
    assert [(t.name, t.status, t.message) for t in report.tests if not t.passed] == []
    assert report.score == report.max_score > 0
    assert {t.visibility for t in report.tests} == {"visible", "hidden"}


@pytest.mark.parametrize(
    "path", [pytest.param(p, id=str(p.relative_to(REPO))) for p in EXAMPLES if p.stem != "correct"]
)
def test_wrong_example_loses_points_where_its_mistake_shows(path: Path) -> None:
    mistake = mistakes_of(path.parent.name)[path.stem]
    report = grade(path)
    tests = by_name(report)
    assert report.score < report.max_score
    assert report.grader_faults == []
    for name, phrases in mistake.shows_in.items():
        result = tests[name]
        assert not result.passed, name
        said = "\n".join([result.message or "", *result.feedback])
        for phrase in phrases:
            assert phrase in said, (name, phrase, said)
    assert [n for n in mistake.spared if not tests[n].passed] == []
    for result in report.tests:
        if result.passed:
            continue
        assert result.status in mistake.statuses, (result.name, result.status, result.message)
        assert result.score < result.max_score
        wrong = {c.check for c in result.checks if not c.passed}
        assert wrong <= mistake.checks, (result.name, wrong)
    visible = [t.name for t in report.tests if t.visibility == "visible" and not t.passed]
    assert visible, "a student should see the mistake in a visible test"
    spec = prepared(path.parent.name).loaded.spec
    variants = variants_for(spec.algorithm or spec.entry)  # the assignment's reference search
    variant = next(v for v in variants if v.name == mistake.named)
    named = [t.name for t in report.tests if f"Known mistake: {variant.mistake}" in t.feedback
             or any(line.startswith(f"Known mistake: {variant.mistake} (") for line in t.feedback)]
    assert set(named) & set(visible), f"{mistake.named} is never named alone in a visible test"
