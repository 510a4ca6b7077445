"""The game's random stream through the real local sandbox: the grader draws every number
from the test's seed, the sandbox draws what the reference's ``TreeGame`` draws, and a
submission can neither see the seed nor reseed, rewind or pick the stream."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from grader.grading.check import grade_submission
from grader.trees.game import TreeGame
from grader.trees.tree import parse_tree
from tests.examples.tiny_assignment import FIG52, write_assignment

# reads five draws, a choice, and everything the game and the process hold that could
# carry the seed (4242, the test's): its attributes, and every int and dict in memory
READER = """
import gc
import json


def draws(game, state):
    numbers = [game.random() for _ in range(5)]
    numbers.append(game.random_choice(list(game.actions(state))))
    return numbers


def seen(game):
    attributes = sorted(k for k in vars(game) if "seed" in k or "random" in k)
    in_memory = any(
        (isinstance(o, dict) and "random_seed" in o) for o in gc.get_objects()
    )
    return {"attributes": attributes, "seed in memory": in_memory}


def mcts(game, state, depth):
    print(json.dumps({"draws": draws(game, state), "seen": seen(game)}))
    return [0, 0, 0], "a1"
"""

# asks the grader to reseed, rewind or pick the stream, through the game's own channel
RESEEDER = """
def mcts(game, state, depth):
    channel = next(v for v in vars(game).values() if hasattr(v, "local"))
    channel.call({"op": "%s", "seed": 0})
    return [0, 0, 0], "a1"
"""

SEED = 4242


def in_process() -> list[Any]:
    namespace: dict[str, Any] = {}
    exec(READER, namespace)  # the test's own code
    game = TreeGame(parse_tree(FIG52), random_seed=SEED)
    numbers: list[Any] = namespace["draws"](game, game.tree.root)
    return numbers


def _assignment(base: Path) -> Path:
    tests = [{"name": "t", "tree": "trees/fig52.tree.json", "depth": 3, "points": 1,
              "random_seed": SEED, "checks": ["value", "action", "expanded", "evaluated"]}]
    return write_assignment(base / "assignment", {"fig52": dict(FIG52)}, tests, entry="mcts")


@pytest.fixture(scope="module")
def assignment(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _assignment(tmp_path_factory.mktemp("random"))


@pytest.mark.parametrize("sandbox", ["local", pytest.param("docker", marks=pytest.mark.docker)])
def test_the_sandbox_draws_what_the_reference_draws_and_never_sees_the_seed(
    assignment: Path, tmp_path: Path, sandbox: str
) -> None:
    agent = tmp_path / "agent.py"
    agent.write_text(READER)
    report = grade_submission(submission=agent, assignment=assignment, sandbox=sandbox)
    (result,) = report.tests
    out = json.loads(result.output or "null")
    assert out["draws"] == in_process()
    assert len(set(out["draws"][:5])) == 5 and all(0 <= x < 1 for x in out["draws"][:5])
    assert out["seen"] == {"attributes": [], "seed in memory": False}
    # six draws in the record, no visit: what the reference drew differs from it
    assert result.got is not None and result.got["expanded"] == []


@pytest.mark.parametrize("op", ["seed", "reset", "random_seed", "set_random"])
def test_a_submission_cannot_reseed_or_rewind_the_stream(
    assignment: Path, tmp_path: Path, op: str
) -> None:
    agent = tmp_path / "agent.py"
    agent.write_text(RESEEDER % op)
    (result,) = grade_submission(submission=agent, assignment=assignment).tests
    assert result.status == "error"
    assert "broke the protocol" in (result.message or "")


def test_what_a_random_request_carries_chooses_nothing(assignment: Path, tmp_path: Path) -> None:
    # a seed sent beside the op is ignored: the draws are the test's stream's
    agent = tmp_path / "agent.py"
    agent.write_text(READER.replace(
        "numbers = [game.random() for _ in range(5)]",
        "channel = next(v for v in vars(game).values() if hasattr(v, 'local'))\n"
        "    numbers = [channel.call({'op': 'random', 'seed': 0, 'n': 99}) for _ in range(5)]",
    ))
    (result,) = grade_submission(submission=agent, assignment=assignment).tests
    assert json.loads(result.output or "null")["draws"] == in_process()
