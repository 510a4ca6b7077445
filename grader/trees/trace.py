"""The trace of a search: the ordered calls it made on a ``game``, and what follows from it.

A node is *expanded* when the search generates its children (``result``), and *evaluated*
when it reads a payoff (``utility(ies)`` or ``evaluate``/``evaluations``); these visits
are the trusted record. Asking questions is free: listing a node's moves (``actions``,
``noisy_actions``, ``chance_outcomes``) expands nothing by itself, so listing them again,
at a terminal, or at a node the search then leaves unexpanded changes nothing. Asking
again for what was answered is not a new visit either: a payoff read again, or a child
generated again, as long as the search does not go back into it (a student who keeps
the best child's state, or generates every child once more to count them). Searching
again is a new visit: a node the search reaches again (generated anew by a parent, as a
search without a transposition table meets a node twice) is expanded or evaluated anew,
and a node that generates again a child already searched, and then searches that child
again (the root of an iterative deepening), is expanded anew.
An expansion is named by the kind of the last listing of its node (``actions`` when it
listed none). Every call is kept in order, repeats included: a trace is a list.

The virtual clock (``time_left``, where a test sets ``time_budget``) ticks once a visit:
:meth:`Trace.visit_count` is the number of visits the calls so far make, so asking
questions, and asking again, costs no time.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
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
    "time_left",
]

EXPAND_OPS: frozenset[str] = frozenset({"actions", "noisy_actions", "chance_outcomes"})
EVALUATE_OPS: frozenset[str] = frozenset({"utility", "evaluate"})
VISIT_OPS: frozenset[str] = EXPAND_OPS | EVALUATE_OPS
STATE_OPS: frozenset[str] = frozenset({"to_move", "is_terminal", "is_quiet", "is_chance"})
"""Questions about a state that visit nothing (the harness answers them from its copy of
the tree and sends them in batches)."""
CLOCK_OPS: frozenset[str] = frozenset({"time_left"})
"""The question of the virtual clock: it visits nothing, and the grader answers it from
its own count of the visits so far (recorded with no state: ``("time_left", "")``)."""
QUERY_OPS: frozenset[str] = STATE_OPS | CLOCK_OPS
"""Every question: calls that visit nothing; ``result`` is the one op that is neither a
visit nor a question."""


class Trace:
    """The ordered calls of one search: ``(op, node id)`` pairs, repeats included.

    The calls are kept flat in :attr:`log` (``op, node, op, node, ...``): a game appends
    two existing strings per call and builds no tuple, which halves the cost of tracing
    a call (a fresh tuple a call also wakes the garbage collector, which then walks
    every node of a large tree). :attr:`calls` gives the pairs. The action of each
    ``result`` call is kept in :attr:`moves`, in order. ``calls`` given to the
    constructor may be ``("result", node, action)`` triples.
    """

    __slots__ = ("_counted", "children", "log", "moves")

    def __init__(
        self, calls: Iterable[tuple[str, ...]] = (), *,
        children: Mapping[str, Mapping[str, str]] | None = None,
    ) -> None:
        self.log: list[str] = []
        self.moves: list[str] = []
        self.children = children  # node -> action -> child: the tree's, to follow a result
        self._counted: tuple[_Visits, int, int] | None = None  # see visit_count
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
        return _Visits(self.children or {}).read(self, self.moves)

    def visit_count(self) -> int:
        """How many visits the calls so far make (the virtual clock's ticks). Each count
        reads on from where the last one stopped, so a search may ask at every node."""
        if self._counted is None:
            self._counted = (_Visits(self.children or {}), 0, 0)
        reader, read, made = self._counted
        log, moves = self.log, self.moves
        reader.read(zip(log[read::2], log[read + 1 :: 2], strict=True), moves[made:])
        self._counted = (reader, len(log), len(moves))
        return len(reader.out)

    def expanded(self) -> list[str]:
        return [n for op, n in self.visits() if op in EXPAND_OPS]

    def evaluated(self) -> list[str]:
        return [n for op, n in self.visits() if op in EVALUATE_OPS]

    def generated(self) -> int:
        return self.log[::2].count("result")


class _Visits:
    """Reads a trace's visits (see the module). ``clock`` counts the calls read; a node's
    stamps say when it was last reached (generated by a parent), last visited (expanded
    or evaluated) and when its current expansion began. A child generated again after it
    was searched waits in ``pending`` until the search goes back into it."""

    def __init__(self, children: Mapping[str, Mapping[str, str]]) -> None:
        self.children = children
        self.out: list[tuple[str, str]] = []
        self.clock = 0
        self.listed: dict[str, str] = {}  # node -> the kind of its last listing
        self.made: dict[str, dict[str, int]] = {}  # node -> {action: when generated}
        self.began: dict[str, int] = {}  # node -> when its current expansion began
        self.reached: dict[str, int] = {}  # node -> when a parent last generated it
        self.seen: dict[str, int] = {}  # node -> when it was last expanded or evaluated
        self.evaluated: dict[str, int] = {}  # node -> when it was last evaluated
        self.pending: dict[str, dict[str, tuple[str, int]]] = {}  # child -> parent -> (a, t)

    def read(self, calls: Iterable[tuple[str, str]], moves: list[str]) -> list[tuple[str, str]]:
        actions = iter(moves)
        for op, node in calls:
            self.clock += 1
            if op == "result":
                self._generate(node, next(actions, ""))
            elif op in EVALUATE_OPS:
                self._evaluate(op, node)
            elif op in EXPAND_OPS:
                self.listed[node] = op
        return self.out

    def _enter(self, node: str) -> None:
        """The search visits ``node``: a parent that generated it again after it was
        searched has searched it again, and so begins a new expansion first."""
        for parent, (action, when) in self.pending.pop(node, {}).items():
            self._begin(parent)
            self.made[parent][action] = when
        self.seen[node] = self.clock

    def _begin(self, node: str) -> None:
        self.out.append((self.listed.get(node, "actions"), node))
        self.made[node] = {}
        self.began[node] = self.seen[node] = self.clock

    def _generate(self, node: str, action: str) -> None:
        made = self.made.get(node)
        if made is None or self.reached.get(node, -1) > self.began[node]:
            self._enter(node)  # its first expansion, or the search reached it again
            self._begin(node)
            made = self.made[node]
        child = self.children.get(node, {}).get(action)
        if child is not None:
            if action in made and self.seen.get(child, -1) > made[action]:
                self.pending.setdefault(child, {})[node] = (action, self.clock)
            self.reached[child] = self.clock
        made[action] = self.clock

    def _evaluate(self, op: str, node: str) -> None:
        last = self.evaluated.get(node)
        if last is None or self.reached.get(node, -1) > last:  # else asked again
            self._enter(node)
            self.out.append((op, node))
            self.evaluated[node] = self.clock

