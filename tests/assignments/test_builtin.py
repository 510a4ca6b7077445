"""The built-in assignments: they load, their trees validate, their goldens are current.

Beyond that, each is checked as a course would use it: a search that follows the
assignment's stated conventions scores full marks, and each wrong example submission in
examples/ loses points.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from grader.authoring.assignment import builtin_names, builtin_root, load_assignment
from grader.authoring.build import build_assignment, validate_paths
from grader.authoring.golden import load_golden
from grader.grading.check import grade_submission
from grader.hosts.base import RunRequest, RunResult, Sandbox
from grader.trees.game import TreeGame
from reference.algorithms import accepted_options, answer_shape, search
from tests.reference.runs import student_game

REPO = Path(__file__).resolve().parents[2]
NAMES = builtin_names(played=False)
ASSIGNMENTS = [pytest.param(name, id=name) for name in NAMES]


def test_the_four_builtins_exist() -> None:
    assert {"alphabeta", "maxn", "minimax", "quiescence"} <= set(NAMES)


@pytest.mark.parametrize("name", ASSIGNMENTS)
def test_loads_and_every_file_validates(name: str) -> None:
    loaded = load_assignment(name)
    assert loaded.name == name
    assert name.endswith(loaded.spec.entry)  # minimax, or tictactoe-minimax on a game
    outcomes = validate_paths(paths=[loaded.folder])
    assert [str(o.error) for o in outcomes if o.error is not None] == []
    files = {t.tree for t in loaded.spec.tests if t.tree is not None}  # positions tests: none
    assert len(outcomes) == 1 + len(files) + len(loaded.spec.tests)


@pytest.mark.parametrize("name", ASSIGNMENTS)
def test_a_course_sized_set_of_tests(name: str) -> None:
    loaded = load_assignment(name)
    trees = {t.tree for t in loaded.spec.tests if t.tree is not None}
    on_disk = {f"trees/{p.name}" for p in (loaded.folder / "trees").glob("*.tree.json")}
    assert len({t.source for t in loaded.spec.tests}) >= 10  # trees, or games' positions
    assert trees == on_disk  # every tree is used by a test, and every test's tree exists
    visibility = {t.visibility for t in loaded.spec.tests}
    assert visibility == {"visible", "hidden"}
    assert all(t.points > 0 for t in loaded.spec.tests)
    # tests graded by their outcome alone (the answer, no record): MCTS's, where the
    # assignment says so, and a minority of its tests
    outcome = [t for t in loaded.spec.tests if set(t.checks) <= {"value", "action"}]
    assert not outcome or answer_shape(loaded.spec.reference_for(outcome[0])) == "visits"
    assert 2 * len(outcome) < len(loaded.spec.tests)
    searched = [t for t in loaded.spec.tests if t not in outcome]
    assert all({"value", "action", "expanded"} <= set(t.checks) for t in searched)


@pytest.mark.parametrize(
    ("name", "checks"),
    [
        pytest.param("minimax", {"value", "action", "expanded"}, id="minimax"),
        pytest.param("alphabeta", {"value", "action", "expanded", "evaluated", "prunes"},
                     id="alphabeta"),
    ],
)
def test_checks_of_the_two_player_assignments(name: str, checks: set[str]) -> None:
    assert all(set(t.checks) == checks for t in load_assignment(name).spec.tests)


@pytest.mark.parametrize("name", ASSIGNMENTS)
def test_goldens_are_current(name: str) -> None:
    assert build_assignment(assignment=name, check=True) == []


@pytest.mark.parametrize("name", ASSIGNMENTS)
def test_regeneration_is_byte_identical(tmp_path: Path, name: str) -> None:
    source = builtin_root() / name
    copy = tmp_path / name
    shutil.copytree(source, copy)
    shutil.rmtree(copy / "golden")
    written = build_assignment(assignment=copy)
    committed = sorted((source / "golden").glob("*.json"))
    assert sorted(p.name for p in written) == [p.name for p in committed]
    for path in committed:
        rebuilt = (copy / "golden" / path.name).read_bytes()
        # the assignment's name, not its folder, goes into a golden: same bytes anywhere
        assert rebuilt == path.read_bytes(), path.name


def test_fig52_alphabeta_golden() -> None:
    loaded = load_assignment("alphabeta")
    record = load_golden(loaded.golden_path(loaded.test("aima-fig5.2"))).record
    # AIMA fig 5.2: value 3 by a1; alpha-beta never looks at C2 and C3
    assert (record.value, record.action) == (3, "a1")
    assert len(record.evaluated) == 7
    assert record.prunes == 2


# (assignment, test, value, action): answers worked out by hand from each tree's drawing
HAND_WORKED = [
    pytest.param("minimax", "uneven-depths", 5, "a2", id="minimax-uneven"),
    pytest.param("minimax", "cutoff-depth-2", 4, "a1", id="minimax-cutoff-2"),
    pytest.param("minimax", "cutoff-full-depth", 5, "a2", id="minimax-cutoff-full"),
    pytest.param("minimax", "cutoff-depth-0", 0, None, id="minimax-depth-0"),
    pytest.param("minimax", "negative-values", -6.25, "a2", id="minimax-negative"),
    pytest.param("minimax", "extra-moves", 4, "a1", id="minimax-extra-moves"),
    pytest.param("alphabeta", "equality-strict", 3, "a1", id="alphabeta-strict"),
    pytest.param("alphabeta", "deep-cutoff", 5, "a1", id="alphabeta-deep-cutoff"),
    pytest.param("maxn", "aima-fig5.4", [1, 2, 6], "a1", id="maxn-fig5.4"),
    pytest.param("maxn", "shallow-pruning", [8, 1, 1], "a2", id="maxn-shallow"),
    pytest.param("maxn", "two-player-vectors", [4, 3], "a3", id="maxn-not-minimax"),
    pytest.param("quiescence", "horizon-trap", 1, "a2", id="quiescence-horizon"),
    pytest.param("quiescence", "exchange", 4, "a1", id="quiescence-exchange"),
    pytest.param("quiescence", "exchange-limit-1", 1, "a2", id="quiescence-limit-1"),
    pytest.param("quiescence", "deeper", 5, "a2", id="quiescence-deeper"),
    # xx./oo./...: x completes the top row at c1 before o completes the middle one
    pytest.param("tictactoe-minimax", "win-in-one", 100, "c1", id="tictactoe-win-in-one"),
    # x.x/.o./... with o to move: o blocks b1, and the rest is a draw
    pytest.param("tictactoe-minimax", "o-must-block", 0, "b1", id="tictactoe-block"),
    # x has already won: the root is terminal, no move
    pytest.param("tictactoe-minimax", "game-over", 100, None, id="tictactoe-game-over"),
    # ooo over xxx on the bottom rows: x drops in column 4 and wins
    pytest.param("connect4-alphabeta", "win-in-one", 1000, "4", id="connect4-win-in-one"),
    # ..oo... over ..xx...: column 2 makes an open three, a win two moves on
    pytest.param("connect4-alphabeta", "double-threat", 1000, "2", id="connect4-double"),
]


@pytest.mark.parametrize(("name", "test", "value", "action"), HAND_WORKED)
def test_goldens_agree_with_hand_worked_answers(
    name: str, test: str, value: Any, action: str | None
) -> None:
    loaded = load_assignment(name)
    record = load_golden(loaded.golden_path(loaded.test(test))).record
    assert (record.value, record.action) == (value, action)


@pytest.mark.parametrize(
    ("test", "pruned"),
    [
        pytest.param("equality-prunes", ["C2", "C3", "D2"], id="on-equality"),
        pytest.param("equality-strict", ["D2"], id="strictly"),
    ],
)
def test_equality_tests_pin_the_pruning_convention(test: str, pruned: list[str]) -> None:
    # A(max) --> B(min): 3 5 | C(min): 3 9 1 | D(min): 2 7; C1 = 3 equals alpha = 3
    loaded = load_assignment("alphabeta")
    record = load_golden(loaded.golden_path(loaded.test(test))).record
    leaves = ["B1", "B2", "C1", "C2", "C3", "D1", "D2"]
    assert [leaf for leaf in leaves if leaf not in record.evaluated] == pruned


# --- grading through the student path -------------------------------------------------


class ConventionSandbox(Sandbox):
    """Runs a module's entry point in this process on a TreeGame that offers the test's
    conventions as attributes, as the real sandboxes' game does."""

    def __init__(self, submission: Path, module: Any) -> None:
        super().__init__(submission)
        self.module = module

    def run(self, request: RunRequest) -> RunResult:
        game = student_game(request.tree, dict(request.conventions))
        started = time.perf_counter()
        try:
            value, action = getattr(self.module, request.entry)(
                game, request.tree.root, request.depth
            )
        except Exception as exc:
            return RunResult(status="error", trace=game.trace, message=repr(exc))
        elapsed = time.perf_counter() - started
        return RunResult(status="ok", trace=game.trace, value=value, action=action,
                         time_s=elapsed)

    def close(self) -> None:
        pass


class FollowsTheConventions:
    """A submission that reads the conventions off ``game`` and runs the reference."""

    def __getattr__(self, entry: str) -> Any:
        def run(game: TreeGame, state: str, depth: int) -> Any:
            names = accepted_options(entry)
            options = {k: getattr(game, k) for k in names if hasattr(game, k)}
            return search(entry, game, state, depth, **options)

        return run


def grade(name: str, submission: Path, module: Any) -> Any:
    def opener(kind: str, folder: Path, memory_mb: int) -> Sandbox:
        return ConventionSandbox(folder, module)

    return grade_submission(submission=submission, assignment=name, opener=opener)


@pytest.mark.parametrize("name", ASSIGNMENTS)
def test_a_search_following_the_conventions_scores_full_marks(tmp_path: Path, name: str) -> None:
    (tmp_path / "agent.py").write_text("")
    report = grade(name, tmp_path, FollowsTheConventions())
    assert [t.name for t in report.tests if not t.passed] == []
    assert report.score == report.max_score > 0


def load_example(path: Path) -> Any:
    import importlib.util

    spec = importlib.util.spec_from_file_location(f"example_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


EXAMPLES = [
    pytest.param(p.parent.name, p, id=f"{p.parent.name}-{p.stem}")
    for p in sorted((REPO / "examples").glob("*/*.py"))
    if p.parent.name in NAMES
]


@pytest.mark.parametrize(("name", "path"), EXAMPLES)
def test_example_submissions(name: str, path: Path) -> None:
    report = grade(name, path, load_example(path))
    if path.stem == "correct":
        assert [t.name for t in report.tests if not t.passed] == []
    else:
        assert report.score < report.max_score
        visible_failures = [t for t in report.tests if not t.passed and t.visibility == "visible"]
        assert visible_failures, "a student should see this bug in a visible test"
