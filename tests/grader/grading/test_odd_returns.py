"""Nothing a submission returns crashes a run: every test gets a verdict, through the real
local sandbox, and a batch goes on past the submission."""

from __future__ import annotations

from pathlib import Path

import pytest

from grader.grading.batch import grade_batch
from grader.grading.check import grade_submission, prepare

# aima-fig5.2 (minimax, depth 3) expects 3 by a1
RETURNS: dict[str, tuple[str, str, str]] = {
    # id: (the return expression, the status, a phrase of the message or feedback)
    "huge-int": ("10**400, None", "failed", "got an integer of about 400 digits"),
    "huge-int-right-action": ("10**400, 'a1'", "failed", "root value: expected 3, got"),
    "too-long-int": ("10**5000, 'a1'", "error", "returned an integer of 16610 bits"),
    "minus-inf": ("float('-inf'), 'a1'", "error", "returned value -inf, not a number"),
    "nan": ("float('nan'), 'a1'", "error", "returned value nan, not a number"),
    "inf-in-vector": ("[float('inf')], 'a1'", "error", "returned value inf, not a number"),
    "bool": ("True, 'a1'", "error", "which is not a number"),
    "string": ("'3', 'a1'", "error", "which is not a number"),
    "dict": ("{'v': 3}, 'a1'", "error", "values are numbers"),
    "surrogate-action": ("3, '\\ud800'", "error", "which is not legal at the root"),
    "a-state-as-the-action": ("3, game.result(state, 'a1')", "error",
                              "returned a state ('B') as the action; return one of the root's "
                              "actions (a1, a2, a3)"),
    "lying-int": ("type('L', (int,), {'__eq__': lambda s, o: True, '__hash__': int.__hash__})"
                  "(4), 'a1'", "failed", "root value: expected 3, got 4"),
    "three-things": ("3, 'a1', 'extra'", "error", "return a pair (value, action)"),
    "int-lying-about-its-size": ("type('L', (int,), {'bit_length': lambda s: 1})(10**5000),"
                                 " 'a1'", "error", "returned an integer of 16610 bits"),
}


def submission(folder: Path, expression: str) -> Path:
    path = folder / "agent.py"
    path.write_text(f"def minimax(game, state, depth):\n    return {expression}\n",
                    encoding="utf-8")
    return path


@pytest.mark.parametrize(("expression", "status", "phrase"),
                         [pytest.param(*v, id=k) for k, v in RETURNS.items()])
def test_an_odd_return_gets_a_verdict_in_a_report(tmp_path: Path, expression: str,
                                                  status: str, phrase: str) -> None:
    report = grade_submission(submission=submission(tmp_path, expression),
                              assignment="minimax", tests=["aima-fig5.2"])
    (result,) = report.tests
    assert report.sandbox == "local" and report.grader_faults == []
    assert (result.status, result.score) == (status, 0.0 if status == "error" else result.score)
    said = "\n".join([result.message or "", *result.feedback])
    assert phrase in said, said
    assert "-" not in f"{result.score}"


def test_a_batch_goes_on_past_every_odd_return(tmp_path: Path) -> None:
    folder = tmp_path / "submissions"
    for name, (expression, _, _) in RETURNS.items():
        (folder / name).mkdir(parents=True)
        submission(folder / name, expression)
    assignment = prepare(assignment="minimax", tests=["aima-fig5.2", "cutoff-depth-0"]).loaded
    result = grade_batch(submissions=folder, assignment=assignment.folder, out=tmp_path / "out")
    assert sorted(r.submission for r in result.reports) == sorted(RETURNS)
    for report in result.reports:
        assert len(report.tests) == len(assignment.spec.tests)
        assert report.grader_faults == [], report.submission
        assert (tmp_path / "out" / "submissions" / report.submission / "report.json").is_file()
