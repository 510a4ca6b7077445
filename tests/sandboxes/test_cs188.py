"""The sandbox's CS188 stand-ins and ``GameState``: one game call per CS188 call.

A :class:`~sandboxes.remote_game.RemoteGame` over a stub channel that answers from a
tiny tree and logs what it was asked (the grader's view):

    a (Pacman) -Left-> b (ghost, chance for expectimax) -Stop-> w (won, 7)
               -Right-> l (lost, -2)
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import pytest

from sandboxes import cs188
from sandboxes.answer import Failure
from sandboxes.remote_game import GameError, RemoteGame

# INFO: [token, to_move, terminal, chance, quiet, outcome]
INFO = {
    "a": ["a", 0, False, False, True, None],
    "b": ["b", 1, False, False, True, None],
    "w": ["w", None, True, False, True, "win"],
    "l": ["l", None, True, False, True, "lose"],
}
MOVES = {"a": [("Left", "b"), ("Right", "l")], "b": [("Stop", "w")]}
PAYOFF = {"w": [7, -7], "l": [-2, 2]}


class StubChannel:
    """Answers a RemoteGame's requests from the tree above; keeps every request."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, Any]] = []
        self.local: list[list[Any]] = []

    def call(self, message: dict[str, Any]) -> Any:
        op, s = message["op"], message.get("s")
        self.asked.append((op, s))
        if op == "actions":
            return [[a, INFO[child]] for a, child in MOVES[s]]
        if op == "utility":
            return PAYOFF[s]
        if op == "result":
            child = dict(MOVES.get(s, [])).get(message["a"])
            if child is None:
                raise GameError(f"{message['a']!r} is not an action of {s}")
            return INFO[child]
        if op == "evaluate":
            raise GameError(f"evaluate({s}): no eval")
        raise AssertionError(op)

    def ask(self, message: dict[str, Any]) -> dict[str, Any]:
        return {"r": self.call(message)}

    def payoff(self, op: str, token: str) -> Any:
        return self.call({"op": op, "s": token})

    def note(self, op: str, token: str) -> None:
        self.local.append([op, token])

    def note_result(self, token: str, action: str) -> None:
        self.local.append(["result", token, action])


@pytest.fixture
def state() -> tuple[cs188.GameState, StubChannel]:
    channel = StubChannel()
    game = RemoteGame(channel, 2, {})  # type: ignore[arg-type]
    root = game._learn(INFO["a"])
    return cs188.GameState(game, root, 2), channel


@pytest.fixture
def modules() -> Iterator[None]:
    saved = {name: sys.modules.get(name) for name in ("util", "game", "pacman")}
    cs188.install()
    yield
    for name, module in saved.items():
        if module is None:
            sys.modules.pop(name, None)
        else:
            sys.modules[name] = module


def test_each_cs188_call_is_one_game_call(state: tuple[cs188.GameState, StubChannel]) -> None:
    root, channel = state
    assert root.getNumAgents() == 2
    assert root.getLegalActions(0) == ["Left", "Right"]
    ghost = root.generateSuccessor(0, "Left")
    assert channel.asked == [("actions", "a")]
    assert channel.local[-1] == ["result", "a", "Left"]  # answered here, sent on with the next
    end = ghost.generateSuccessor(1, ghost.getLegalActions(1)[0])
    assert (end.isWin(), end.isLose(), end.getLegalActions(1)) == (True, False, [])
    assert end.getScore() == 7.0 and isinstance(end.getScore(), float)
    assert ("actions", "w") not in channel.asked  # a won game lists no moves: no call
    lost = root.generatePacmanSuccessor("Right")
    assert (lost.isWin(), lost.isLose(), lost.getScore()) == (False, True, -2.0)


@pytest.mark.parametrize("index", [2, -1, True, "0", 1.0], ids=repr)
def test_an_agent_that_does_not_exist_is_refused(
    state: tuple[cs188.GameState, StubChannel], index: Any
) -> None:
    root, channel = state
    with pytest.raises(IndexError, match="does not exist; agents are 0 \\(Pacman\\) to 1"):
        root.getLegalActions(index)
    with pytest.raises(IndexError):
        root.generateSuccessor(index, "Left")
    assert channel.asked == []


def test_a_score_the_tree_does_not_give_is_the_games_refusal(
    state: tuple[cs188.GameState, StubChannel],
) -> None:
    root, _ = state
    with pytest.raises(GameError, match="no eval"):
        root.generateSuccessor(0, "Left").getScore()
    with pytest.raises(GameError):
        root.generateSuccessor(0, "Up")  # not an action of a


def test_the_stand_ins_offer_what_agent_files_use(modules: None) -> None:
    import game  # type: ignore[import-not-found]
    import pacman  # type: ignore[import-not-found]
    import util  # type: ignore[import-not-found]

    assert util.manhattanDistance((1, 2), (4, 0)) == 5
    assert util.lookup("len", {"len": len}) is len
    counter = util.Counter()
    counter["x"] += 2
    assert (counter["y"], counter.argMax()) == (0, "x")
    queue = util.PriorityQueue()
    queue.push("late", 2)
    queue.push("soon", 1)
    assert queue.pop() == "soon"
    with pytest.raises(NotImplementedError, match="betterEvaluationFunction"):
        def betterEvaluationFunction() -> None:
            util.raiseNotDefined()
        betterEvaluationFunction()
    assert game.Directions.STOP == "Stop" and game.Directions.REVERSE["North"] == "South"
    assert game.Agent().index == 0 and pacman.GameState is cs188.GameState


def test_the_agent_is_built_as_cs188_builds_it(
    state: tuple[cs188.GameState, StubChannel],
) -> None:
    root, _ = state
    built: list[Any] = []

    class Agent:
        def __init__(self, evalFn: str = "scoreEvaluationFunction", depth: str = "2") -> None:
            built.append(int(depth))

        def getAction(self, gameState: cs188.GameState) -> str:
            return str(gameState.getNumAgents())

    message = {"entry": "Agent", "agents": 3, "depth": 2}
    assert cs188.run_agent(Agent, root._game, "a", message) == "3"
    assert built == [2]
    with pytest.raises(Failure, match="is not a class"):
        cs188.run_agent(len, root._game, "a", message)
    with pytest.raises(Failure, match="bad agents"):
        cs188.run_agent(Agent, root._game, "a", {**message, "agents": "3"})
