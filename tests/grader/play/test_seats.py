"""An agent's seat: its sandbox lives for the whole game, keeps the agent's state
between moves, and is frozen while the opponent moves."""

from __future__ import annotations

from pathlib import Path

import pytest

from grader.hosts.docker import DockerSandbox
from grader.hosts.local import LocalSandbox
from grader.hosts.tasks import descendants
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
    for pid in descendants(box._proc.pid):
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
        box.thaw()
        box.thaw()  # already running, as a loaded engine may have it: nothing to do
        box._container.reload()
        assert box._container.status == "running"


# An agent that keeps its sandbox from being paused after its answer, by the harness's own
# link (its code runs in the agent's process): locally a helper left in posix_spawn's vfork
# wait, which SIGSTOP cannot stop (its child blocks opening a FIFO nobody writes); in a
# container the harness ends after sending the move. The game stops there, and it is the
# agent's loss, never a fault of the grader's (which the score would leave out).
UNPAUSABLE = '''
import gc, os, sys, time

def _stuck_helper():
    pid = os.fork()
    if pid == 0:
        try:
            fifo = f"/tmp/never-{os.getpid()}"
            os.mkfifo(fifo)
            os.posix_spawn(sys.executable, [sys.executable, "-c", "pass"], {},
                           file_actions=[(os.POSIX_SPAWN_OPEN, 0, fifo, os.O_RDONLY, 0)])
        finally:
            os._exit(0)
    for _ in range(4000):  # until it sits in the uninterruptible wait
        with open(f"/proc/{pid}/stat", "rb") as f:
            if f.read().rsplit(b")", 1)[1].split()[0] == b"D":
                return
        time.sleep(0.0005)

def choose(game, state, clock):
    for o in gc.get_objects():
        if type(o).__name__ == "Link" and not getattr(o, "hooked", False):
            sent = o.send
            def send(data, deadline=None, sent=sent):
                if data.startswith(b'{"op":"done"'):
                    if os.path.isdir("/run/grader/sock"):
                        sent(data, deadline)
                        os._exit(0)
                    _stuck_helper()
                sent(data, deadline)
            o.send, o.hooked = send, True
    return game.actions(state)[0]
'''


@pytest.mark.parametrize(
    "sandbox", ["local", pytest.param("docker", marks=pytest.mark.docker)]
)
def test_an_agent_that_cannot_be_paused_after_its_move_loses(
    tmp_path: Path, sandbox: str
) -> None:
    (tmp_path / "agent.py").write_text(UNPAUSABLE)
    with AgentSeat(PlayerSpec.agent(tmp_path / "agent.py"), "connect4", CLOCK,
                   sandbox) as seat:
        answer = seat.move(START, 2.0, 20.0)
    assert answer.action is None and answer.failed is not None
    assert answer.failed.status == "error" and answer.failed.fault == "leftover"
    said = answer.failed.message or ""  # its helper seen as it answers, or when paused
    assert "running after it returned" in said or "may not run off its turn" in said


LEAVES_A_THREAD = '''
import gc, threading, time

def choose(game, state, clock):
    for o in gc.get_objects():
        if type(o).__name__ == "Link" and not getattr(o, "hooked", False):
            sent = o.send
            def send(data, deadline=None, sent=sent):
                sent(data, deadline)  # its answer, after the harness looked for threads
                threading.Thread(target=time.sleep, args=(60,), daemon=True).start()
            o.send, o.hooked = send, True
    return game.actions(state)[0]
'''


@pytest.mark.docker
def test_a_container_that_runs_only_its_harness_after_a_move_is_not_crowded(
    tmp_path: Path,
) -> None:
    """Where a container cannot be paused, what runs in it besides the harness says whose
    doing it is: after an honest move, nothing does."""
    (tmp_path / "agent.py").write_text(COUNTS)
    with AgentSeat(PlayerSpec.agent(tmp_path / "agent.py"), "connect4", CLOCK,
                   "docker") as seat:
        assert seat.move(START, 2.0, 20.0).action is not None
        box = seat.box
        assert isinstance(box, DockerSandbox)
        assert not box._crowded()


@pytest.mark.parametrize(
    "sandbox", ["local", pytest.param("docker", marks=pytest.mark.docker)]
)
def test_a_thread_started_after_the_answer_loses_the_game(tmp_path: Path, sandbox: str) -> None:
    """The harness looks for threads before it answers; one started after, by the
    submission's own hook on the harness's link, is counted by the grader: after that
    answer if it is there by then, else after the next (it is paused in between)."""
    (tmp_path / "agent.py").write_text(LEAVES_A_THREAD)
    with AgentSeat(PlayerSpec.agent(tmp_path / "agent.py"), "connect4", CLOCK,
                   sandbox) as seat:
        answer = seat.move(START, 2.0, 20.0)
        if answer.failed is None:
            answer = seat.move(START, 2.0, 20.0)
    assert answer.action is None and answer.failed is not None
    assert answer.failed.fault == "leftover"
    assert "left 1 thread(s) running" in (answer.failed.message or "")
