"""Batches: every entry graded once, reports written as each finishes, resume after a kill."""

from __future__ import annotations

import csv
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from grader.batch import SUBMISSIONS, find_submissions, grade_batch, summary_lines
from grader.errors import GraderError

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "alphabeta"


def copies(folder: Path, correct: int, wrong: int) -> Path:
    folder.mkdir()
    for i in range(correct):
        shutil.copy(EXAMPLES / "correct.py", folder / f"good{i:02d}.py")
    for i in range(wrong):
        shutil.copy(EXAMPLES / "no_pruning.py", folder / f"bad{i:02d}.py")
    return folder


def gradebook(out: Path) -> dict[str, dict[str, str]]:
    with (out / "gradebook.csv").open(encoding="utf-8") as f:
        return {row["submission"]: row for row in csv.DictReader(f)}


def test_a_batch_grades_every_kind_of_entry_in_parallel(tmp_path: Path) -> None:
    subs = copies(tmp_path / "subs", correct=2, wrong=2)
    (subs / "folder_sub").mkdir()
    shutil.copy(EXAMPLES / "correct.py", subs / "folder_sub" / "agent.py")
    (subs / "empty_folder").mkdir()
    (subs / "README.txt").write_text("not a submission")
    out = tmp_path / "out"
    result = grade_batch(submissions=subs, assignment="alphabeta", out=out, jobs=2)
    book = gradebook(out)
    assert sorted(book) == ["bad00", "bad01", "empty_folder", "folder_sub", "good00", "good01"]
    full = book["good00"]["max_score"]
    assert book["good00"]["score"] == book["folder_sub"]["score"] == full
    assert 0 < float(book["bad00"]["score"]) < float(full)
    assert book["empty_folder"]["score"] == "0"
    assert result.ignored == ["README.txt"]
    for name in book:
        assert (out / SUBMISSIONS / name / "report.json").is_file()
        assert (out / SUBMISSIONS / name / "results.json").is_file()
    text = "\n".join(summary_lines(result))
    assert "6 submissions" in text and "README.txt" in text


def test_two_entries_with_one_name_are_refused(tmp_path: Path) -> None:
    subs = tmp_path / "subs"
    subs.mkdir()
    (subs / "ann.py").write_text("")
    (subs / "ann.zip").write_bytes(b"")
    with pytest.raises(GraderError, match="share the name 'ann'"):
        find_submissions(subs)


@pytest.mark.slow
def test_a_killed_batch_resumes_and_grades_each_submission_once(tmp_path: Path) -> None:
    subs = copies(tmp_path / "subs", correct=25, wrong=25)
    out = tmp_path / "out"
    command = [sys.executable, "-m", "grader.cli", "grade", str(subs), "-a", "alphabeta",
               "-o", str(out), "--jobs", "2"]
    first = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        done = [p for p in (out / SUBMISSIONS).glob("*/report.json")
                if not p.parent.name.startswith(".")] if out.exists() else []
        if len(done) >= 5:
            break
        time.sleep(0.05)
    os.killpg(first.pid, signal.SIGKILL)
    first.wait()
    kept = {  # a folder still being written is hidden (".name-..."), and is not done
        p.parent.name: p.stat().st_mtime_ns
        for p in (out / SUBMISSIONS).glob("*/report.json")
        if not p.parent.name.startswith(".")
    }
    assert 5 <= len(kept) < 50, "the kill should land midway"
    second = subprocess.run([*command, "--resume"], capture_output=True, text=True, check=False)
    assert second.returncode == 0, second.stderr
    assert f"({len(kept)} from an earlier run)" in second.stdout
    book = gradebook(out)
    assert len(book) == 50
    for name, mtime in kept.items():  # graded once: the earlier reports were not rewritten
        assert (out / SUBMISSIONS / name / "report.json").stat().st_mtime_ns == mtime
    assert not list((out / SUBMISSIONS).glob(".*")), "no half-written report folder is left"
    assert {row["score"] for n, row in book.items() if n.startswith("good")} == {
        book["good00"]["max_score"]
    }
