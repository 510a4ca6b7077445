"""Berkeley CS188's multi-agent ``GraphGameTreeTest`` files: read, and made game trees.

A test file holds ``key: "value"`` and ``key: \"\"\"`` ... ``\"\"\"`` entries (``#`` starts a
comment): the algorithm (``alg``), ``depth`` in rounds, ``num_agents``, ``start_state``,
``win_states``, ``lose_states``, ``successors`` (``state action next`` lines, in action
order) and ``evaluation`` (``state value`` lines). Agent 0 (Pacman) maximises; agents 1
to n-1 (the ghosts) each move in turn: a MIN layer per ghost (a chance layer of equally
likely moves for expectimax). So the tree is a two-player tree in which the player to
move at ply ``k`` is agent ``k mod n``, and a depth of ``d`` rounds is ``d * n`` plies;
the tree declares its ``agents`` (:mod:`grader.trees.agents`) and which end states are
won or lost, so a CS188 agent class can be asked ``getNumAgents``, ``isWin`` and ``isLose``.

Each converted test grades the way the format intends: the same cut-off, ties to the
first action, alpha-beta pruning only on a strict inequality with the best value seen
returned (fail-soft, as CS188's pseudo-code does; clamping would turn a strict cut into
an equality that no longer cuts). Where CS188 compares the chosen action and the set
of generated states, the converted test checks the action, the nodes expanded and
evaluated in order, and the number of ``result`` calls: the generated states are the root
and the children of those calls, so matching the visits in order and the number of calls
is at least as strict, and repeats count. A ``.solution`` file beside a test is checked
against the converted test's reference (:func:`check_solution`). The assignments are
written by :mod:`grader.courses.cs188_import`.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from grader.errors import InputFileError
from grader.trees.game import TreeGame
from grader.trees.tree import Tree, parse_tree
from reference.algorithms import ALGORITHMS, search
from reference.conventions import plies

TEST_CLASS = "GraphGameTreeTest"
AGENTS = {"MinimaxAgent": "minimax", "AlphaBetaAgent": "alphabeta", "ExpectimaxAgent": "expectimax"}
REQUIRED = (
    "class", "alg", "depth", "num_agents", "start_state", "win_states", "lose_states",
    "successors", "evaluation",
)
CHECKS = ["value", "action", "expanded", "evaluated", "generated"]
TREES_DIR = "trees"
_KEY = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*):\s*(.*?)\s*$")


@dataclass(frozen=True)
class Entry:
    """One ``key: value`` of a test file, and the line it starts on."""

    value: str
    line: int


def parse_entries(text: str, source: str) -> dict[str, Entry]:
    """The ``key: "value"`` and ``key: \"\"\"...\"\"\"`` entries of a CS188 test file."""
    lines = [line.split("#", 1)[0].rstrip() for line in text.splitlines()]
    found: dict[str, Entry] = {}
    i = 0
    while i < len(lines):
        if not lines[i].strip():
            i += 1
            continue
        match = _KEY.match(lines[i])
        if match is None:
            raise InputFileError(source, f"line {i + 1}", 'expected `key: "value"` or `key: """`')
        key, rest = match.groups()
        if key in found:
            raise InputFileError(source, f"line {i + 1}", f"{key!r} is given twice")
        if rest == '"""':
            end = next((j for j in range(i + 1, len(lines)) if lines[j].strip() == '"""'), None)
            if end is None:
                raise InputFileError(source, f"line {i + 1}", f'{key}: the """ is never closed')
            found[key] = Entry("\n".join(lines[i + 1 : end]), i + 1)
            i = end + 1
            continue
        if len(rest) < 2 or rest[0] != '"' or rest[-1] != '"':
            raise InputFileError(source, f"line {i + 1}", f'{key}: put the value in "quotes"')
        found[key] = Entry(rest[1:-1], i + 1)
        i += 1
    return found


def read_entries(path: Path) -> dict[str, Entry]:
    """The entries of a ``.test`` or ``.solution`` file."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputFileError(path, "", f"cannot be read ({exc})") from None
    return parse_entries(text, str(path))


@dataclass(frozen=True)
class GraphTest:
    """One ``GraphGameTreeTest``, parsed."""

    name: str
    path: Path
    algorithm: str  # the reference search's name
    rounds: int
    agents: int
    start: str
    terminal: frozenset[str]  # win and lose states
    wins: frozenset[str]  # the win states
    successors: Mapping[str, list[tuple[str, str]]]  # state -> [(action, next)], in order
    evaluation: Mapping[str, int | float]
    diagram: str | None

    @property
    def plies(self) -> int:
        return plies(self.rounds, "round", self.agents)


def read_test(path: Path) -> GraphTest:
    """Read one ``.test`` file of class ``GraphGameTreeTest``."""
    source = str(path)
    entries = read_entries(path)
    missing = [k for k in REQUIRED if k not in entries]
    if missing:
        raise InputFileError(path, "(top level)", f"missing {', '.join(missing)}")
    alg = entries["alg"].value
    if alg not in AGENTS:
        raise InputFileError(
            path, f"line {entries['alg'].line}", f"alg {alg!r} is not one of {', '.join(AGENTS)}"
        )
    return GraphTest(
        name=test_name(path),
        path=path,
        algorithm=AGENTS[alg],
        rounds=_whole(entries["depth"], source, "depth", 0),
        agents=_whole(entries["num_agents"], source, "num_agents", 1),
        start=entries["start_state"].value.strip(),
        terminal=frozenset(
            entries["win_states"].value.split() + entries["lose_states"].value.split()
        ),
        wins=frozenset(entries["win_states"].value.split()),
        successors=_successors(entries["successors"], source),
        evaluation=_evaluation(entries["evaluation"], source),
        diagram=entries["diagram"].value.strip("\n") if "diagram" in entries else None,
    )


def test_name(path: Path) -> str:
    """A test name the assignment format accepts, from the file's name."""
    name = re.sub(r"[^A-Za-z0-9_.-]+", "-", path.stem).strip("-._")
    return name or "test"


def _whole(entry: Entry, source: str, key: str, least: int) -> int:
    try:
        value = int(entry.value.strip())
    except ValueError:
        value = least - 1
    if value < least:
        raise InputFileError(
            source, f"line {entry.line}", f"{key} must be a whole number >= {least}"
        )
    return value


def _successors(entry: Entry, source: str) -> dict[str, list[tuple[str, str]]]:
    found: dict[str, list[tuple[str, str]]] = {}
    for offset, line in enumerate(entry.value.splitlines(), start=1):
        parts = line.split()
        if not parts:
            continue
        place = f"line {entry.line + offset} (successors)"
        if len(parts) != 3:
            raise InputFileError(source, place, "expected `state action next`")
        state, action, child = parts
        if any(a == action for a, _ in found.get(state, [])):
            raise InputFileError(source, place, f"{state} has action {action!r} twice")
        found.setdefault(state, []).append((action, child))
    return found


def _evaluation(entry: Entry, source: str) -> dict[str, int | float]:
    found: dict[str, int | float] = {}
    for offset, line in enumerate(entry.value.splitlines(), start=1):
        parts = line.split()
        if not parts:
            continue
        place = f"line {entry.line + offset} (evaluation)"
        if len(parts) != 2:
            raise InputFileError(source, place, "expected `state value`")
        try:
            value: int | float = int(parts[1])
        except ValueError:
            try:
                value = float(parts[1])
            except ValueError:
                raise InputFileError(source, place, f"{parts[1]!r} is not a number") from None
        found[parts[0]] = value
    return found


def tree_data(test: GraphTest) -> dict[str, Any]:
    """The ``game-tree/1`` full form of a test: the states reachable from the start,
    each with the agent that moves there, searched no further than win or lose states;
    the tree declares the test's agents, and its win and lose states say so."""
    agent_of = _agents(test)
    nodes = {state: _node(test, state, agent) for state, agent in agent_of.items()}
    data: dict[str, Any] = {
        "format": "game-tree/1", "name": test.name, "players": 2, "agents": test.agents,
        "root": test.start, "nodes": nodes,
    }
    if test.diagram:
        data["description"] = test.diagram
    return data


def _agents(test: GraphTest) -> dict[str, int]:
    """The agent to move in each reachable state; one state must always have the same."""
    agent_of = {test.start: 0}
    queue = deque([test.start])
    while queue:
        state = queue.popleft()
        if state in test.terminal:
            continue
        nxt = (agent_of[state] + 1) % test.agents
        for _, child in test.successors.get(state, []):
            if child not in agent_of:
                agent_of[child] = nxt
                queue.append(child)
            elif agent_of[child] != nxt:
                raise InputFileError(
                    test.path, "successors", f"{child} is reached with agent "
                    f"{agent_of[child]} to move and with agent {nxt}: every path to a state "
                    "must take the same number of moves, modulo num_agents",
                )
    return agent_of


def _node(test: GraphTest, state: str, agent: int) -> dict[str, Any]:
    moves = [] if state in test.terminal else test.successors.get(state, [])
    value = test.evaluation.get(state)
    if not moves:
        if value is None:
            raise InputFileError(
                test.path, "evaluation", f"the end state {state} has no value; add `{state} <n>`"
            )
        end: dict[str, Any] = {"utility": value}
        if state in test.terminal:
            end["outcome"] = "win" if state in test.wins else "lose"
        return end
    node: dict[str, Any] = {"children": dict(moves)}
    if agent != 0 and ALGORITHMS[test.algorithm].values == "expectation":
        node.update(chance=True, probabilities={a: 1 / len(moves) for a, _ in moves})
    else:
        node["to_move"] = 0 if agent == 0 else 1
    if value is not None:
        node["eval"] = value
    return node


def load_graph_tree(test: GraphTest) -> Tree:
    """The loaded tree of a test, refused when a state at the cut-off has no value."""
    tree = parse_tree(tree_data(test), source=str(test.path), default_name=test.name)
    missing = tree.needs_eval(test.plies)
    if missing:
        order = list(tree.nodes)
        first = min(missing, key=order.index)
        rounds = f"{test.rounds} round{'s' if test.rounds != 1 else ''}"
        raise InputFileError(
            test.path, "evaluation", f"{first} is at the depth cut-off ({rounds} of "
            f"{test.agents} agents) but has no value; add `{first} <n>`",
        )
    return tree


class _Generating(TreeGame):
    """A traced game that also keeps the set of generated states, as CS188 does."""

    def __init__(self, tree: Tree) -> None:
        super().__init__(tree)
        self.generated = {tree.root}

    def result(self, s: str, a: Any) -> str:
        child = super().result(s, a)
        self.generated.add(child)
        return child


def reference_answer(test: GraphTest, tree: Tree) -> tuple[str | None, list[str]]:
    """The converted test's reference action and its sorted set of generated states."""
    game = _Generating(tree)
    conventions = conventions_of(test)
    _, action = search(test.algorithm, game, tree.root, test.plies, **conventions)
    return action, sorted(game.generated)


def conventions_of(test: GraphTest) -> dict[str, bool]:
    if test.algorithm == "alphabeta":
        return {"prune_on_equality": False, "fail_soft": True}
    return {}


def check_solution(test: GraphTest, tree: Tree) -> None:
    """Refuse a test whose ``.solution`` file disagrees with the converted reference."""
    path = test.path.with_suffix(".solution")
    if not path.is_file():
        return
    entries = read_entries(path)
    action, generated = reference_answer(test, tree)
    if "action" in entries and entries["action"].value.strip() != action:
        raise InputFileError(
            path, f"line {entries['action'].line}",
            f"CS188 expects action {entries['action'].value!r}, the converted test {action!r}",
        )
    if "generated" in entries and sorted(entries["generated"].value.split()) != generated:
        want = set(entries["generated"].value.split())
        diff = sorted(want ^ set(generated))
        raise InputFileError(
            path, f"line {entries['generated'].line}",
            f"the generated states differ from the converted test's in: {', '.join(diff)}",
        )
