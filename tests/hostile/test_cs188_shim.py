"""Hostile CS188 agent files: reaching the grader through the ``GameState`` shim.

The shim lives in the student's process, so a ``multiAgents.py`` can walk from its
``gameState`` to the channel and the link. Whatever it sends there, the grader records
only what it answered itself: a forged end of the run, a forged call, a faked score or
garbage on the wire is never a passing test and never the grader's fault (a forged
message left on the wire breaks the next test too: the student's ``error``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from grader.courses.cs188_import import import_cs188
from grader.grading.check import grade_submission

COURSE = Path(__file__).resolve().parents[1] / "grader" / "cs188" / "test_cases"
CORRECT = (COURSE.parent / "students" / "multiAgents.py").read_text()

ATTACKS = {
    # says "done, Right" itself, with no search, then answers Right
    "forged-done": """
        channel = gameState._game._ch
        channel.send({"op": "done", "value": None, "action": "Right"})
        return "Right"
    """,
    # smuggles a value beside the action, hoping it is graded
    "smuggled-value": """
        channel = gameState._game._ch
        channel.send({"op": "done", "value": 5, "action": "Right"})
        return "Right"
    """,
    # reports calls it never made, on a state the game never handed out
    "forged-calls": """
        gameState._game._ch.note_result("s000000000000", "Left")
        gameState._game._ch.send({"op": "log"})
        return "Right"
    """,
    # writes garbage on the link itself
    "raw-link": """
        gameState._game._ch._link.send_json({"op": "utility", "s": ["x"] * 10})
        import os
        os.write(gameState._game._ch._link.write_fd, b"not json\\n")
        return "Right"
    """,
    # makes every score what it likes, so nothing is ever evaluated by the game
    "faked-scores": """
        type(gameState).getScore = lambda self: 100.0
        return "Right"
    """,
}


def attacker(body: str) -> str:
    """The correct file whose MinimaxAgent.getAction attacks first (``body``)."""
    head = (
        "class MinimaxAgent(MultiAgentSearchAgent):\n"
        "    def getAction(self, gameState: GameState):\n"
    )
    lines = [line[4:] for line in body.strip("\n").splitlines()]
    attack = "".join(f"        {line.strip()}\n" if line.strip() else "\n" for line in lines)
    return CORRECT.replace(head, head + attack + "\n    def unused(self, gameState):\n", 1)


@pytest.fixture(scope="module")
def q2(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("hostile-cs188") / "q2"
    import_cs188(tests=COURSE / "q2", out=out)
    return out


@pytest.mark.parametrize("name", list(ATTACKS))
def test_an_agent_that_reaches_through_the_shim_never_passes(
    tmp_path: Path, q2: Path, name: str
) -> None:
    path = tmp_path / "multiAgents.py"
    path.write_text(attacker(ATTACKS[name]))
    report = grade_submission(submission=path, assignment=q2)
    assert [t.passed for t in report.tests] == [False, False], report.tests
    assert report.score < report.max_score
    assert all(t.status in ("failed", "error") for t in report.tests)  # the student's


def test_a_correct_file_beside_the_attacks_still_passes(tmp_path: Path, q2: Path) -> None:
    path = tmp_path / "multiAgents.py"
    path.write_text(CORRECT)
    assert grade_submission(submission=path, assignment=q2).all_passed


def test_a_copy_of_the_course_modules_is_not_imported(tmp_path: Path, q2: Path) -> None:
    # a student's folder with its own util.py and game.py (CS188's, or a trap): the
    # agent file gets the stand-ins, and the trap never runs
    folder = tmp_path / "student"
    folder.mkdir()
    (folder / "agent.py").write_text(CORRECT)
    for module in ("util", "game", "pacman"):
        (folder / f"{module}.py").write_text("raise SystemExit('the course file ran')\n")
    assert grade_submission(submission=folder, assignment=q2).all_passed
