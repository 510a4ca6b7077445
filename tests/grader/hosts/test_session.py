"""The trusted end of the protocol against a scripted peer: every malformed message ends
the run as the student's ``error``, and nothing the peer sends makes the grader grow."""

from __future__ import annotations

import json
import re
import resource
import socket
import threading
from collections.abc import Callable
from typing import Any

import pytest

from grader.hosts.base import RunRequest
from grader.hosts.session import MAX_LINE, Session, _early, call_limit
from grader.trees.tree import Tree, parse_tree
from sandboxes.remote_game import Channel

Peer = Callable[[socket.socket, dict[str, Any]], None]


@pytest.fixture
def tree(fig52: dict[str, object]) -> Tree:
    # A(max) -> B(min): 3 12 8 | C(min): 2 4 6 | D(min): 14 5 2
    return parse_tree(fig52)


def run_against(peer: Peer, tree: Tree, time_limit: float = 2.0) -> Any:
    """Run one test with ``peer`` playing the harness; return the RunResult."""
    ours, theirs = socket.socketpair()

    def play() -> None:
        reader = theirs.makefile("rb")
        run = json.loads(reader.readline())
        try:
            peer(theirs, run)
        except OSError:
            pass  # the grader hung up on us: expected after a violation
        finally:
            theirs.close()

    thread = threading.Thread(target=play, daemon=True)
    thread.start()
    request = RunRequest(test_name="t", tree=tree, entry="alphabeta", depth=2,
                         time_limit=time_limit)
    session = Session.over_socket(ours)
    try:
        return session.run(request)
    finally:
        session.close()
        thread.join(5)


def send(sock: socket.socket, message: dict[str, Any]) -> None:
    sock.sendall(json.dumps(message).encode() + b"\n")


def raw(data: bytes) -> Peer:
    return lambda sock, run: sock.sendall(data)


def message(**fields: Any) -> Peer:
    return lambda sock, run: send(sock, {"run": run["run"], **fields})


def local_at_root(*call: Any) -> Peer:
    """A done message whose local calls hold ``[op, ROOT's token, *rest]``."""
    op, *rest = call
    return lambda sock, run: send(sock, {"run": run["run"], "op": "done", "value": 3,
                                         "action": "a1", "local": [[op, run["root"][0], *rest]]})


@pytest.mark.parametrize(
    ("peer", "says"),
    [
        pytest.param(local_at_root("result"), "unknown local call", id="result-without-action"),
        pytest.param(local_at_root("result", "zz"), "unknown local call", id="result-bad-action"),
        pytest.param(local_at_root("result", 1), "unknown local call", id="result-action-not-str"),
        pytest.param(local_at_root("to_move", "a1"), "unknown local call", id="ask-with-action"),
        pytest.param(raw(b"not json at all\n"), "not JSON", id="not-json"),
        pytest.param(raw(b"\xff\xfe\xfa\n"), "not UTF-8", id="not-utf8"),
        pytest.param(raw(b"[1, 2, 3]\n"), "without an op", id="not-an-object"),
        pytest.param(message(op="format_disk", s="x"), "unknown op", id="unknown-op"),
        pytest.param(message(op="done", value=3, action="a1", local=[["utility", "x"]]),
                     "unknown local call", id="trusted-op-sent-as-local"),
        pytest.param(raw(b'{"op": "done", "value": 3, "action": "a1"}\n'),
                     "belongs to no current run", id="no-run-id"),
        pytest.param(raw(b'{"op": "done", "value": 3, "action": "a1", "run": true}\n'),
                     "belongs to no current run", id="run-id-true"),
        pytest.param(raw(b'{"op": "done", "value": ' + b"[" * 100_000 + b"]" * 100_000 + b"}\n"),
                     "nested too deeply", id="nested-too-deeply"),
        pytest.param(message(op="done", value=3, action="a1", local="lots"),
                     "malformed", id="local-not-a-list"),
    ],
)
def test_a_malformed_message_ends_the_run_as_error(peer: Peer, says: str, tree: Tree) -> None:
    result = run_against(peer, tree)
    assert result.status == "error"
    assert says in (result.message or "")


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("depth", [500, 900, 990, 5000])
@pytest.mark.parametrize(
    "template",
    [
        '{{"run": {run}, "op": "actions", "s": {deep}}}',
        '{{"run": {run}, "op": "done", "value": {deep}, "action": "a1"}}',
        '{{"run": {run}, "op": "done", "value": 3, "action": {deep}}}',
        '{{"run": {run}, "op": "done", "value": 3, "action": "a1", '
        '"local": [["actions", {deep}]]}}',
        '{{"run": {run}, "op": "result", "s": "x", "a": {deep}}}',
    ],
    ids=["state", "value", "action", "local", "result-action"],
)
def test_a_deeply_nested_message_is_the_students_error(
    template: str, depth: int, tree: Tree
) -> None:
    def peer(sock: socket.socket, run: dict[str, Any]) -> None:
        line = template.format(run=run["run"], deep=nested(depth))
        sock.sendall(line.encode() + b"\n")
        sock.makefile("rb").readline()  # an answer to a state we sent, if any
        send(sock, {"run": run["run"], "op": "done", "value": 3, "action": nested(depth)})

    result = run_against(peer, tree)  # never raises: a grader fault would
    assert result.status == "error", result.message


def test_a_made_up_token_is_refused_and_the_run_goes_on(tree: Tree) -> None:
    def peer(sock: socket.socket, run: dict[str, Any]) -> None:
        reader = sock.makefile("rb")
        send(sock, {"run": run["run"], "op": "actions", "s": "s000000000000"})
        refusal = json.loads(reader.readline())
        send(sock, {"run": run["run"], "op": "actions", "s": run["root"][0]})
        children = json.loads(reader.readline())["r"]
        send(sock, {"run": run["run"], "op": "done", "value": refusal["e"],
                    "action": children[0][0]})

    result = run_against(peer, tree)
    assert result.status == "error"  # a string value is not a number
    assert "s000000000000" in result.message and "not a number" in result.message
    assert result.trace.calls == [("actions", "A")]  # the refused call is not recorded


@pytest.mark.parametrize(
    ("op", "extra"),
    [("result", {"a": "\x00"}), ("utility", {}), ("evaluate", {})],
    ids=["an-action-it-does-not-have", "the-payoff-of-a-non-terminal", "an-eval-it-has-not"],
)
def test_a_refusal_names_the_state_by_its_token_never_by_its_node(
    tree: Tree, op: str, extra: dict[str, Any]
) -> None:
    """A node's id can tell its payoff (a positions test's board): a refused request
    names the state as the sandbox knows it, by the token it sent."""
    refusals: list[str] = []

    def peer(sock: socket.socket, run: dict[str, Any]) -> None:
        reader = sock.makefile("rb")
        send(sock, {"run": run["run"], "op": op, "s": run["root"][0], **extra})
        refusals.append(json.loads(reader.readline())["e"])
        send(sock, {"run": run["run"], "op": "done", "value": 3, "action": "a1"})

    run_against(peer, tree)
    (refusal,) = refusals
    assert re.search(r"\bs[0-9a-f]{12}\b", refusal), refusal
    assert tree.root not in refusal, refusal  # the root is "A": no word of these holds one


def leaf_of(sock: socket.socket, run: dict[str, Any]) -> tuple[str, str]:
    """The tokens of B and of B's first child (a leaf worth 3), asked for."""
    reader = sock.makefile("rb")
    root = run["root"][0]
    send(sock, {"run": run["run"], "op": "actions", "s": root})
    b = json.loads(reader.readline())["r"][0][1][0]
    send(sock, {"run": run["run"], "op": "actions", "s": b})
    return b, json.loads(reader.readline())["r"][0][1][0]


@pytest.mark.parametrize(
    "compact", [pytest.param(True, id="as-the-harness-writes-it"),
                pytest.param(False, id="spaced-read-in-full-first")],
)
def test_a_payoff_read_is_answered_and_recorded_in_its_place(tree: Tree, compact: bool) -> None:
    """A payoff read written as the harness writes it is answered from the start of its
    line; the answer and the record are those of any other way of writing it."""
    answers: list[Any] = []

    def peer(sock: socket.socket, run: dict[str, Any]) -> None:
        b, leaf = leaf_of(sock, run)
        local = [["result", b, "b1"], ["is_terminal", leaf]]
        if compact:
            sock.sendall(f'{{"op":"utility","s":"{leaf}","run":{run["run"]},"local":'
                         f'{json.dumps(local, separators=(",", ":"))}}}\n'.encode())
        else:
            send(sock, {"op": "utility", "s": leaf, "run": run["run"], "local": local})
        answers.append(json.loads(sock.makefile("rb").readline()))
        send(sock, {"run": run["run"], "op": "done", "value": 3, "action": "a1"})

    result = run_against(peer, tree)
    assert result.status == "ok", result.message
    assert answers == [{"r": [3, -3]}]
    assert result.trace.calls == [("actions", "A"), ("actions", "B"), ("result", "B"),
                                  ("is_terminal", "B1"), ("utility", "B1")]


@pytest.mark.parametrize("op", ["utility", "evaluate"])
def test_the_harness_writes_a_payoff_read_as_the_grader_answers_first(op: str) -> None:
    """The harness's own line for a payoff read takes the grader's early answer (the
    two sides agree on its shape, or every search would lose its quickest path)."""
    written: list[bytes] = []

    class Written:
        def send(self, data: bytes) -> None:
            written.append(data)

        def receive(self) -> bytes:
            return b'{"r":[1,-1]}'

    channel = Channel(Written())  # type: ignore[arg-type]
    channel.run = 7
    channel.note("is_terminal", "s0123456789ab")
    assert channel.payoff(op, "s0123456789ab") == [1, -1]
    (line,) = written
    assert _early(line.rstrip(b"\n")) == (op, "s0123456789ab")
    assert json.loads(line) == {"op": op, "s": "s0123456789ab", "run": 7,
                                "local": [["is_terminal", "s0123456789ab"]]}


def test_an_answered_payoff_read_stays_recorded_when_its_local_calls_are_refused(
    tree: Tree,
) -> None:
    def peer(sock: socket.socket, run: dict[str, Any]) -> None:
        _, leaf = leaf_of(sock, run)
        sock.sendall(f'{{"op":"utility","s":"{leaf}","run":{run["run"]},'
                     f'"local":[["bogus"]]}}\n'.encode())
        sock.makefile("rb").readline()  # the payoff, answered before the rest was read

    result = run_against(peer, tree)
    assert result.status == "error"
    assert "unknown local call" in (result.message or "")
    assert result.trace.calls[-1] == ("utility", "B1")


@pytest.mark.parametrize(
    ("rest", "says"),
    [
        pytest.param(',"run":{run},"op":"evaluate"}}', "not the request it began as",
                     id="another-op-further-on"),
        pytest.param(',"run":{run},"s":"{b}"}}', "not the request it began as",
                     id="another-state-further-on"),
        pytest.param(',"run":{run},', "not JSON", id="not-json-further-on"),
        pytest.param(',"run":{other}}}', "belongs to no current run", id="another-run"),
    ],
)
def test_a_line_that_begins_as_a_payoff_read_and_is_not_one_ends_the_run(
    tree: Tree, rest: str, says: str
) -> None:
    """The answer goes out before the line is read in full; the line is then read and
    checked as any other, and one that turns out to be something else ends the run."""

    def peer(sock: socket.socket, run: dict[str, Any]) -> None:
        b, leaf = leaf_of(sock, run)
        tail = rest.format(run=run["run"], other=run["run"] + 1, b=b)
        sock.sendall(f'{{"op":"utility","s":"{leaf}"{tail}\n'.encode())
        sock.makefile("rb").readline()
        send(sock, {"run": run["run"], "op": "done", "value": 3, "action": "a1"})

    result = run_against(peer, tree)
    assert result.status == "error"
    assert says in (result.message or ""), result.message


def test_silence_is_a_timeout(tree: Tree) -> None:
    result = run_against(lambda sock, run: threading.Event().wait(3), tree, time_limit=0.3)
    assert result.status == "timeout"
    assert "0.3 s" in result.message


def test_a_100_mb_line_does_not_grow_the_grader(tree: Tree) -> None:
    def peer(sock: socket.socket, run: dict[str, Any]) -> None:
        chunk = b"x" * (1 << 20)
        for _ in range(100):
            sock.sendall(chunk)

    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    result = run_against(peer, tree)
    grown_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    assert result.status == "error"
    assert f"longer than {MAX_LINE} bytes" in result.message
    assert grown_mb < 20, f"the grader grew by {grown_mb:.0f} MB"


def test_tokens_are_fresh_for_every_run(tree: Tree) -> None:
    roots = []

    def peer(sock: socket.socket, run: dict[str, Any]) -> None:
        roots.append(run["root"][0])
        send(sock, {"run": run["run"], "op": "done", "value": 3, "action": "a1"})

    for _ in range(3):
        assert run_against(peer, tree).status == "ok"
    assert len(set(roots)) == 3
    assert not any("A" in r for r in roots), "a token must not reveal the node id"


def test_trusted_and_local_calls_are_recorded_in_call_order(tree: Tree) -> None:
    def peer(sock: socket.socket, run: dict[str, Any]) -> None:
        reader = sock.makefile("rb")
        root = run["root"][0]
        send(sock, {"run": run["run"], "op": "actions", "s": root,
                    "local": [["is_terminal", root], ["to_move", root]]})
        b = json.loads(reader.readline())["r"][0][1][0]
        send(sock, {"run": run["run"], "op": "done", "value": 3, "action": "a1",
                    "local": [["result", root, "a1"], ["is_terminal", b]]})

    result = run_against(peer, tree)
    assert result.status == "ok"
    assert result.trace.calls == [
        ("is_terminal", "A"), ("to_move", "A"), ("actions", "A"), ("result", "A"),
        ("is_terminal", "B"),
    ]
    assert result.trace.moves == ["a1"]




@pytest.mark.parametrize(
    "call",
    [
        pytest.param([[], "TOKEN"], id="unhashable-op"),
        pytest.param([{"a": 1}, "TOKEN", "a1"], id="dict-op"),
        pytest.param(["result", [], "a1"], id="unhashable-token"),
        pytest.param(["result", "TOKEN", ["a1"]], id="list-action"),
        pytest.param("result", id="not-a-list"),
    ],
)
def test_a_malformed_local_call_is_the_students_error(tree: Tree, call: Any) -> None:
    def peer(sock: socket.socket, run: dict[str, Any]) -> None:
        root = run["root"][0]
        shaped = json.loads(json.dumps(call).replace('"TOKEN"', json.dumps(root)))
        send(sock, {"run": run["run"], "op": "done", "value": 3, "action": "a1",
                    "local": [shaped]})

    result = run_against(peer, tree)
    assert result.status == "error", result.message  # never a grader fault


def test_a_flood_of_local_calls_is_stopped_at_the_trees_bound(tree: Tree) -> None:
    limit = call_limit(tree)

    def peer(sock: socket.socket, run: dict[str, Any]) -> None:
        root = run["root"][0]
        flood = [["is_terminal", root]] * (limit + 1)
        send(sock, {"run": run["run"], "op": "done", "value": 3, "action": "a1",
                    "local": flood})

    result = run_against(peer, tree)
    assert result.status == "error"
    assert f"your search made more than {limit:,} game calls on this tree of 13 nodes" in (
        result.message or "")
    assert "broke the protocol" not in (result.message or "")  # it is the search's doing
    assert limit < 100_000  # a small tree's bound is small: reports stay small
