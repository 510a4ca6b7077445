"""Listings sent ahead: the grader sends the tree's shape below a state (its actions and
what is public of each child, never a payoff) ahead of the search, so that ``actions``
is answered in the sandbox; each such call is still recorded, in the order made."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from grader.hosts import open_sandbox
from grader.hosts import session as session_module
from grader.hosts.base import RunRequest, RunResult
from grader.hosts.tokens import AHEAD_AT_START, AHEAD_PER_ANSWER
from grader.trees.game import TreeGame
from grader.trees.generate import as_tree, uniform_tree
from grader.trees.tree import Tree, parse_tree
from tests.grader.hosts.test_session import run_against, send


@pytest.fixture
def tree(fig52: dict[str, object]) -> Tree:
    # A(max) -> B(min): 3 12 8 | C(min): 2 4 6 | D(min): 14 5 2
    return parse_tree(fig52)


def entries(listings: list[Any]) -> int:
    """Entries of ``[[token, [[action, INFO], ...]], ...]``, as the grader's budget counts
    them: one a listing, one an action."""
    return sum(1 + len(listed) for _, listed in listings)


def is_info(info: Any) -> bool:
    """``[token, mover, terminal, chance, quiet, outcome]``: public facts only."""
    token, mover, *flags, outcome = info
    return (isinstance(token, str) and (mover is None or isinstance(mover, int))
            and all(isinstance(f, bool) for f in flags) and len(flags) == 3
            and outcome in (None, "win", "lose"))


def run_locally(folder: Path, tree: Tree, agent: str, *, entry: str, depth: int,
                listed_plies: int | None = None) -> RunResult:
    """``agent`` (its source) run on ``tree`` as one test in a local sandbox, from
    ``folder`` (made here)."""
    folder.mkdir()
    (folder / "agent.py").write_text(agent)
    request = RunRequest(test_name="t", tree=tree, entry=entry, depth=depth, time_limit=10,
                         listed_plies=listed_plies)
    with open_sandbox("local", folder, memory_mb=256, cpu_s=20) as box:
        return box.run(request)


def test_a_small_tree_is_listed_whole_in_the_first_message_without_a_payoff(
    tree: Tree,
) -> None:
    seen: list[dict[str, Any]] = []

    def peer(sock: Any, run: dict[str, Any]) -> None:
        seen.append(run)
        send(sock, {"run": run["run"], "op": "done", "value": 3, "action": "a1"})

    assert run_against(peer, tree).status == "ok"
    listings = dict((token, listed) for token, listed in seen[0]["k"])
    assert len(listings) == len(tree.nodes)  # every node: the leaves' lists are empty
    by_token = {info[0]: info for listed in listings.values() for _, info in listed}
    assert sorted(len(listed) for listed in listings.values()) == [0] * 9 + [3] * 4
    assert all(is_info(info) for info in by_token.values())
    assert {info[1] for info in by_token.values()} <= {0, 1}  # movers: no payoff crossed


def test_listings_answered_in_the_sandbox_are_recorded_in_call_order(tree: Tree) -> None:
    def peer(sock: Any, run: dict[str, Any]) -> None:
        listings = dict((token, listed) for token, listed in run["k"])
        root = run["root"][0]
        b = listings[root][0][1][0]
        send(sock, {"run": run["run"], "op": "done", "value": 3, "action": "a1",
                    "local": [["actions", root], ["result", root, "a1"], ["actions", b],
                              ["actions", b], ["is_terminal", b]]})

    result = run_against(peer, tree)
    assert result.status == "ok", result.message
    assert result.trace.calls == [
        ("actions", "A"), ("result", "A"), ("actions", "B"), ("actions", "B"),
        ("is_terminal", "B"),
    ]
    assert result.trace.expanded() == ["A"]


def test_an_asked_listing_brings_a_bounded_part_below_it_once() -> None:
    big = as_tree(uniform_tree(10, 4, seed=3))
    answers: list[dict[str, Any]] = []
    first: list[dict[str, Any]] = []

    def peer(sock: Any, run: dict[str, Any]) -> None:
        first.append(run)
        reader = sock.makefile("rb")
        sent = {token for token, _ in run["k"]}
        known = {info[0] for _, listed in run["k"] for _, info in listed}
        unlisted = sorted(known - sent)[0]  # a node the first message gave no listing of
        for _ in range(2):
            send(sock, {"run": run["run"], "op": "actions", "s": unlisted})
            answers.append(json.loads(reader.readline()))
        send(sock, {"run": run["run"], "op": "done", "value": 0, "action": "a1"})

    result = run_against(peer, big)
    assert result.status == "ok", result.message
    assert entries(first[0]["k"]) <= AHEAD_AT_START + 1 + 10  # the root's own, then ahead
    once, again = answers
    assert len(once["r"]) == 10
    assert 0 < entries(once["k"]) <= AHEAD_PER_ANSWER
    sent_first = {token for token, _ in first[0]["k"]}
    assert not sent_first & {token for token, _ in once["k"]}
    assert again["r"] == once["r"] and again["k"] == []  # never sent twice
    assert [op for op, _ in result.trace.calls] == ["actions", "actions"]


# lists moves twice at each node and at the leaves, as real students do (the field notes)
LISTS_OFTEN = '''
def minimax(game, state, depth):
    if not game.actions(state) or depth == 0:
        return game.evaluate(state, 0), None
    n = len(game.actions(state))
    best = None
    for i in range(n):
        action = game.actions(state)[i]
        value, _ = minimax(game, game.result(state, action), depth - 1)
        if best is None or (value > best[0] if game.to_move(state) == 0 else value < best[0]):
            best = (value, action)
    return best
'''


def test_a_search_that_lists_often_makes_no_round_trip_for_it_and_keeps_its_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tree = as_tree(uniform_tree(3, 4, seed=5))
    namespace: dict[str, Any] = {}
    exec(LISTS_OFTEN, namespace)  # the test's own code, on the reference's game
    game = TreeGame(tree)
    expected = namespace["minimax"](game, tree.root, 4)
    asked = counting_requests(monkeypatch)
    folder = tmp_path / "submission"
    result = run_locally(folder, tree, LISTS_OFTEN, entry="minimax", depth=4)
    shutil.rmtree(folder)
    assert result.status == "ok", result.message
    assert (result.value, result.action) == (expected[0], expected[1])
    assert result.trace == game.trace  # every call, listings included, in order
    assert asked["actions"] == 0
    assert asked["evaluate"] == 81  # the leaves: the visits are still round trips


def counting_requests(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """The requests the grader receives, by op, from now on."""
    asked: Counter[str] = Counter()
    read = session_module.Session._message

    def counted(self: Any, line: bytes) -> dict[str, Any]:
        message: dict[str, Any] = read(self, line)
        asked[message["op"]] += 1
        return message

    monkeypatch.setattr(session_module.Session, "_message", counted)
    return asked


@pytest.mark.parametrize(
    ("search_depth", "said_depth", "round_trips"),
    [
        pytest.param(2, 2, 0, id="a-search-to-its-depth-finds-every-listing-it-asks-for"),
        pytest.param(3, 2, 64, id="a-search-past-its-depth-asks-for-the-rest"),
    ],
)
def test_nothing_deeper_than_the_search_is_listed_ahead(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, search_depth: int, said_depth: int,
    round_trips: int,
) -> None:
    """A 4x5 tree searched 2 plies deep: the first message lists the root, its 4 children
    and their 16 (whose listings a search that lists at its depth asks for), not the
    1,344 states below, which no search of that depth asks about. A search that goes a
    ply deeper than it says gets the same answers and record, one round trip for each of
    the 64 listings it asks for past its depth."""
    tree = as_tree(uniform_tree(4, 5, seed=7))
    namespace: dict[str, Any] = {}
    exec(LISTS_OFTEN, namespace)
    game = TreeGame(tree)
    expected = namespace["minimax"](game, tree.root, search_depth)
    sent: list[int] = []
    start = session_module.Session.run

    def run(self: Any, request: RunRequest) -> RunResult:
        send_json = self.link.send_json
        self.link.send_json = lambda message, *a: (
            sent.append(len(message["k"])) if "k" in message else None, send_json(message, *a))
        return start(self, request)

    monkeypatch.setattr(session_module.Session, "run", run)
    asked = counting_requests(monkeypatch)
    result = run_locally(tmp_path / "submission", tree, LISTS_OFTEN, entry="minimax",
                         depth=search_depth, listed_plies=said_depth)
    assert result.status == "ok", result.message
    assert (result.value, result.action) == (expected[0], expected[1])
    assert result.trace == game.trace
    assert sent[0] == 1 + 4 + 16  # the root's listing, then those ahead
    assert asked["actions"] == round_trips


# The notes' figure: s4 is reached after MIN moves (from s1) and after MAX moves (from s5).
#   s0(MAX) -a0-> s1(MIN) -a0-> s3 = 1
#           |             -a1-> s4 = -1
#           -a1-> s2(MIN) -a0-> s5(MAX) -a0-> s6 = 0
#                                       -a1-> s4
SHARED_TERMINAL = {
    "format": "game-tree/1", "name": "shared-terminal", "players": 2, "root": "s0",
    "nodes": {
        "s0": {"to_move": 0, "children": {"a0": "s1", "a1": "s2"}},
        "s1": {"to_move": 1, "children": {"a0": "s3", "a1": "s4"}},
        "s2": {"to_move": 1, "children": {"a0": "s5"}},
        "s3": {"utility": 1}, "s4": {"utility": -1},
        "s5": {"to_move": 0, "children": {"a0": "s6", "a1": "s4"}},
        "s6": {"utility": 0},
    },
}
NEGAMAX_BY_TO_MOVE = '''
import math

def negamax(game, state, depth):
    color = 1 if game.to_move(state) == 0 else -1  # at every node, terminals too
    if game.is_terminal(state):
        return color * game.utility(state, 0), None
    best, act = -math.inf, None
    for a in game.actions(state):
        value = -negamax(game, game.result(state, a), depth - 1)[0]
        if value > best:
            best, act = value, a
    return best, act
'''


def test_at_a_terminal_both_sides_reach_to_move_answers_for_the_path_taken(
    tmp_path: Path,
) -> None:
    """Whose turn it would be at a terminal depends on the path, as in a real game, whose
    states say who moves: after s1 (MIN) it is MAX's at s4, after s5 (MAX) MIN's. A
    negamax that takes its color from ``to_move`` at every node, terminals too, gets
    the notes' value; s4 stays one state (a table keyed by state finds it again)."""
    result = run_locally(tmp_path / "submission", parse_tree(SHARED_TERMINAL),
                         NEGAMAX_BY_TO_MOVE, entry="negamax", depth=3)
    assert result.status == "ok", result.message
    assert (result.value, result.action) == (0, "a1")  # the notes' value, for MAX
    assert result.trace.evaluated() == ["s3", "s4", "s6", "s4"]


# A terminal reached from a parent and, deeper, from its sibling:
#   P(MAX) -a1-> Q(MIN) -q1-> T = 5
#          |            -q2-> U = 2
#          -a2-> T
NESTED_SHARED_TERMINAL = {
    "format": "game-tree/1", "name": "nested-shared-terminal", "players": 2, "root": "P",
    "nodes": {
        "P": {"to_move": 0, "children": {"a1": "Q", "a2": "T"}},
        "Q": {"to_move": 1, "children": {"q1": "T", "q2": "U"}},
        "T": {"utility": 5}, "U": {"utility": 2},
    },
}
EAGER_NEGAMAX_BY_TO_MOVE = NEGAMAX_BY_TO_MOVE.replace(
    "    for a in game.actions(state):\n        value = -negamax(game, game.result(state, a), "
    "depth - 1)[0]",
    "    for a, child in [(a, game.result(state, a)) for a in game.actions(state)]:\n"
    "        value = -negamax(game, child, depth - 1)[0]",
)


def test_to_move_answers_for_the_path_of_a_search_that_generates_all_children_first(
    tmp_path: Path,
) -> None:
    """P generates T (MIN's turn next) before Q does (MAX's): under Q, T is Q's child;
    back at P, it is P's. A turn is the one after the latest move to the terminal that
    no read of its payoff has used yet."""
    assert EAGER_NEGAMAX_BY_TO_MOVE != NEGAMAX_BY_TO_MOVE
    result = run_locally(tmp_path / "submission", parse_tree(NESTED_SHARED_TERMINAL),
                         EAGER_NEGAMAX_BY_TO_MOVE, entry="negamax", depth=2)
    assert result.status == "ok", result.message
    assert (result.value, result.action) == (5, "a2")
    assert result.trace.evaluated() == ["T", "U", "T"]


# a correct minimax whose states print as their path: the game is given only these
PRETTY_STATES = '''
class State(str):
    def __new__(cls, token, path=""):
        state = super().__new__(cls, token)
        state.path = path
        return state

    def __str__(self):
        return "/" + self.path

    __format__ = lambda self, spec: str(self)
{lie}


def minimax(game, state, depth):
    return search(game, State(state), depth)


def search(game, state, depth):
    if game.is_terminal(state):
        return game.utility(state, 0), None
    if depth == 0:
        return game.evaluate(state, 0), None
    best = None
    for action in game.actions(state):
        child = State(game.result(state, action), state.path + "/" + action)
        value, _ = search(game, child, depth - 1)
        if best is None or (value > best[0] if game.to_move(state) == 0 else value < best[0]):
            best = (value, action)
    return best
'''


@pytest.mark.parametrize(
    "lie", [pytest.param("", id="a-str-subclass"),
            pytest.param("    __class__ = property(lambda self: str)", id="that-says-it-is-str")],
)
def test_states_of_a_class_that_prints_otherwise_are_reported_as_the_states_they_are(
    tmp_path: Path, tree: Tree, lie: str
) -> None:
    agent = PRETTY_STATES.replace("{lie}", lie)
    game = TreeGame(tree)
    namespace: dict[str, Any] = {}
    exec(agent, namespace)
    expected = namespace["minimax"](game, tree.root, 2)
    result = run_locally(tmp_path / "submission", tree, agent, entry="minimax", depth=2)
    assert result.status == "ok", result.message
    assert (result.value, result.action) == expected
    assert result.trace == game.trace


@pytest.mark.parametrize(
    "name", [pytest.param("x" * 300, id="300-characters"),
             pytest.param("\u00e9" * 1000, id="1000-characters-each-six-bytes-on-the-line")],
)
def test_long_actions_made_again_and_again_stay_under_a_lines_bound(
    tmp_path: Path, name: str
) -> None:
    # A --(a long name)--> B = 1    a search that makes B again 4,000 times first, asking
    #   --b--------------> C = 2    whose turn it is between: more than a line's 1 MiB of
    #                               local calls, were they one line
    tree = parse_tree({"format": "game-tree/1", "root": "A", "nodes": {
        "A": {"to_move": 0, "children": {name: "B", "b": "C"}},
        "B": {"utility": 1}, "C": {"utility": 2},
    }})
    agent = f'''
def minimax(game, state, depth):
    for _ in range(4000):
        game.to_move(state)
        game.result(state, {name!r})
    return max((game.utility(game.result(state, a), 0), a) for a in game.actions(state))
'''
    result = run_locally(tmp_path / "submission", tree, agent, entry="minimax", depth=1)
    assert result.status == "ok", result.message
    assert result.value == 2
    assert [op for op, _ in result.trace.calls].count("result") == 4002
