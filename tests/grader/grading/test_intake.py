"""The one rule for finding the agent in a submission, in every way a student hands one in,
through the real local sandbox; and a Gradescope export regraded with ``grader grade``
scores as the Gradescope runner did."""

from __future__ import annotations

import json
import os
import shutil
import stat
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from grader.courses.gradescope import ASSIGNMENT_DIR, run_autograder
from grader.grading.batch import grade_batch
from grader.grading.check import grade_submission
from grader.grading.intake import (
    ENTRY_FILE,
    MAX_DEPTH,
    SubmissionRefused,
    find_agent,
    submission_folder,
)
from tests.examples.tiny_assignment import FIG52, write_assignment

REPO = Path(__file__).resolve().parents[3]
EXAMPLES = REPO / "examples" / "alphabeta"
CORRECT = (EXAMPLES / "correct.py").read_bytes()
BUGGY = (EXAMPLES / "no_pruning.py").read_bytes()


@pytest.fixture(scope="module")
def assignment(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # A(max) -> B: 3 12 8 | C: 2 4 6 | D: 14 5 2
    return write_assignment(
        tmp_path_factory.mktemp("intake") / "assignment", {"fig52": FIG52},
        [{"name": "minimax-2", "tree": "trees/fig52.tree.json", "depth": 2, "points": 2},
         {"name": "pruned-2", "tree": "trees/fig52.tree.json", "depth": 2, "points": 1,
          "checks": ["value", "action", "expanded", "prunes"]}],
        name="intake", entry="alphabeta",
    )


def write(root: Path, files: dict[str, bytes]) -> Path:
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    return root


def zipped(path: Path, files: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
    return path


# How students hand in the same agent; each must be graded as that agent.
Layout = Callable[[Path, bytes], Path]
LAYOUTS: dict[str, Layout] = {
    "one-py-file": lambda d, code: write(d, {"mine.py": code}) / "mine.py",
    "folder-agent-py": lambda d, code: write(d, {"agent.py": code, "notes.txt": b"hi"}),
    "folder-only-solution-py": lambda d, code: write(d, {"solution.py": code}),
    "folder-nested-agent-py": lambda d, code: write(
        d, {"project/src/agent.py": code, "project/README.md": b"x"}
    ),
    "top-agent-beats-nested": lambda d, code: write(
        d, {"agent.py": code, "old/agent.py": b"raise SystemExit(3)\n"}
    ),
    "hidden-and-caches-left-out": lambda d, code: write(
        d, {"agent.py": code, ".git/HEAD": b"ref", "__pycache__/agent.cpython.pyc": b"\0"}
    ),
    "zip-of-a-folder": lambda d, code: zipped(
        d / "hw.zip", {"hw/agent.py": code, "__MACOSX/hw/._agent.py": b"\0\0"}
    ),
    "zip-of-one-file": lambda d, code: zipped(d / "hw.zip", {"minimax.py": code}),
    "folder-holding-a-zip": lambda d, code: zipped(
        write(d, {"README.txt": b"x"}) / "upload.zip", {"agent.py": code}
    ).parent,
}


@pytest.mark.parametrize("layout", list(LAYOUTS), ids=list(LAYOUTS))
def test_every_layout_is_graded_as_its_agent(
    layout: str, assignment: Path, tmp_path: Path
) -> None:
    good = LAYOUTS[layout](_fresh(tmp_path / "good"), CORRECT)
    bad = LAYOUTS[layout](_fresh(tmp_path / "bad"), BUGGY)
    graded = grade_submission(submission=good, assignment=assignment)
    assert graded.score == graded.max_score, [t.message for t in graded.tests]
    wrong = grade_submission(submission=bad, assignment=assignment)
    assert 0 < wrong.score < wrong.max_score and not wrong.grader_faults


@pytest.mark.docker
@pytest.mark.parametrize("layout", ["folder-only-solution-py", "zip-of-a-folder"])
def test_the_docker_sandbox_grades_the_same_agent(
    layout: str, assignment: Path, tmp_path: Path
) -> None:
    good = LAYOUTS[layout](_fresh(tmp_path / "good"), CORRECT)
    graded = grade_submission(submission=good, assignment=assignment, sandbox="docker")
    assert graded.score == graded.max_score, [t.message for t in graded.tests]


def _fresh(folder: Path) -> Path:
    folder.mkdir()
    return folder


def test_a_hidden_link_is_left_out_with_its_folder(tmp_path: Path) -> None:
    write(tmp_path, {"agent.py": CORRECT})
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "escape").symlink_to("/etc")
    with submission_folder(tmp_path) as folder:
        assert sorted(p.name for p in folder.iterdir()) == [ENTRY_FILE]


def test_the_copy_is_private_and_goes_away(tmp_path: Path) -> None:
    write(tmp_path, {"agent.py": CORRECT, "lib/helper.py": b"X = 1\n"})
    with submission_folder(tmp_path) as folder:
        assert (folder / "lib" / "helper.py").read_bytes() == b"X = 1\n"
        staging = next(p for p in folder.parents if p.name.startswith("grader-intake-"))
        assert stat.S_IMODE(os.stat(staging).st_mode) == 0o700
        assert not any(p.is_symlink() for p in folder.rglob("*"))
    assert not staging.exists()


@pytest.mark.parametrize(
    ("files", "says"),
    [
        pytest.param({"a/agent.py": b"", "b/agent.py": b""}, "several agent.py", id="two-agents"),
        pytest.param({"x.py": b"", "y.py": b""}, "several .py files", id="two-modules"),
        pytest.param({"a.zip": b"", "b.zip": b""}, "several .zip files", id="two-zips"),
        pytest.param({"notes.txt": b""}, "no agent.py in your submission", id="nothing"),
    ],
)
def test_the_rule_refuses_what_it_cannot_choose(
    files: dict[str, bytes], says: str, tmp_path: Path
) -> None:
    with pytest.raises(SubmissionRefused, match=says):
        find_agent(write(tmp_path, files))


def test_the_rule_picks_the_shallowest_agent(tmp_path: Path) -> None:
    # a/b/c/agent.py is deeper than x/agent.py: x's is the one
    write(tmp_path, {"a/b/c/agent.py": b"", "x/agent.py": b"", "x/y/agent.py": b""})
    assert find_agent(tmp_path) == tmp_path / "x" / "agent.py"


def test_depth_cap_is_the_documented_one(tmp_path: Path) -> None:
    ok = "/".join(["d"] * MAX_DEPTH) + "/agent.py"
    with submission_folder(write(tmp_path / "ok", {ok: CORRECT})) as folder:
        assert (folder / ENTRY_FILE).is_file()
    too_deep = "/".join(["d"] * (MAX_DEPTH + 1)) + "/agent.py"
    with pytest.raises(SubmissionRefused, match="nested deeper"), submission_folder(
        write(tmp_path / "deep", {too_deep: CORRECT})
    ):
        pass


def test_a_missing_path_is_a_usage_error(tmp_path: Path, assignment: Path) -> None:
    from grader.errors import GraderError

    with pytest.raises(GraderError, match="no such submission") as caught:
        grade_submission(submission=tmp_path / "nope.py", assignment=assignment)
    assert not isinstance(caught.value, SubmissionRefused)


def test_gradescope_export_regraded_gives_the_same_scores(
    assignment: Path, tmp_path: Path
) -> None:
    """Gradescope's export: a folder per submission holding what the student uploaded,
    and a metadata file beside them. Each is graded by the runner, then all by a batch."""
    export = tmp_path / "export"
    layouts = {
        "submission_1": ("folder-agent-py", CORRECT),
        "submission_2": ("folder-only-solution-py", CORRECT),
        "submission_3": ("folder-nested-agent-py", BUGGY),
        "submission_4": ("folder-holding-a-zip", CORRECT),
        "submission_5": ("folder-only-solution-py", BUGGY),
    }
    for name, (layout, code) in layouts.items():
        LAYOUTS[layout](_fresh_parents(export / name), code)
    write(export / "submission_6", {"notes.txt": b"forgot the code"})
    (export / "submission_metadata.yml").write_text("submission_1: {}\n")
    by_runner = {}
    for folder in sorted(p for p in export.iterdir() if p.is_dir()):
        root = tmp_path / "runs" / folder.name
        shutil.copytree(assignment, root / "source" / ASSIGNMENT_DIR)
        shutil.copytree(folder, root / "submission")
        results = json.loads(run_autograder(root=root).read_text())
        by_runner[folder.name] = results["score"]
    batch = grade_batch(submissions=export, assignment=assignment, out=tmp_path / "out")
    by_batch = {r.submission: r.score for r in batch.reports}
    assert by_batch == by_runner
    assert by_batch["submission_1"] == by_batch["submission_2"] == 3
    assert by_batch["submission_6"] == 0 and 0 < by_batch["submission_5"] < 3
    assert batch.ignored == ["submission_metadata.yml"]


def _fresh_parents(folder: Path) -> Path:
    folder.mkdir(parents=True)
    return folder


def test_ci_points_at_the_file_the_rule_picks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from grader.courses.ci import Location, entry_location

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("GITHUB_WORKSPACE", str(tmp_path))
    code = b"import math\n\ndef alphabeta(game, state, depth): ...\n"
    write(tmp_path / "nested", {"project/src/agent.py": code, "README.md": b""})
    write(tmp_path / "solution", {"solution.py": code})
    write(tmp_path / "linked", {"agent.py": code})
    (tmp_path / "linked" / "x").symlink_to("/dev/zero")
    assert entry_location(Path("nested"), "alphabeta") == Location(
        "nested/project/src/agent.py", 3
    )
    assert entry_location(Path("solution"), "alphabeta") == Location("solution/solution.py", 3)
    assert entry_location(Path("linked"), "alphabeta") == Location("linked", 1)  # refused
