"""The virtual clock through the real local sandbox: ``game.time_left()`` is answered by the
grader from its own record of the calls, the calls the sandbox answers itself included, and
reads exactly what the reference's ``TreeGame`` reads after the same calls."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from grader.grading.check import grade_submission
from grader.trees.game import TreeGame
from grader.trees.tree import parse_tree
from tests.examples.tiny_assignment import write_assignment

# A(max, eval 0) -a1-> B(min, eval 6) -b1-> B1 = 1, -b2-> B2 = 2
#                -a2-> C(min, eval 4) -c1-> C1 = 5, -c2-> C2 = 7
CLOCK: dict[str, Any] = {
    "format": "game-tree/1",
    "name": "clock",
    "players": 2,
    "root": "A",
    "nodes": {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "C"}, "eval": 0},
        "B": {"to_move": 1, "children": {"b1": "B1", "b2": "B2"}, "eval": 6},
        "C": {"to_move": 1, "children": {"c1": "C1", "c2": "C2"}, "eval": 4},
        "B1": {"utility": 1},
        "B2": {"utility": 2},
        "C1": {"utility": 5},
        "C2": {"utility": 7},
    },
}

# reads the clock between calls of every kind: listings (round trips), results and
# questions (answered in the sandbox, sent on with the next message), payoffs
READER = """
import json


def reads(game, state):
    readings = [game.time_left()]
    moves = game.actions(state)
    readings.append(game.time_left())  # listing is free
    child = game.result(state, moves[0])  # answered in the sandbox: expands the root
    readings.append(game.time_left())
    game.result(state, moves[0])  # the same child again: free
    game.to_move(child)
    readings.append(game.time_left())
    leaf = game.result(child, game.actions(child)[0])
    if game.is_terminal(leaf):
        game.utility(leaf, 0)
    readings.append(game.time_left())
    game.utility(leaf, 0)  # asked again: free
    game.result(state, moves[1])
    game.evaluate(game.result(state, moves[1]), 0)
    readings.append(game.time_left())
    return readings


def iterative_deepening(game, state, depth):
    print(json.dumps(reads(game, state)))
    return 0, None
"""


def in_process(budget: int | None) -> list[Any]:
    """What the reader reads on the reference's own game, with no sandbox between."""
    namespace: dict[str, Any] = {}
    exec(READER, namespace)  # the test's own code
    game = TreeGame(parse_tree(CLOCK), time_budget=budget)
    readings: list[Any] = namespace["reads"](game, game.tree.root)
    return readings


@pytest.fixture(scope="module")
def sandboxed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Any]]:
    base = tmp_path_factory.mktemp("clock")
    tests = [
        {
            "name": "budget-10",
            "tree": "trees/clock.tree.json",
            "depth": 1,
            "points": 1,
            "time_budget": 10,
        },
        {
            "name": "budget-0",
            "tree": "trees/clock.tree.json",
            "depth": 1,
            "points": 1,
            "time_budget": 0,
        },
        {"name": "no-budget", "tree": "trees/clock.tree.json", "depth": 1, "points": 1},
    ]
    folder = write_assignment(
        base / "assignment", {"clock": CLOCK}, tests, entry="iterative_deepening"
    )
    agent = base / "agent.py"
    agent.write_text(READER)
    report = grade_submission(submission=agent, assignment=folder)
    assert report.sandbox == "local"
    return {t.name: json.loads(t.output or "null") for t in report.tests}


@pytest.mark.parametrize(
    ("test", "budget", "readings"),
    [
        # A expanded; B expanded and B1 scored; C reached twice, evaluated once
        pytest.param("budget-10", 10, [10, 10, 9, 9, 7, 6], id="budget-10"),
        pytest.param("budget-0", 0, [0, 0, -1, -1, -3, -4], id="budget-0"),
        pytest.param("no-budget", None, [math.inf] * 6, id="no-budget"),
    ],
)
def test_the_sandbox_reads_the_clock_of_the_reference(
    sandboxed: dict[str, list[Any]], test: str, budget: int | None, readings: list[Any]
) -> None:
    assert in_process(budget) == readings
    assert sandboxed[test] == readings


def test_the_clock_is_a_question_in_the_record(tmp_path: Path) -> None:
    # the readings leave the record as it is: no visit, the grade of the ID reference
    folder = write_assignment(
        tmp_path / "assignment",
        {"clock": CLOCK},
        [
            {
                "name": "t",
                "tree": "trees/clock.tree.json",
                "depth": 2,
                "points": 1,
                "time_budget": 7,
                "checks": ["value", "action", "expanded", "evaluated"],
            }
        ],
        entry="iterative_deepening",
    )
    agent = tmp_path / "agent.py"
    source = (
        Path(__file__).resolve().parents[3] / "examples" / "iterative_deepening" / "correct.py"
    ).read_text()
    agent.write_text(source)
    (result,) = grade_submission(submission=agent, assignment=folder).tests
    assert result.passed, result.message
    # iteration 1: A, B, C (3 ticks); iteration 2: A, B, B1, B2 (7); C is never entered
    assert result.got is not None
    assert result.got["expanded"] == ["A", "A", "B"]
    assert result.got["value"] == 6
