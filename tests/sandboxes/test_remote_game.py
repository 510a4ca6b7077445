"""The game a submission calls (``sandboxes.remote_game``) used from other processes and
threads: a forked process, or a thread that calls while another waits for an answer, ends
the run saying so; a game sent to another process is refused saying why; copies of the game
and threads that take turns search as the one game does. Each runs in a local sandbox on AIMA's
figure 5.2::

    A(max) -> B(min): 3 12 8 | C(min): 2 4 6 | D(min): 14 5 2
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from grader.grading.check import grade_submission
from grader.trees.tree import Tree, parse_tree
from sandboxes.link import Link
from sandboxes.remote_game import FORKED_CALL_MESSAGE, THREADS_MESSAGE, Channel, GameError
from tests.grader.hosts.test_listings import run_locally


@pytest.fixture
def tree(fig52: dict[str, object]) -> Tree:
    return parse_tree(fig52)


SEARCH = '''
def search(game, state, depth):
    if game.is_terminal(state):
        return game.utility(state, 0), None
    if depth == 0:
        return game.evaluate(state, 0), None
    best = None
    for action in game.actions(state):
        value, _ = search(game, game.result(state, action), depth - 1)
        if best is None or (value > best[0] if game.to_move(state) == 0 else value < best[0]):
            best = (value, action)
    return best
'''


# a search that forks: the child reads a payoff, the parent would read it after the child ends
FORKS = '''
import ctypes, os

def minimax(game, state, depth):
    leaf = state
    while not game.is_terminal(leaf):
        leaf = game.result(leaf, game.actions(leaf)[0])
    child = {fork}
    if child == 0:
        game.utility(leaf, 0)
        os._exit(0)
    os.waitpid(child, 0)
    return game.utility(leaf, 0), game.actions(state)[0]
'''


@pytest.mark.parametrize(
    "fork", [pytest.param("os.fork()", id="os-fork"),
             pytest.param("ctypes.CDLL(None).fork()", id="libc-fork")],
)
def test_a_process_the_search_forked_never_speaks_to_the_grader_and_the_run_says_why(
    tmp_path: Path, tree: Tree, fork: str
) -> None:
    agent = FORKS.replace("{fork}", fork)
    result = run_locally(tmp_path / "submission", tree, agent, entry="minimax", depth=2)
    assert (result.status, result.message) == ("error", FORKED_CALL_MESSAGE)
    assert [op for op, _ in result.trace.calls].count("utility") <= 1  # the parent's own


# a minimax that searches each child through a copy of the game ({copy}(game))
THROUGH_COPIES = "import copy\n" + SEARCH.replace(
    "search(game, game.result(", "search({copy}(game), game.result(") + '''
def minimax(game, state, depth):
    return search(game, state, depth)
'''


@pytest.mark.parametrize("copy", ["copy.copy", "copy.deepcopy"])
def test_a_search_through_copies_of_the_game_is_recorded_as_any_other(
    tmp_path: Path, tree: Tree, copy: str
) -> None:
    agent = THROUGH_COPIES.replace("{copy}", copy)
    assert f"search({copy}(game), " in agent  # each child searched through a copy
    result = run_locally(tmp_path / "submission", tree, agent, entry="minimax", depth=2)
    assert (result.status, result.value, result.action) == ("ok", 3, "a1"), result.message
    assert [op for op, _ in result.trace.calls].count("utility") == 9


@pytest.mark.parametrize("send", [
    "pickle.dumps(game)",
    "with multiprocessing.get_context('fork').Pool(1) as pool: pool.map(str, [game])",
])
def test_a_game_sent_to_another_process_is_refused_saying_why(
    tmp_path: Path, tree: Tree, send: str
) -> None:
    agent = f"import multiprocessing, pickle\n\ndef minimax(game, state, depth):\n    {send}\n"
    result = run_locally(tmp_path / "submission", tree, agent, entry="minimax", depth=2)
    assert result.status == "error"
    assert "the game cannot be pickled or sent to another process" in (result.message or "")


# the root's children searched in threads at once, each with a correct minimax, all
# waiting for each other to start and to end
AT_ONCE = SEARCH + '''
import threading

def minimax(game, state, depth):
    actions = game.actions(state)
    children = [game.result(state, a) for a in actions]
    values, start, end = {}, threading.Barrier(len(children)), threading.Barrier(len(children))
    def one(i):
        start.wait(timeout=5)
        values[i] = search(game, children[i], depth - 1)[0]
        end.wait(timeout=5)
    threads = [threading.Thread(target=one, args=(i,)) for i in range(len(children))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    best = max(range(len(actions)), key=values.__getitem__)
    return values[best], actions[best]
'''


def test_a_search_that_calls_the_game_from_two_threads_at_once_ends_saying_so(
    tmp_path: Path, tree: Tree
) -> None:
    result = run_locally(tmp_path / "submission", tree, AT_ONCE, entry="minimax", depth=2)
    assert (result.status, result.message) == ("error", THREADS_MESSAGE)


# threads that take turns: the whole search in one thread; each root child searched in a
# thread of its own, joined before the next; the search in a pool's thread, the root's
# moves read here while that thread still runs; a pool of two, one child at a time
TAKE_TURNS = SEARCH + '''
import threading
from concurrent.futures import ThreadPoolExecutor

def minimax(game, state, depth):
    if FORM == "whole":
        found = []
        worker = threading.Thread(target=lambda: found.append(search(game, state, depth)))
        worker.start()
        worker.join()
        return found[0]
    if FORM == "handed-back":
        with ThreadPoolExecutor(max_workers=1) as pool:
            value, action = pool.submit(search, game, state, depth).result()
            assert action in game.actions(state)  # the pool's thread is still there
        return value, action
    actions, values = game.actions(state), []
    with ThreadPoolExecutor(max_workers=2) as pool:
        for a in actions:
            child = game.result(state, a)
            if FORM == "pool-of-two":
                values.append(pool.submit(search, game, child, depth - 1).result()[0])
                continue
            worker = threading.Thread(
                target=lambda: values.append(search(game, child, depth - 1)[0]))
            worker.start()
            worker.join()
    best = max(range(len(actions)), key=values.__getitem__)
    return values[best], actions[best]
'''


@pytest.mark.parametrize("form", ["whole", "a-thread-a-child", "handed-back", "pool-of-two"])
def test_threads_that_take_turns_search_as_one(tmp_path: Path, tree: Tree, form: str) -> None:
    agent = f"FORM = {form!r}\n" + TAKE_TURNS
    result = run_locally(tmp_path / "submission", tree, agent, entry="minimax", depth=2)
    assert (result.status, result.value, result.action) == ("ok", 3, "a1"), result.message
    assert result.trace.evaluated() == ["B1", "B2", "B3", "C1", "C2", "C3", "D1", "D2", "D3"]


def test_a_call_between_runs_is_refused_in_the_sandbox_and_never_sent() -> None:
    # a finalizer or a thread left running calls the game after its search returned
    read_fd, write_fd = os.pipe()
    channel = Channel(Link(read_fd, write_fd))
    try:
        channel.begin(1)
        channel.note("is_terminal", "s000000000000")
        channel.send({"op": "done"})  # the harness's last message of the run
        channel.end()
        with pytest.raises(GameError, match="after the search had returned"):
            channel.payoff("utility", "s000000000000")
        with pytest.raises(GameError, match="after the search had returned"):
            channel.note("to_move", "s000000000000")
        channel.begin(2)
        channel.send({"op": "done"})
        assert channel.receive() == {
            "op": "done", "run": 1, "local": [["is_terminal", "s000000000000"]]}
        assert channel.receive() == {"op": "done", "run": 2}  # nothing came between
    finally:
        os.close(read_fd)
        os.close(write_fd)


# a search that catches the misuse of its threads at once and searches again alone
CAUGHT = AT_ONCE.replace("def minimax(", "def at_once(") + '''
def minimax(game, state, depth):
    try:
        return at_once(game, state, depth)
    except BaseException:
        return search(game, state, depth)
'''

# a signal handler that reads the clock (a round trip each time) while the search waits
# for the clock's answer
IN_A_HANDLER = SEARCH + '''
import signal

def minimax(game, state, depth):
    def handler(signum, frame):
        if game._ch._waiting:  # while the search waits for an answer
            game.time_left()
    signal.signal(signal.SIGALRM, handler)
    signal.setitimer(signal.ITIMER_REAL, 0.0002, 0.0002)  # every 0.2 ms: an alarm re-armed
    for _ in range(50000):  # at each call would never ring (the kernel's timer slack)
        game.time_left()
    signal.setitimer(signal.ITIMER_REAL, 0)
    return search(game, state, depth)
'''


@pytest.mark.parametrize("agent", [pytest.param(CAUGHT, id="caught-and-searched-again"),
                                   pytest.param(IN_A_HANDLER, id="a-signal-handler")])
def test_a_call_while_another_waits_ends_the_test_whatever_the_search_does_after(
    tmp_path: Path, tree: Tree, agent: str
) -> None:
    result = run_locally(tmp_path / "submission", tree, agent, entry="minimax", depth=2)
    assert (result.status, result.message) == ("error", THREADS_MESSAGE)


# a search that keeps the first test's game and state, and asks it again in the next test
KEEPS_A_STATE = SEARCH + '''
KEPT = []

def minimax(game, state, depth):
    if KEPT:
        old_game, old_state = KEPT[0]
        old_game.is_terminal(old_state)
    KEPT.append((game, state))
    return search(game, state, depth)
'''


def test_a_state_kept_from_an_earlier_test_is_refused_in_the_student_s_terms(
    tmp_path: Path,
) -> None:
    (tmp_path / "agent.py").write_text(KEEPS_A_STATE)
    report = grade_submission(submission=tmp_path / "agent.py", assignment="minimax",
                              tests=["aima-fig5.2", "first-best-tie"])
    first, second = report.tests
    assert first.status == "passed"
    assert second.status == "error"
    assert "is not a state the game handed out in this run (a state kept from an earlier " \
        "test is not a state of this one)" in (second.message or "")
    assert "protocol" not in (second.message or "")
