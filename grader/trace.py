"""The trace of a search: the ordered calls it made on a ``game``, and what follows from it.

A node is *expanded* when the search generates its children (``result``), and *evaluated*
when it reads a payoff (``utility(ies)`` or ``evaluate``/``evaluations``); these visits
are the trusted record. Asking questions is free: listing a node's moves (``actions``,
``noisy_actions``, ``chance_outcomes``) expands nothing by itself, so listing them again,
at a terminal, or at a node the search then leaves unexpanded changes nothing, and
asking again what was just answered (the same child, the same payoff, with nothing new
generated or read elsewhere in between) is not a new visit. Searching again is:
generating a child that this expansion of the node already generated, after searching
elsewhere, starts a new expansion of the node (a search without a transposition table
meeting a node twice).
An expansion is named by the kind of the last listing of its node (``actions`` when it
listed none). Every call is kept in order, repeats included: a trace is a list.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Literal

Op = Literal[
    "actions",
    "noisy_actions",
    "chance_outcomes",
    "result",
    "utility",
    "evaluate",
    "to_move",
    "is_terminal",
    "is_quiet",
    "is_chance",
]

EXPAND_OPS: frozenset[str] = frozenset({"actions", "noisy_actions", "chance_outcomes"})
EVALUATE_OPS: frozenset[str] = frozenset({"utility", "evaluate"})
VISIT_OPS: frozenset[str] = EXPAND_OPS | EVALUATE_OPS


class Trace:
    """The ordered calls of one search: ``(op, node id)`` pairs, repeats included.

    The calls are kept flat in :attr:`log` (``op, node, op, node, ...``): a game appends
    two existing strings per call and builds no tuple, which halves the cost of tracing
    a call (a fresh tuple a call also wakes the garbage collector, which then walks
    every node of a large tree). :attr:`calls` gives the pairs. The action of each
    ``result`` call is kept in :attr:`moves`, in order. ``calls`` given to the
    constructor may be ``("result", node, action)`` triples.
    """

    __slots__ = ("log", "moves")

    def __init__(self, calls: Iterable[tuple[str, ...]] = ()) -> None:
        self.log: list[str] = []
        self.moves: list[str] = []
        for op, node, *action in calls:
            self.log += (op, node)
            if op == "result":
                self.moves.append(action[0] if action else "")

    def __repr__(self) -> str:
        return f"Trace({self.calls!r}, moves={self.moves!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Trace) and self.log == other.log and self.moves == other.moves

    __hash__ = None  # type: ignore[assignment]  # mutable, like the list it holds

    @property
    def calls(self) -> list[tuple[str, str]]:
        """The calls as ``(op, node id)`` pairs, in order (a new list each time)."""
        return list(self)

    def record(self, op: str, node: str) -> None:
        self.log += (op, node)

    def __len__(self) -> int:
        return len(self.log) // 2

    def __iter__(self) -> Iterator[tuple[str, str]]:
        log = self.log
        return zip(log[::2], log[1::2], strict=True)

    def visits(self) -> list[tuple[str, str]]:
        """The visits: ``(listing op, node)`` for each expansion, ``(op, node)`` for each
        evaluation, in order (see the module for what counts)."""
        return _Visits().read(self, self.moves)

    def expanded(self) -> list[str]:
        return [n for op, n in self.visits() if op in EXPAND_OPS]

    def evaluated(self) -> list[str]:
        return [n for op, n in self.visits() if op in EVALUATE_OPS]

    def generated(self) -> int:
        return self.log[::2].count("result")


class _Visits:
    """Reads a trace's visits. ``others`` is, for a node, the count of events (a child
    generated, a payoff read) at any other node so far: an answer asked again while it
    has not moved is a repeated question."""

    def __init__(self) -> None:
        self.out: list[tuple[str, str]] = []
        self.total = 0  # events so far
        self.own: dict[str, int] = {}  # events per node
        self.listed: dict[str, str] = {}  # node -> the kind of its last listing
        self.expansion: dict[str, dict[str, int]] = {}  # node -> {action: others when made}
        self.evaluated: dict[str, int] = {}  # node -> others at its last evaluation

    def read(self, calls: Iterable[tuple[str, str]], moves: list[str]) -> list[tuple[str, str]]:
        actions = iter(moves)
        for op, node in calls:
            if op == "result":
                self._generate(node, next(actions, ""))
            elif op in EVALUATE_OPS:
                self._evaluate(op, node)
            elif op in EXPAND_OPS:
                self.listed[node] = op
        return self.out

    def _event(self, node: str) -> None:
        """Something new happened at ``node``: a child generated, or a payoff read."""
        self.own[node] = self.own.get(node, 0) + 1
        self.total += 1

    def _others(self, node: str) -> int:
        return self.total - self.own.get(node, 0)

    def _generate(self, node: str, action: str) -> None:
        others = self._others(node)
        made = self.expansion.get(node)
        if made is None or made.get(action, others) != others:  # first, or searched again
            made = self.expansion[node] = {}
            self.out.append((self.listed.get(node, "actions"), node))
        if action not in made:  # else the same child asked for again at once
            self._event(node)
        made[action] = others

    def _evaluate(self, op: str, node: str) -> None:
        others = self._others(node)
        if self.evaluated.get(node) != others:  # else the same payoff asked again at once
            self.out.append((op, node))
            self._event(node)
            self.evaluated[node] = others


def distinct_ordered(items: Iterable[str]) -> list[str]:
    """``items`` without repeats, in order of first appearance."""
    seen: set[str] = set()
    out = []
    for item in items:
        if item not in seen:
            seen.add(item)
            out.append(item)
    return out
