"""Batches: every entry graded once, reports written as each finishes, resume after a kill."""

from __future__ import annotations

import csv
import io
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from html import escape
from pathlib import Path

import pytest
from click.testing import CliRunner

from grader.cli import main
from grader.errors import (
    EXIT_GRADER_FAULTS,
    EXIT_OK,
    EXIT_SIGINT,
    EXIT_SIGTERM,
    EXIT_USAGE,
    GraderError,
)
from grader.grading.batch import SUBMISSIONS, Stop, grade_batch, summary_lines
from grader.grading.check import Prepared, prepare
from grader.grading.entries import find_submissions
from grader.grading.report import Report, load_report, make_report, report_json
from grader.grading.scoring import score_run
from grader.hosts.base import RunResult
from grader.reports import BATCH_FILES, INSTRUCTOR_NOTE, STUDENT_NOTE
from grader.reports.html import _cell

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "alphabeta"


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


def test_the_gradebook_has_a_status_beside_each_tests_points(tmp_path: Path) -> None:
    subs = copies(tmp_path / "subs", correct=1, wrong=1)
    (subs / "crash.py").write_text("def alphabeta(game, state, depth):\n    return 1 / 0\n")
    out = tmp_path / "out"
    grade_batch(submissions=subs, assignment="alphabeta", out=out)
    header = (out / "gradebook.csv").read_text().splitlines()[0].split(",")
    assert header.index("aima-fig5.2 status") == header.index("aima-fig5.2") + 1
    book = gradebook(out)
    assert book["good00"]["aima-fig5.2"] == "4" and book["good00"]["aima-fig5.2 status"] == "passed"
    assert book["bad00"]["aima-fig5.2 status"] == "failed"  # no pruning: a wrong answer
    assert book["bad00"]["worst-order status"] == "passed"  # nothing to prune there
    assert book["crash"]["aima-fig5.2"] == "0" and book["crash"]["aima-fig5.2 status"] == "error"
    assert book["crash"]["score"] == "0" and book["good00"]["score"] == book["good00"]["max_score"]


def test_each_folder_holds_a_students_copy_without_hidden_answers(tmp_path: Path) -> None:
    out = tmp_path / "out"
    grade_batch(submissions=copies(tmp_path / "subs", correct=0, wrong=1),
                assignment="alphabeta", out=out)
    folder = out / SUBMISSIONS / "bad00"
    assert sorted(p.name for p in folder.iterdir()) == sorted(BATCH_FILES)
    whole = load_report(folder / "report.json")
    hidden = [t for t in whole.tests if t.visibility == "hidden" and t.status == "failed"]
    assert hidden, "the wrong submission fails hidden tests"
    instructor = (folder / "instructor-report.html").read_text(encoding="utf-8")
    student = (folder / "student-report.html").read_text(encoding="utf-8")
    secrets = 0
    for t in hidden:  # what the instructor's copy shows of its answer, the student's must not
        assert t.expected and t.got
        for f in ("expanded", "evaluated"):
            want, have = _cell(t.expected[f], True), _cell(t.got[f], True)
            if want in have:
                continue  # cannot tell it from the student's own run
            secrets += 1
            assert escape(want) in section(instructor, t.name)
            assert escape(want) not in section(student, t.name)
    assert secrets
    shown = load_report(folder / "student-report.json")
    assert shown.student_view and not whole.student_view
    assert all(t.expected is None and not t.feedback for t in shown.tests
               if t.visibility == "hidden")
    markdown = (folder / "student-summary.md").read_text(encoding="utf-8")
    full = (folder / "instructor-summary.md").read_text(encoding="utf-8")
    for t in hidden:
        assert t.feedback  # the instructor's feedback spells the expected run out
        for line in t.feedback:
            assert escape(line) in section(instructor, t.name) and line in part(full, t.name)
            assert escape(line) not in section(student, t.name)
            assert line not in part(markdown, t.name)
    # which is which: the file names, and a line in each
    assert escape(STUDENT_NOTE) in student and STUDENT_NOTE in markdown
    assert escape(INSTRUCTOR_NOTE) in instructor
    assert INSTRUCTOR_NOTE in full


def section(page: str, test: str) -> str:
    """The part of an HTML report about one test."""
    start = page.index(f'<section class="test" id="test-{escape(test)}">')
    return page[start : page.index("</section>", start)]


def part(markdown: str, test: str) -> str:
    """The part of a Markdown summary about one test."""
    return markdown.split(f"### {test}\n", 1)[1].split("\n### ", 1)[0]


def _faulted(report: Report, ready: Prepared) -> Report:
    """``report`` as a grader fault leaves it: its first test never ran (sandbox_error)."""
    failed = RunResult(status="sandbox_error", message="could not start the docker sandbox")
    tests = [score_run(failed, ready.contexts[0]), *report.tests[1:]]
    return make_report(assignment=report.assignment, submission=report.submission,
                       tests=tests, sandbox=report.sandbox)


def test_resume_regrades_a_grader_fault_and_exit_3_names_what_is_left(tmp_path: Path) -> None:
    subs = copies(tmp_path / "subs", correct=2, wrong=0)
    out = tmp_path / "out"
    grade_batch(submissions=subs, assignment="alphabeta", out=out)
    path = out / SUBMISSIONS / "good00" / "report.json"
    faulted = _faulted(load_report(path), prepare(assignment="alphabeta"))
    path.write_text(report_json(faulted), encoding="utf-8")
    kept = (out / SUBMISSIONS / "good01" / "report.json").stat().st_mtime_ns
    command = ["grade", str(subs), "-a", "alphabeta", "-o", str(out), "--resume"]

    left = CliRunner().invoke(main, [*command, "--keep-faults"])
    assert left.exit_code == EXIT_GRADER_FAULTS == 3, left.output
    assert "grader faults, not charged" in left.output
    assert "good00 (aima-fig5.2)" in left.output
    assert load_report(path) == faulted
    assert gradebook(out)["good00"]["aima-fig5.2 status"] == "sandbox_error"

    again = CliRunner().invoke(main, command)
    assert again.exit_code == 0, again.output
    assert "(1 from an earlier run, 1 regraded after a grader fault)" in again.output
    regraded = load_report(path)
    assert not regraded.grader_faults and regraded.score == regraded.max_score
    book = gradebook(out)
    assert book["good00"]["aima-fig5.2 status"] == "passed"
    assert book["good00"]["score"] == book["good00"]["max_score"]
    assert (out / SUBMISSIONS / "good01" / "report.json").stat().st_mtime_ns == kept


def test_the_progress_bar_shows_the_submissions_in_flight(tmp_path: Path) -> None:
    from rich.console import Console
    from rich.progress import Progress

    from grader.cli.progress import Bar

    out = tmp_path / "out"
    grade_batch(submissions=copies(tmp_path / "subs", correct=1, wrong=0),
                assignment="alphabeta", out=out)
    done = load_report(out / SUBMISSIONS / "good00" / "report.json")
    console = Console(file=io.StringIO(), force_terminal=True)
    with Progress(console=console) as progress:
        bar = Bar(progress)
        bar.planned(["good00", "ann", "bob"])
        bar.started("good00")
        bar.started("ann")
        bar.started("bob")
        assert progress.tasks[0].description == "now: good00, ann, bob"
        bar.finished(done)
        assert progress.tasks[0].description == "now: ann, bob"
        assert progress.tasks[0].completed == 1 and progress.tasks[0].total == 3


LOOP = "def alphabeta(game, state, depth):\n    while True:\n        pass\n"
STOPS = [
    pytest.param("local", signal.SIGINT, 1, id="local-sigint"),
    pytest.param("local", signal.SIGTERM, 1, id="local-sigterm"),
    pytest.param("local", signal.SIGINT, 2, id="local-sigint-twice"),
    pytest.param("docker", signal.SIGINT, 1, id="docker-sigint", marks=pytest.mark.docker),
    pytest.param("docker", signal.SIGTERM, 1, id="docker-sigterm", marks=pytest.mark.docker),
    pytest.param("docker", signal.SIGTERM, 2, id="docker-sigterm-twice",
                 marks=pytest.mark.docker),
    pytest.param("cluster", signal.SIGINT, 1, id="cluster-sigint"),  # local:2, local sandbox
    pytest.param("cluster", signal.SIGTERM, 1, id="cluster-sigterm"),
]


def folders(out: Path) -> set[str]:
    folder = out / SUBMISSIONS
    return {p.name for p in folder.iterdir()} if folder.is_dir() else set()


def sandbox_processes(mark: Path) -> list[str]:
    """Processes whose arguments name ``mark`` (a local sandbox's folder or hidden paths)."""
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            args = cmdline.read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue  # ended while we looked
        if str(mark) in args and "grader.cli" not in args:
            found.append(f"{cmdline.parent.name} {args}")
    return found


def containers_of(pid: int) -> list[str]:
    import docker

    from grader.hosts.image import LABEL
    from grader.hosts.owners import OWNER_LABEL

    client = docker.from_env()
    try:
        owner = f"{socket.gethostname()}:{pid}"  # "<host>:<pid>:<start>" on each container
        found = client.api.containers(all=True, filters={"label": f"{LABEL}=sandbox"})
        return [str(c["Names"]) for c in found  # one call: no look at each, which may go
                if (c.get("Labels") or {}).get(OWNER_LABEL, "").startswith(f"{owner}:")]
    finally:
        client.close()


def wait_for(what: Callable[[], object], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not what():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


@pytest.mark.slow
@pytest.mark.parametrize(("sandbox", "signum", "times"), STOPS)
def test_a_signal_stops_a_batch_at_once_and_leaves_nothing(
    sandbox: str, signum: int, times: int, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    # two correct submissions are graded first; then endless loops run when the signal comes
    subs = copies(tmp_path / "subs", correct=2, wrong=0)
    for i in range(6):
        (subs / f"loop{i}.py").write_text(LOOP)
    out, log = tmp_path / "out", tmp_path / "stderr.txt"
    # the grader's own temporary folder, short: a Unix socket's path has at most 107 bytes
    temp = Path(tempfile.mkdtemp(prefix="stop-", dir="/tmp" if Path("/tmp").is_dir() else None))
    request.addfinalizer(lambda: shutil.rmtree(temp, ignore_errors=True))
    command = [sys.executable, "-m", "grader.cli", "grade", str(subs), "-a", "alphabeta",
               "-o", str(out), "--jobs", "2",
               *(["--cluster", "local:2"] if sandbox == "cluster" else ["--sandbox", sandbox])]
    with log.open("wb") as err:
        proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=err,
                                env={**os.environ, "TMPDIR": str(temp)})
        try:
            wait_for(lambda: {"good00", "good01"} <= folders(out), 240)
            if sandbox != "docker":
                wait_for(lambda: sandbox_processes(tmp_path) or sandbox_processes(temp), 60)
            else:
                wait_for(lambda: containers_of(proc.pid), 60)
            time.sleep(0.5)  # the loops are searching
            printed = log.read_text()  # off a terminal: a line per submission as it ends
            assert "[1/8] good0" in printed and "[2/8] good0" in printed
            started = time.monotonic()
            for _ in range(times):
                proc.send_signal(signum)
                time.sleep(0.1)
            stdout, _ = proc.communicate(timeout=60)
            stopped_in = time.monotonic() - started
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            assert proc.stdout is not None
            proc.stdout.close()
    assert proc.returncode == 128 + signum, log.read_text()
    assert stopped_in < 2.0
    assert set(gradebook(out)) == folders(out) == {"good00", "good01"}
    assert b"stopped: 6 submission(s) not graded" in stdout
    assert f"stopped by {signal.Signals(signum).name}" in log.read_text()
    assert sandbox_processes(tmp_path) == sandbox_processes(temp) == []
    assert list(temp.iterdir()) == []
    if sandbox == "docker":
        assert containers_of(proc.pid) == []


def test_grade_help_names_every_exit_code() -> None:
    shown = CliRunner().invoke(main, ["grade", "--help"]).output
    for code in (EXIT_OK, EXIT_USAGE, EXIT_GRADER_FAULTS, EXIT_SIGINT, EXIT_SIGTERM):
        assert f"{code} " in shown
    assert (EXIT_SIGINT, EXIT_SIGTERM) == (130, 143)


def test_a_batch_stopped_before_it_regrades_keeps_a_row_per_folder(tmp_path: Path) -> None:
    subs = copies(tmp_path / "subs", correct=1, wrong=1)
    out = tmp_path / "out"
    grade_batch(submissions=subs, assignment="alphabeta", out=out)
    (out / "gradebook.csv").unlink()
    stop = Stop()
    stop.request()
    result = grade_batch(submissions=subs, assignment="alphabeta", out=out, stop=stop)
    assert result.stopped_by == 0 and sorted(result.not_graded) == ["bad00", "good00"]
    assert set(gradebook(out)) == folders(out) == {"bad00", "good00"}
    assert "stopped: 2 submission(s) not graded" in "\n".join(summary_lines(result))



def test_a_batch_report_names_the_isolation_its_sandbox_reached(tmp_path: Path) -> None:
    from grader.hosts.isolation import local_isolation

    subs = copies(tmp_path / "subs", correct=1, wrong=0)
    result = grade_batch(submissions=subs, assignment="alphabeta", out=tmp_path / "out",
                         allow_limits_only=True)
    (report,) = result.reports
    assert report.isolation == local_isolation()[0]


def test_a_submission_of_the_longest_name_a_file_may_have_is_graded(tmp_path: Path) -> None:
    subs = copies(tmp_path / "subs", correct=1, wrong=0)
    shutil.copy(EXAMPLES / "correct.py", subs / ("b" + "é" * 125 + ".py"))  # 254 bytes
    result = grade_batch(submissions=subs, assignment="alphabeta", out=tmp_path / "out")
    assert len(result.reports) == 2 and all(r.score == r.max_score for r in result.reports)
    assert len(folders(tmp_path / "out")) == 2


def test_resume_grades_again_an_entry_that_now_goes_by_another_ones_name(
    tmp_path: Path,
) -> None:
    # "a b.py" is graded as a_b-c8687a08; a later folder's "a_b-c8687a08.py" is another
    # submission of that name: --resume grades it, never keeps the first one's report
    first, second, out = tmp_path / "first", tmp_path / "second", tmp_path / "out"
    first.mkdir()
    second.mkdir()
    shutil.copy(EXAMPLES / "correct.py", first / "a b.py")
    shutil.copy(EXAMPLES / "no_pruning.py", second / "a_b-c8687a08.py")
    graded = grade_batch(submissions=first, assignment="alphabeta", out=out)
    assert [(r.submission, r.source) for r in graded.reports] == [("a_b-c8687a08", "a b.py")]
    again = grade_batch(submissions=second, assignment="alphabeta", out=out, resume=True)
    assert again.resumed == []
    (report,) = again.reports
    assert report.source == "a_b-c8687a08.py" and report.score < report.max_score
