"""Correct searches written the ways students write them pass, through the real sandbox.

Each file in ``tests/examples/forms/<assignment>/`` is a correct search in a form the
lecture notes or real students use (asking for moves more often than needed, quiescence
without a quiet test, ...). Each must score full marks on its built-in assignment.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from grader.check import grade_submission

FORMS = sorted((Path(__file__).parent / "forms").glob("*/*.py"))


@pytest.mark.parametrize("path", FORMS, ids=[f"{p.parent.name}-{p.stem}" for p in FORMS])
def test_a_correct_form_scores_full_marks(path: Path) -> None:
    report = grade_submission(submission=path, assignment=path.parent.name)
    failed = {t.name: (t.message, t.feedback) for t in report.tests if not t.passed}
    assert not failed
    assert report.score == report.max_score
