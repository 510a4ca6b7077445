"""An agent's seat: its sandbox lives for the whole game, keeps the agent's state
between moves, and is frozen while the opponent moves."""

from __future__ import annotations

from pathlib import Path

import pytest

from grader.hosts.docker import DockerSandbox
from grader.hosts.local import LocalSandbox, _descendants
from grader.play.models import ClockRule, PlayerSpec
from grader.play.seats import AgentSeat

CLOCK = ClockRule(move_s=2.0, game_s=20.0)
COUNTS = """
calls = []

def choose(game, state, clock):
    calls.append(state)
    return game.actions(state)[len(calls) % len(game.actions(state))]
"""
START = "......./......./......./......./......./......."


def states(seat: AgentSeat) -> set[str]:
    """The state letters (R, S, T, ...) of every process of a local seat's sandbox."""
    box = seat.box
    assert isinstance(box, LocalSandbox) and box._proc is not None
    found = set()
    for pid in _descendants(box._proc.pid):
        with open(f"/proc/{pid}/stat", "rb") as f:
            found.add(f.read().rsplit(b")", 1)[1].split()[0].decode())
    return found


def seat_of(tmp_path: Path, sandbox: str) -> AgentSeat:
    (tmp_path / "agent.py").write_text(COUNTS)
    return AgentSeat(PlayerSpec.agent(tmp_path / "agent.py"), "connect4", CLOCK, sandbox)


def test_the_agent_keeps_its_state_and_is_stopped_between_moves(tmp_path: Path) -> None:
    with seat_of(tmp_path, "local") as seat:
        moves = [seat.move(START, 2.0, 20.0).action for _ in range(3)]
        assert moves == ["2", "3", "4"]  # the module's list grew: one sandbox, three moves
        assert states(seat) == {"T"}  # every process stopped off its turn
        seat.box.thaw()  # type: ignore[union-attr]
        assert "T" not in states(seat)


@pytest.mark.docker
def test_the_container_is_paused_between_moves(tmp_path: Path) -> None:
    with seat_of(tmp_path, "docker") as seat:
        moves = [seat.move(START, 2.0, 20.0).action for _ in range(2)]
        assert moves == ["2", "3"]
        box = seat.box
        assert isinstance(box, DockerSandbox)
        box._container.reload()
        assert box._container.status == "paused"
