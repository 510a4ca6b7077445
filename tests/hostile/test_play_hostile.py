"""Hostile agents in play mode: each loses its game with the right reason, and the
referee's position, record and next game are untouched.

Each file in ``play_cases/`` is one agent (x, against the built-in ``random``); its
docstring holds the ``reason`` its game must end with and a phrase the record's message
must contain (``says``). Every record is replayed on the grader's own rules: every move
in it legal, its final position the one the moves make.
"""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest

from grader.games import load_game
from grader.play import ClockRule, GameRecord, PlayerSpec, play_game

CASES = Path(__file__).parent / "play_cases"
CLOCK = ClockRule(move_s=0.4, game_s=1.0)
NAMES = sorted(p.stem for p in CASES.glob("*.py") if not p.stem.startswith("_"))
SANDBOXES = ["local", pytest.param("docker", marks=pytest.mark.docker)]
HONEST = "def choose(game, state, clock):\n    return game.actions(state)[-1]\n"


def expected(name: str) -> dict[str, str]:
    doc = ast.get_docstring(ast.parse((CASES / f"{name}.py").read_text())) or ""
    return dict(line.split(": ", 1) for line in doc.splitlines() if ": " in line)


def agent(tmp_path: Path, name: str, source: str | None = None) -> PlayerSpec:
    folder = tmp_path / name
    folder.mkdir()
    if source is None:
        shutil.copy(CASES / f"{name}.py", folder / "agent.py")
    else:
        (folder / "agent.py").write_text(source)
    shutil.copy(CASES / "_first.py", folder / "_first.py")
    return PlayerSpec.agent(folder)


def replay(record: GameRecord) -> None:
    game = load_game(record.game)
    state = game.initial_state
    for move in record.moves:
        state = game.result(state, move.move)  # a GameError if the referee took a bad move
    assert state == record.final


@pytest.mark.parametrize("sandbox", SANDBOXES)
@pytest.mark.parametrize("name", NAMES)
def test_a_hostile_agent_loses_with_the_right_reason(
    tmp_path: Path, name: str, sandbox: str
) -> None:
    want = expected(name)
    record = play_game(game="connect4", clock=CLOCK, seed=1, sandbox=sandbox,  # type: ignore[arg-type]
                       players=(agent(tmp_path, name), PlayerSpec.builtin("random")))
    assert (record.reason, record.outcome) == (want["reason"], "o"), record.message
    assert want["says"] in record.message
    replay(record)
    honest = play_game(game="connect4", clock=CLOCK, seed=1, sandbox=sandbox,  # type: ignore[arg-type]
                       players=(PlayerSpec.builtin("random"), agent(tmp_path, "honest", HONEST)))
    assert honest.reason in ("win", "draw"), honest.message
    replay(honest)
