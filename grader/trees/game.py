"""``TreeGame``: the student API of DESIGN.md over a loaded tree, recording every call.

States are node ids. Each method records ``(op, state)`` in the game's :class:`Trace`
before it answers, so the trace is the full, ordered record of what a search asked. The
hot methods (the ones every search calls at every node) append to the trace's flat log
directly and return the tree's own immutable values, copying nothing. Those two appends
are most of what tracing costs a search, so on the common path these methods do little
else: they read ``self._log`` at each append (cheaper than binding it to a local) and make
the fewest checks that still catch every bad call, which then goes the slow way, to be
recorded as it must and refused.

Where a test sets ``time_budget``, the game has a virtual clock: :meth:`TreeGame.time_left`
is the budget less the visits recorded so far (:meth:`Trace.visit_count`), so the same
calls read the same time in the reference's run and in a student's.

Where a test sets ``random_seed``, the game has a random stream (:mod:`grader.trees.stream`):
:meth:`TreeGame.random` draws its next number and :meth:`TreeGame.random_choice` picks with
one draw; each draw is recorded (``("random", "")`` and the number, in
:attr:`Trace.draws`), and the trace reads the record of a search that grows a tree of its
own (MCTS: see :mod:`grader.trees.trace`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, TypeVar

from grader.errors import GameError
from grader.trees.stream import RandomStream, pick
from grader.trees.trace import Trace
from grader.trees.tree import Node, Tree, Value
from reference.conventions import RANDOM_SEED, TIME_BUDGET

T = TypeVar("T")

_PLAYER_0 = 0
"""The player two-player searches ask ``utility`` and ``evaluate`` about: ``p is _PLAYER_0``
is the cheapest test that lets 0 through and stops False and int subclasses (CPython has
one int 0; any other 0 would take the type test, to the same answer)."""


class TreeGame:
    """A game whose states are the nodes of a fixed tree; every call is traced."""

    def __init__(
        self, tree: Tree, trace: Trace | None = None, *, time_budget: int | None = None,
        random_seed: int | None = None,
    ) -> None:
        self.tree = tree
        self.time_budget = time_budget  # the clock's ticks; None: no clock
        self.trace = trace if trace is not None else Trace()
        self._stream = RandomStream(random_seed) if random_seed is not None else None
        self.trace.grows = self._stream is not None  # a search with a stream grows a tree
        self.trace.children = tree.moves  # where each result leads, for reading the visits
        self.num_players = tree.players
        self.agents = tree.agents  # a CS188 tree's number of agents (None: not one)
        self.initial_state = tree.root
        self._nodes = tree.nodes
        self._moves = tree.moves
        self._log: list[str] = self.trace.log
        self._made: list[str] = self.trace.moves  # the action of each ``result`` call
        # how a refused call's message names a state: by its id here; a sandbox's session
        # names it by the token it handed out (a node's id can say what its payoff is)
        self.shown: Callable[[str], str] = str

    @classmethod
    def for_test(cls, tree: Tree, conventions: Mapping[str, object]) -> TreeGame:
        """A game of ``tree`` with the clock and the random stream a test's conventions
        set (``time_budget``, ``random_seed``)."""
        budget, seed = conventions.get(TIME_BUDGET), conventions.get(RANDOM_SEED)
        return cls(
            tree,
            time_budget=budget if isinstance(budget, int) else None,
            random_seed=seed if isinstance(seed, int) else None,
        )

    def _node(self, s: Hashable) -> Node:
        try:
            return self._nodes[s]  # type: ignore[index]
        except (KeyError, TypeError):
            raise GameError(f"{s!r} is not a state of this game") from None

    def to_move(self, s: str) -> int:
        try:
            node = self._nodes[s]
        except (KeyError, TypeError):
            node = self._node(s)
        self._log.append("to_move")
        self._log.append(s)
        if node.to_move is not None:
            return node.to_move
        if node.chance:
            raise GameError(f"{self.shown(s)} is a chance node: no player moves there")
        return self.tree.mover(s) or 0  # a terminal: whose turn it would be

    def actions(self, s: str) -> tuple[str, ...]:
        try:
            node = self._nodes[s]
        except (KeyError, TypeError):
            node = self._node(s)
        self._log.append("actions")
        self._log.append(s)
        return node.actions  # a tuple: nobody can reorder the tree's own list

    def result(self, s: str, a: Any) -> str:
        try:
            child = self._moves[s][a]
        except (KeyError, TypeError):  # an unknown state or action, or an unhashable one
            self._node(s)
            raise GameError(f"{a!r} is not an action of {self.shown(s)}") from None
        self._log.append("result")
        self._log.append(s)
        self._made.append(a)
        return child

    def is_terminal(self, s: str) -> bool:
        try:
            node = self._nodes[s]
        except (KeyError, TypeError):
            node = self._node(s)
        self._log.append("is_terminal")
        self._log.append(s)
        return node.utility is not None

    def utility(self, s: str, p: int = 0) -> Value:
        try:  # the common case, without copying the vector
            value = self._nodes[s].utility[p]  # type: ignore[index]
        except (KeyError, TypeError, IndexError):
            pass
        else:  # a tuple takes indexes that name no player (True, -1, numpy ints): not those
            if p is _PLAYER_0 or (type(p) is int and p > 0):
                self._log.append("utility")
                self._log.append(s)
                return value
        # the slow way records the call and says what is wrong (out of the handler, so
        # its GameError chains none of the errors above)
        return self.utilities(s)[self._player(p)]

    def utilities(self, s: str) -> list[Value]:
        try:  # the sandbox asks for every evaluation this way
            node = self._nodes[s]
        except (KeyError, TypeError):
            node = self._node(s)
        self._log.append("utility")
        self._log.append(s)
        if node.utility is None:
            raise GameError(f"utility of {self.shown(s)}, which is not terminal")
        return list(node.utility)

    def evaluate(self, s: str, p: int = 0) -> Value:
        try:  # the common case, without copying the vector; a terminal's is its payoff
            node = self._nodes[s]
            value = (node.utility or node.eval)[p]  # type: ignore[index]
        except (KeyError, TypeError, IndexError):
            pass
        else:  # as in utility: only a player's index takes the quick way
            if p is _PLAYER_0 or (type(p) is int and p > 0):
                self._log.append("evaluate")
                self._log.append(s)
                return value
        return self.evaluations(s)[self._player(p)]

    def evaluations(self, s: str) -> list[Value]:
        try:
            node = self._nodes[s]
        except (KeyError, TypeError):
            node = self._node(s)
        self._log.append("evaluate")
        self._log.append(s)
        if node.utility is not None:
            return list(node.utility)  # a terminal's heuristic value is its payoff
        if node.eval is None:
            shown = self.shown(s)
            raise GameError(f"evaluate({shown}): the tree gives {shown} no eval (a tree gives "
                            "evals only to the nodes its tests' searches evaluate)")
        return list(node.eval)

    def is_quiet(self, s: str) -> bool:
        try:  # quiescence asks at each node past its horizon: the hot methods' way
            node = self._nodes[s]
        except (KeyError, TypeError):
            node = self._node(s)
        self._log.append("is_quiet")
        self._log.append(s)
        return not node.noisy

    def noisy_actions(self, s: str) -> list[str]:
        node = self._node(s)
        self.trace.record("noisy_actions", s)
        return [a for a in node.actions if a in node.noisy]

    def is_chance(self, s: str) -> bool:
        try:  # expectimax asks at every node it expands: the hot methods' way
            node = self._nodes[s]
        except (KeyError, TypeError):
            node = self._node(s)
        self._log.append("is_chance")
        self._log.append(s)
        return node.chance

    def chance_outcomes(self, s: str) -> list[tuple[str, float]]:
        node = self._node(s)
        self.trace.record("chance_outcomes", s)
        if not node.chance:
            shown = self.shown(s)
            raise GameError(f"chance_outcomes({shown}): {shown} is not a chance node")
        return list(zip(node.actions, node.probabilities or (), strict=True))

    def time_left(self) -> int | float:
        """Ticks left: the budget less the visits so far; ``math.inf`` with no budget."""
        self.trace.record("time_left", "")  # a question: no state, no visit
        if self.time_budget is None:
            return math.inf
        return self.time_budget - self.trace.visit_count()

    def random(self) -> float:
        """The stream's next number, in [0, 1); a GameError where the test sets no seed."""
        if self._stream is None:
            raise GameError(
                "random(): this test gives the game no random stream (it sets no random_seed)"
            )
        draw = self._stream.draw()
        self.trace.record("random", "")  # a question: no state, no visit
        self.trace.draws.append(draw)
        return draw

    def random_choice(self, seq: Sequence[T]) -> T:
        """One item of ``seq`` picked with one draw: ``seq[int(game.random() * len(seq))]``."""
        n = len(seq)
        if n == 0:
            raise GameError("random_choice() of an empty sequence: there is nothing to pick")
        return seq[pick(n, self.random())]

    def _player(self, p: Any) -> int:
        if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < self.num_players:
            raise GameError(f"player {p!r} does not exist; players are 0 to {self.num_players - 1}")
        return p
