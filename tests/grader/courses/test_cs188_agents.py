"""CS188 drop-in: a course's ``test_cases`` folder imported, an assignment per question, and
students' ``multiAgents.py`` graded unchanged in the sandbox.

The course folder (tests/grader/cs188/test_cases/) and the agent file
(tests/grader/cs188/students/multiAgents.py) are written for this suite in CS188's formats.
Each classic mistake is one edit of the correct file.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from click.testing import CliRunner

from grader.authoring.assignment import load_assignment
from grader.cli import main
from grader.courses.cs188_import import import_cs188, shares
from grader.errors import InputFileError
from grader.grading.check import grade_submission
from grader.grading.report import Report
from grader.grading.scoring import ACTION_ONLY_NOTE
from grader.trees.tree import load_tree, parse_tree

HERE = Path(__file__).resolve().parents[1] / "cs188"
COURSE = HERE / "test_cases"
CORRECT = (HERE / "students" / "multiAgents.py").read_text()


def edited(*changes: tuple[str, str]) -> str:
    """The correct file with each ``(old, new)`` made at its first place (MinimaxAgent
    comes first): one classic mistake."""
    text = CORRECT
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


# minimax: depth - 1 at every agent's move (the root's children already at depth 1)
DEPTH_PER_AGENT = edited(
    ("agentIndex, depth = 0, depth + 1", "agentIndex = 0"),
    ("self.minimax(state.generateSuccessor(agentIndex, a), agentIndex + 1, depth)",
     "self.minimax(state.generateSuccessor(agentIndex, a), agentIndex + 1, depth + 1)"),
    ("self.minimax(gameState.generateSuccessor(0, a), 1, 0)",
     "self.minimax(gameState.generateSuccessor(0, a), 1, 1)"),
)
GHOSTS_MAXIMISE = edited(("        return min(values)", "        return max(values)"))
PRUNES_ON_EQUALITY = edited(("if v > beta:", "if v >= beta:"), ("if v < alpha:", "if v <= alpha:"))
GHOSTS_MINIMISE = edited(("return sum(values) / len(actions)", "return min(values)"))
# correct, and lists moves as real students do: to count them, at terminals, at the
# depth limit before evaluating, and the root's again to find the best action
LISTS_OFTEN = edited(
    ("        if state.isWin() or state.isLose() or depth == self.depth:\n"
     "            return self.evaluationFunction(state)\n"
     "        values = [self.minimax(",
     "        if len(state.getLegalActions(agentIndex)) == 0 or state.isWin() or "
     "state.isLose() or depth == self.depth:\n"
     "            state.getLegalActions(agentIndex)\n"
     "            return self.evaluationFunction(state)\n"
     "        values = [self.minimax("),
    ("        return actions[scores.index(max(scores))]\n\n    def minimax",
     "        return gameState.getLegalActions(0)[scores.index(max(scores))]\n\n"
     "    def minimax"),
)

# correct, and makes every successor of a node before searching the first
SUCCESSORS_FIRST = edited(
    ("        values = [self.minimax(state.generateSuccessor(agentIndex, a), agentIndex + 1, "
     "depth)\n                  for a in state.getLegalActions(agentIndex)]",
     "        successors = [state.generateSuccessor(agentIndex, a)\n"
     "                      for a in state.getLegalActions(agentIndex)]\n"
     "        values = [self.minimax(s, agentIndex + 1, depth) for s in successors]"),
)


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("course") / "assignments"
    done = import_cs188(tests=COURSE, out=out)
    assert [(q.name, q.entry, q.points) for q in done.assignments] == [
        ("q2", "MinimaxAgent", 5), ("q3", "AlphaBetaAgent", 5), ("q4", "ExpectimaxAgent", 5)
    ]
    skipped = {path.name: why for path, why in done.skipped}
    assert "PacmanGameTreeTest" in skipped["8-pacman-game.test"]
    assert "EvalAgentTest" in skipped["grade-agent.test"]
    assert "no GraphGameTreeTest" in skipped["q1"]
    return out


def grade(tmp_path: Path, source: str, assignment: Path) -> Report:
    path = tmp_path / "multiAgents.py"
    path.write_text(source)
    return grade_submission(submission=path, assignment=assignment)


def failures(report: Report) -> dict[str, str]:
    """Each test that did not pass, with its whole message and feedback."""
    return {
        t.name: " ".join([t.message or "", *t.feedback]) for t in report.tests if not t.passed
    }


@pytest.mark.parametrize("question", ["q2", "q3", "q4"])
def test_a_correct_multiagents_file_passes_every_question(
    tmp_path: Path, course: Path, question: str
) -> None:
    report = grade(tmp_path, CORRECT, course / question)
    assert failures(report) == {}
    assert report.score == report.max_score == 5
    assert all(ACTION_ONLY_NOTE in t.feedback for t in report.tests)  # it says so
    assert all("value" not in (t.expected or {}) for t in report.tests)


@pytest.mark.parametrize(
    "source",
    [pytest.param(LISTS_OFTEN, id="lists-moves-often"),
     pytest.param(SUCCESSORS_FIRST, id="successors-first")],
)
def test_other_correct_forms_pass(tmp_path: Path, course: Path, source: str) -> None:
    assert source != CORRECT
    assert failures(grade(tmp_path, source, course / "q2")) == {}


@pytest.mark.parametrize(
    ("source", "question", "failing", "named"),
    [
        # 0-two-ghosts: b1, b2 evaluated (8, 2) at one ply; 1-two-rounds: c1..c3 at two
        pytest.param(DEPTH_PER_AGENT, "q2", {"0-two-ghosts", "1-two-rounds"},
                     "take one off the depth at every agent's move", id="depth-per-agent"),
        # b1 = 10, b2 = 9 when ghosts maximise: Left (turns by parity would say Right)
        pytest.param(GHOSTS_MAXIMISE, "q2", {"0-two-ghosts"},
                     "Known mistake: you maximise at every node", id="ghosts-maximise"),
        # d5 = 4 = alpha under b2: a cut on equality skips d6, c4 and d7
        pytest.param(PRUNES_ON_EQUALITY, "q3", {"1-two-ghosts-tie"},
                     "you prune when alpha >= beta", id="prunes-on-equality"),
        # b1 = 0 < b2 = 2 in both trees: Right
        pytest.param(GHOSTS_MINIMISE, "q4", {"1-random-ghosts", "2-one-ghost"},
                     "Known mistake: you take the smallest outcome at a chance node",
                     id="expectimax-minimises"),
    ],
)
def test_each_classic_mistake_fails_with_its_name(
    tmp_path: Path, course: Path, source: str, question: str, failing: set[str], named: str
) -> None:
    report = grade(tmp_path, source, course / question)
    found = failures(report)
    assert set(found) == failing
    assert all(named in text for text in found.values()), found
    assert all(t.status in ("passed", "failed") for t in report.tests)


def test_the_tree_keeps_cs188s_agents_win_and_lose(course: Path) -> None:
    # a (Pacman) -> b (ghost 1) -> c (ghost 2) -> d (Pacman again, the cut-off)
    tree = load_tree(course / "q2" / "trees" / "0-two-ghosts.tree.json")
    assert tree.agents == 3
    assert [tree.nodes[n].to_move for n in ("a", "b1", "c1", "d2")] == [0, 1, 1, 0]
    assert (tree.nodes["d4"].outcome, tree.nodes["d1"].outcome) == ("win", "lose")
    assert tree.nodes["d2"].outcome is None  # the game goes on there: cut off, not won
    spec = load_assignment(course / "q2").spec
    assert (spec.entry, spec.entry_kind, spec.algorithm) == ("MinimaxAgent", "cs188", "minimax")
    assert all("value" not in t.checks for t in spec.tests)


def test_all_or_nothing_scores_a_question_as_cs188_does(tmp_path: Path) -> None:
    out = tmp_path / "out"
    import_cs188(tests=COURSE / "q2", out=out, all_or_nothing=True)
    assert load_assignment(out).spec.all_or_nothing
    report = grade(tmp_path, GHOSTS_MAXIMISE, out)  # fails one test of two
    assert report.score == 0
    assert [t.status for t in report.tests] == ["failed", "passed"]
    assert any("all-or-nothing" in line for line in report.tests[1].feedback)
    assert grade(tmp_path, CORRECT, out).score == 5


def test_the_cli_imports_a_course_and_grades_a_folder_of_students(tmp_path: Path) -> None:
    out = tmp_path / "assignments"
    result = CliRunner().invoke(main, ["import", "cs188", str(COURSE), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "skipped: " in result.output and "PacmanGameTreeTest" in result.output
    assert "imported: q3: AlphaBetaAgent, 2 tests" in result.output
    students = tmp_path / "students"
    students.mkdir()
    (students / "ada.py").write_text(CORRECT)
    (students / "bob.py").write_text(PRUNES_ON_EQUALITY)
    graded = CliRunner().invoke(
        main, ["grade", str(students), "-a", str(out / "q3"), "-o", str(tmp_path / "q3")]
    )
    assert graded.exit_code in (0, 1), graded.output
    with (tmp_path / "q3" / "gradebook.csv").open(newline="") as book:
        rows = {row["submission"]: row for row in csv.DictReader(book)}
    assert (rows["ada"]["score"], rows["ada"]["failed"]) == ("5", "0")
    assert (rows["bob"]["1-two-ghosts-tie status"], rows["bob"]["2-strict-cut status"]) == (
        "failed", "passed"
    )


def test_points_share_a_questions_points_exactly() -> None:
    assert shares(5, 2) == [2.5, 2.5]
    assert sum(shares(5, 7)) == pytest.approx(5, abs=1e-9)
    assert len(set(shares(5, 7))) <= 2


@pytest.mark.parametrize(
    ("change", "place", "reason"),
    [
        pytest.param({"to_move": 1}, "nodes.a", "agent 0 (Pacman) moves here", id="pacman"),
        pytest.param({"b_to_move": 0}, "nodes.b", "ghost 1 moves here", id="ghost"),
        pytest.param({"players": 3}, "agents", "2 players", id="players"),
    ],
)
def test_a_tree_whose_players_break_its_agents_is_refused(
    change: dict[str, int], place: str, reason: str
) -> None:
    # a (Pacman) -> b (ghost 1) -> c (ghost 2) -> end
    nodes = {
        "a": {"to_move": change.get("to_move", 0), "children": {"x": "b"}},
        "b": {"to_move": change.get("b_to_move", 1), "children": {"x": "c"}},
        "c": {"to_move": 1, "children": {"x": "e"}},
        "e": {"utility": [1, 2, 3] if "players" in change else 1, "outcome": "win"},
    }
    data = {"format": "game-tree/1", "players": change.get("players", 2), "agents": 3,
            "root": "a", "nodes": nodes}
    with pytest.raises(InputFileError) as caught:
        parse_tree(data)
    assert place in caught.value.place
    assert reason in caught.value.reason


def test_a_cs188_entry_that_checks_value_is_refused(tmp_path: Path, course: Path) -> None:
    folder = tmp_path / "q2"
    folder.mkdir()
    for item in (course / "q2").iterdir():
        if item.is_dir():
            continue
        (folder / item.name).write_text(item.read_text())
    text = (folder / "assignment.yaml").read_text().replace("  - action\n", "  - value\n", 1)
    (folder / "assignment.yaml").write_text(text)
    with pytest.raises(InputFileError, match="returns an action only"):
        load_assignment(folder)
