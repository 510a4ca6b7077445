"""Berkeley CS188's multi-agent files, run unchanged: stand-in modules and a ``GameState``.

Standard library only; it runs inside the sandbox. A CS188 student's ``multiAgents.py``
imports ``util``, ``game`` and ``pacman`` from the course's project, and defines agent
classes (``MinimaxAgent``, ``AlphaBetaAgent``, ``ExpectimaxAgent``) whose
``getAction(gameState)`` returns an action. :func:`install` puts our own minimal
stand-ins of those modules in ``sys.modules`` before the file is imported (a copy of the
course's own files beside it is never imported: it is not the student's work), with the
names and behaviour agent files rely on. :func:`run_agent` builds the class as CS188's
``GraphGameTreeTest`` does, ``Agent(depth=D)`` with ``D`` in rounds of all agents, and
calls ``getAction`` on a :class:`GameState` whose every call is one call of the
:class:`~sandboxes.remote_game.RemoteGame`, so the grader records the search as for any
submission: ``getLegalActions`` lists moves (free in the record), ``generateSuccessor``
generates a child, ``getScore`` (what ``scoreEvaluationFunction`` returns) evaluates.
"""

from __future__ import annotations

import sys
import types

from sandboxes.answer import Failure
from sandboxes.remote_game import RemoteGame

TYPE_CHECKING = False  # typing is not imported at run time: the harness starts sooner
if TYPE_CHECKING:
    from typing import Any, ClassVar

SHAPE = "agent class {0}: class {0}(MultiAgentSearchAgent) with getAction(self, gameState)"
OUTCOME = 5  # where a state's INFO says a CS188 terminal is won or lost


class GameState:
    """A state of the test's tree, as a CS188 agent sees it (``pacman.GameState``)."""

    __slots__ = ("_agents", "_game", "_state")

    def __init__(self, game: RemoteGame, state: str, agents: int) -> None:
        self._game, self._state, self._agents = game, state, agents

    def _agent(self, agentIndex: Any) -> None:
        if isinstance(agentIndex, bool) or not isinstance(agentIndex, int) or not (
            0 <= agentIndex < self._agents
        ):
            raise IndexError(
                f"agent index {agentIndex!r} does not exist; agents are 0 (Pacman) to "
                f"{self._agents - 1}"
            )

    def getNumAgents(self) -> int:
        return self._agents

    def getLegalActions(self, agentIndex: int = 0) -> list[Any]:
        self._agent(agentIndex)
        if self._game.is_terminal(self._state):
            return []  # a won or lost game has no moves
        if self._game.is_chance(self._state):
            return [a for a, _ in self._game.chance_outcomes(self._state)]
        return self._game.actions(self._state)

    def generateSuccessor(self, agentIndex: int, action: Any) -> GameState:
        self._agent(agentIndex)
        return GameState(self._game, self._game.result(self._state, action), self._agents)

    def getLegalPacmanActions(self) -> list[Any]:
        return self.getLegalActions(0)

    def generatePacmanSuccessor(self, action: Any) -> GameState:
        return self.generateSuccessor(0, action)

    def isWin(self) -> bool:
        return bool(self._game._public(self._state, "is_terminal", OUTCOME) == "win")

    def isLose(self) -> bool:
        return bool(self._game._public(self._state, "is_terminal", OUTCOME) == "lose")

    def getScore(self) -> float:
        """The state's score: a terminal's payoff, else its evaluation at the cut-off
        (an error on a state that has neither, as in CS188)."""
        if self._game.is_terminal(self._state):
            return float(self._game.utility(self._state))
        return float(self._game.evaluate(self._state))

    def __repr__(self) -> str:
        return f"GameState({self._state})"


class Agent:
    """``game.Agent``: an agent of the game, with its index."""

    def __init__(self, index: int = 0) -> None:
        self.index = index

    def getAction(self, state: Any) -> Any:
        raise NotImplementedError("getAction is not defined")


class Directions:
    """``game.Directions``: the action names of Pacman's world."""

    NORTH, SOUTH, EAST, WEST, STOP = "North", "South", "East", "West", "Stop"
    LEFT: ClassVar[dict[str, str]] = {
        NORTH: WEST, SOUTH: EAST, EAST: NORTH, WEST: SOUTH, STOP: STOP
    }
    RIGHT: ClassVar[dict[str, str]] = {y: x for x, y in LEFT.items()}
    REVERSE: ClassVar[dict[str, str]] = {
        NORTH: SOUTH, SOUTH: NORTH, EAST: WEST, WEST: EAST, STOP: STOP
    }


class Actions:
    """``game.Actions``: directions as vectors."""

    _directions: ClassVar[dict[str, tuple[int, int]]] = {
        Directions.NORTH: (0, 1), Directions.SOUTH: (0, -1), Directions.EAST: (1, 0),
        Directions.WEST: (-1, 0), Directions.STOP: (0, 0),
    }

    @staticmethod
    def reverseDirection(action: str) -> str:
        return Directions.REVERSE.get(action, action)

    @staticmethod
    def directionToVector(direction: str, speed: float = 1.0) -> tuple[float, float]:
        dx, dy = Actions._directions[direction]
        return (dx * speed, dy * speed)


def manhattanDistance(xy1: Any, xy2: Any) -> Any:
    """``util.manhattanDistance``."""
    return abs(xy1[0] - xy2[0]) + abs(xy1[1] - xy2[1])


def lookup(name: str, namespace: dict[str, Any]) -> Any:
    """``util.lookup``: a function or class of the agent's module by its name."""
    if name in namespace:
        return namespace[name]
    raise Exception(f"{name} not found as a method or class")


def raiseNotDefined() -> None:
    """``util.raiseNotDefined``: a part of the project left to write."""
    caller = sys._getframe(1).f_code.co_name
    raise NotImplementedError(f"{caller} is not defined (util.raiseNotDefined)")


class Counter(dict):  # type: ignore[type-arg]
    """``util.Counter``: a dict whose missing keys count 0."""

    def __getitem__(self, key: Any) -> Any:
        self.setdefault(key, 0)
        return dict.__getitem__(self, key)

    def argMax(self) -> Any:
        return max(self, key=self.__getitem__) if self else None

    def totalCount(self) -> Any:
        return sum(self.values())


class Stack:
    """``util.Stack``."""

    def __init__(self) -> None:
        self.list: list[Any] = []

    def push(self, item: Any) -> None:
        self.list.append(item)

    def pop(self) -> Any:
        return self.list.pop()

    def isEmpty(self) -> bool:
        return not self.list


class Queue(Stack):
    """``util.Queue``."""

    def pop(self) -> Any:
        return self.list.pop(0)


class PriorityQueue:
    """``util.PriorityQueue``."""

    def __init__(self) -> None:
        self.heap: list[tuple[Any, int, Any]] = []
        self.count = 0

    def push(self, item: Any, priority: Any) -> None:
        import heapq  # in sys.modules since install(): the harness starts without it

        heapq.heappush(self.heap, (priority, self.count, item))
        self.count += 1

    def pop(self) -> Any:
        import heapq

        return heapq.heappop(self.heap)[2]

    def isEmpty(self) -> bool:
        return not self.heap


def _module(name: str, **names: Any) -> types.ModuleType:
    module = types.ModuleType(name, f"A stand-in of CS188's {name}.py, for agent files.")
    for key, value in names.items():
        setattr(module, key, value)
    return module


def install() -> None:
    """Put the stand-ins of ``util``, ``game`` and ``pacman`` in ``sys.modules``, and the
    modules they use (imported here, before the agent file: the harness of another kind
    of assignment starts without them)."""
    import heapq  # noqa: F401
    import random

    sys.modules["util"] = _module(
        "util", manhattanDistance=manhattanDistance, lookup=lookup,
        raiseNotDefined=raiseNotDefined, Counter=Counter, Stack=Stack, Queue=Queue,
        PriorityQueue=PriorityQueue, flipCoin=lambda p: random.random() < p,
    )
    sys.modules["game"] = _module("game", Agent=Agent, Directions=Directions, Actions=Actions)
    sys.modules["pacman"] = _module("pacman", GameState=GameState)


def _whole(message: dict[str, Any], key: str, least: int) -> int:
    number = message.get(key)
    if isinstance(number, bool) or not isinstance(number, int) or number < least:
        raise Failure("protocol", f"the grader sent a bad {key}: {number!r}")
    return number


def run_agent(entry: Any, game: RemoteGame, root: str, message: dict[str, Any]) -> Any:
    """The action of ``entry`` (the agent class), built as CS188's tests build it, from the
    test's root: ``entry(depth=D).getAction(gameState)``."""
    agents, depth = _whole(message, "agents", 1), _whole(message, "depth", 0)
    if not isinstance(entry, type):
        name = str(message.get("entry"))
        raise Failure("entry", f"{name} is not a class; define {SHAPE.format(name)}")
    agent = entry(depth=depth)
    return agent.getAction(GameState(game, root, agents))
