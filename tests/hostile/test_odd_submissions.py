"""Odd submissions (``odd_submissions.py``): links, special files, broken caps, zips that
cannot be unpacked, a folder 1,100 levels deep. In ``grader check``, a batch, ``grader
ci`` and the Gradescope runner each gets a report whose every test is the student's
``error`` saying why; never an exception out of the grader, never a grader fault, and
nothing read through a link. The correct agent beside each one shows the batch goes on.
"""

from __future__ import annotations

import csv
import json
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from grader.courses.ci import run_ci
from grader.courses.gradescope import ASSIGNMENT_DIR, run_autograder
from grader.grading.batch import grade_batch
from grader.grading.check import grade_submission
from grader.grading.report import Report
from tests.examples.tiny_assignment import FIG52, write_assignment
from tests.hostile.odd_submissions import CORRECT, ODD, remove_deep

CASES = sorted(ODD)


@pytest.fixture(scope="module")
def assignment(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # A(max) -> B: 3 12 8 | C: 2 4 6 | D: 14 5 2
    return write_assignment(
        tmp_path_factory.mktemp("odd") / "assignment", {"fig52": FIG52},
        [{"name": "minimax-2", "tree": "trees/fig52.tree.json", "depth": 2, "points": 1},
         {"name": "minimax-3", "tree": "trees/fig52.tree.json", "depth": 3, "points": 1}],
        name="odd", entry="alphabeta",
    )


@pytest.fixture
def base(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "subs"
    folder.mkdir()
    yield folder
    for child in folder.iterdir():
        if child.is_dir() and not child.is_symlink():
            remove_deep(child)


def refused(report: Report, says: str) -> None:
    shown = [f"{t.status}: {t.message}" for t in report.tests]
    assert [t.status for t in report.tests] == ["error"] * len(report.tests), shown
    assert all(says in (t.message or "") for t in report.tests), shown
    assert report.grader_faults == [] and report.score == 0


def temp_folders() -> set[Path]:
    return set(Path(tempfile.gettempdir()).glob("grader-intake-*"))


@pytest.mark.parametrize("case", CASES)
def test_check_reports_an_odd_submission(case: str, assignment: Path, base: Path) -> None:
    before = temp_folders()
    path, says = ODD[case](base)
    report = grade_submission(submission=path, assignment=assignment)
    refused(report, says)
    assert "root:" not in json.dumps(report.model_dump(mode="json"))  # nothing read
    assert temp_folders() <= before


def test_a_batch_of_every_odd_submission_goes_on(
    assignment: Path, base: Path, tmp_path: Path
) -> None:
    says = {path.stem if path.suffix == ".zip" else path.name: phrase
            for path, phrase in (ODD[case](base) for case in CASES)}
    (base / "correct.py").write_bytes(CORRECT)
    (base / "-C2-D2.py").write_bytes(CORRECT)  # a formula, if a spreadsheet reads it raw
    result = grade_batch(submissions=base, assignment=assignment, out=tmp_path / "out")
    by_name = {r.submission: r for r in result.reports}
    assert set(by_name) == {*says, "correct", "-C2-D2"}
    assert by_name["correct"].score == by_name["correct"].max_score
    with (tmp_path / "out" / "gradebook.csv").open(newline="") as f:
        cells = [row[0] for row in csv.reader(f)]
    assert "'-C2-D2" in cells and "-C2-D2" not in cells
    for name, phrase in says.items():
        refused(by_name[name], phrase)
    rows = (tmp_path / "out" / "gradebook.csv").read_text().splitlines()
    assert len(rows) == len(says) + 3
    assert result.grader_faults == []


@pytest.mark.parametrize("case", ["deep_folder", "zip_encrypted", "link_to_secret", "fifo"])
def test_ci_reports_an_odd_submission(
    case: str, assignment: Path, base: Path, tmp_path: Path
) -> None:
    path, says = ODD[case](base)
    outcome = run_ci(submission=path, assignment=assignment, report_dir=tmp_path / "reports",
                     summary_path=tmp_path / "summary.md")
    assert outcome.exit_code == 1
    refused(outcome.report, says)
    assert (tmp_path / "reports" / "junit.xml").is_file()


@pytest.mark.parametrize(
    "case", ["deep_folder", "zip_encrypted", "zip_30000_entries", "link_to_folder", "two_modules"]
)
def test_gradescope_runner_writes_results(
    case: str, assignment: Path, base: Path, tmp_path: Path
) -> None:
    root = tmp_path / "autograder"
    shutil.copytree(assignment, root / "source" / ASSIGNMENT_DIR)
    path, says = ODD[case](base)
    if path.is_dir():
        path.rename(root / "submission")
    else:
        (root / "submission").mkdir()
        path.rename(root / "submission" / path.name)
    try:
        done = run_autograder(root=root)
    finally:
        remove_deep(root / "submission")
    results = json.loads(done.read_text())
    assert results["score"] == 0 and len(results["tests"]) == 2
    assert all(says in t["output"] for t in results["tests"]), results["tests"]
    assert all(t["extra_data"]["status"] == "error" for t in results["tests"])
