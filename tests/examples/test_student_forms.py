"""Correct searches written the ways students write them pass, through the real sandbox.

Each file in ``tests/examples/forms/<assignment>/`` is a correct search in a form the
lecture notes or real students use (asking for moves more often than needed, quiescence
without a quiet test, ...). Each must score full marks on its built-in assignment.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from grader.grading.check import grade_submission
from grader.reports.feedback import describe_test

FORMS_DIR = Path(__file__).parent / "forms"
FORMS = sorted(FORMS_DIR.glob("*/*.py"))


@pytest.mark.parametrize("path", FORMS, ids=[f"{p.parent.name}-{p.stem}" for p in FORMS])
def test_a_correct_form_scores_full_marks(path: Path) -> None:
    report = grade_submission(submission=path, assignment=path.parent.name)
    failed = {t.name: (t.message, t.feedback) for t in report.tests if not t.passed}
    assert not failed
    assert report.score == report.max_score


def test_the_report_names_the_form_matched() -> None:
    # random-ties-strict is where fail-soft and fail-hard visit different leaves
    forms = Path(__file__).parent / "forms" / "alphabeta"
    correct = Path(__file__).parents[2] / "examples" / "alphabeta" / "correct.py"
    for path, name in ((forms / "fail_soft.py", "fail-soft"), (correct, "fail-hard")):
        report = grade_submission(submission=path, assignment="alphabeta",
                                  tests=["random-ties-strict", "aima-fig5.2"])
        by_name = {t.name: t for t in report.tests}
        assert by_name["random-ties-strict"].passed
        assert by_name["random-ties-strict"].form == name
        assert f"graded as {name}" in describe_test(by_name["random-ties-strict"])
        assert by_name["aima-fig5.2"].form is None  # one record for both forms there


EXAMPLES = Path(__file__).parents[2] / "examples"
TABLE_FORMS = [
    pytest.param(EXAMPLES / "minimax" / "correct.py", "minimax", "no table", id="minimax-none"),
    pytest.param(
        FORMS_DIR / "minimax" / "table_after_leaf_tests.py",
        "minimax",
        "transposition table or memoised",  # one record for both on that tree: its
        id="minimax-table",  # leaves are never reached twice there
    ),
    pytest.param(
        FORMS_DIR / "minimax" / "lru_cache.py",
        "minimax",
        "transposition table or memoised",
        id="minimax-lru-cache",
    ),
    pytest.param(EXAMPLES / "maxn" / "correct.py", "maxn", "no table", id="maxn-none"),
    pytest.param(
        FORMS_DIR / "maxn" / "transposition_table.py",
        "maxn",
        "transposition table",
        id="maxn-table",
    ),
    pytest.param(FORMS_DIR / "maxn" / "memoised.py", "maxn", "memoised", id="maxn-memoised"),
]


@pytest.mark.parametrize(("path", "assignment", "name"), TABLE_FORMS)
def test_a_transposition_is_searched_again_or_read_from_a_table(
    path: Path, assignment: str, name: str
) -> None:
    report = grade_submission(submission=path, assignment=assignment, tests=["transposition"])
    (test,) = report.tests
    assert test.passed, (test.message, test.feedback)
    assert test.form == name
    assert f"graded as {name}" in describe_test(test)


def test_a_record_two_forms_make_is_named_by_what_both_do() -> None:
    # on bound-not-exact, fail-soft storing exact values only makes the record that
    # fail-hard storing bounds makes: the report says what both do, not "fail-hard"
    path = FORMS_DIR / "transposition" / "fail_soft_negamax_exact_only.py"
    report = grade_submission(submission=path, assignment="transposition",
                              tests=["bound-not-exact"])
    (test,) = report.tests
    assert test.passed, (test.message, test.feedback)
    assert test.form == "leaves stored"


def test_prints_made_every_way_are_each_tests_own() -> None:
    # prints_every_way.py prints through every stream a student's debugging uses, and
    # wraps sys.stdout at import: each test's output holds that test's lines, all of them
    path = FORMS_DIR / "alphabeta" / "prints_every_way.py"
    report = grade_submission(submission=path, assignment="alphabeta",
                              tests=["aima-fig5.2", "equality-prunes"])
    lines = ["encoding utf-8", "stderr works too", "and the original stderr",
             "and the original stdout", "and a wrapper of its own"]
    for test in report.tests:
        assert test.output is not None
        assert test.output.splitlines() == ["searching A to depth 2", *lines]


def test_a_spawn_pool_in_every_test_prints_no_warning_of_its_own() -> None:
    # the harness kills the pool's resource tracker after each test; the next pool
    # starts one again, and the standard library must not find the old one dead and
    # warn ("process died unexpectedly, relaunching") in a test that did nothing wrong
    path = FORMS_DIR / "alphabeta" / "spawn_pool.py"
    report = grade_submission(submission=path, assignment="alphabeta",
                              tests=["aima-fig5.2", "equality-prunes", "equality-strict"])
    assert [t.output for t in report.tests] == [None, None, None]
