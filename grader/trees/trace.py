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
again (the root of an iterative deepening), is expanded anew. A search that generates all
of a node's children before it searches any (a successor list) reads the same: a child it
generated before the search went into it under another parent is searched anew when its
turn comes, and a node that generates all its children again is expanded anew once.
An expansion is named by the kind of the last listing of its node (``actions`` when it
listed none). Every call is kept in order, repeats included: a trace is a list.

The virtual clock (``time_left``, where a test sets ``time_budget``) ticks once a visit:
:meth:`Trace.visit_count` is the number of visits the calls so far make, so asking
questions, and asking again, costs no time.

A search that grows a tree of its own across iterations (MCTS, where a test sets
``random_seed``: :attr:`Trace.grows`) is read another way, so that every correct form of
it leaves the same record, whether it keeps each node's state or generates the path again
from the root each iteration. A ``result`` call is a *playout step* when it is the first
since a draw (``random``) and its action is the one that draw picks among the node's
actions (``actions[int(draw * len(actions))]``); any other ``result`` is a *tree step*. A
node is *expanded* once for each child a tree step adds to the search's tree (an action
it never generated in a tree step before); generating a child the tree holds again, and
every playout step, expands nothing. A payoff read is an *evaluation* when its node was
added to the tree or reached by a playout step since it was last read (or was never
read): reading again a terminal the tree holds is not. Each draw is a visit of its own,
``("random", "")``, in order, so a search that draws more or fewer numbers than the
reference shows where.
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
    "random",
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
RANDOM_OPS: frozenset[str] = frozenset({"random"})
"""A draw from the game's random stream: the grader answers it and keeps the number drawn
(:attr:`Trace.draws`); ``random_choice`` is recorded as the one draw it makes."""
QUERY_OPS: frozenset[str] = STATE_OPS | CLOCK_OPS | RANDOM_OPS
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

    __slots__ = ("_counted", "children", "draws", "grows", "log", "moves")

    def __init__(
        self, calls: Iterable[tuple[str, ...]] = (), *,
        children: Mapping[str, Mapping[str, str]] | None = None,
        draws: Iterable[float] = (), grows: bool = False,
    ) -> None:
        self.log: list[str] = []
        self.moves: list[str] = []
        self.draws: list[float] = list(draws)  # the number each ``random`` call drew
        self.grows = grows  # read as a search that grows a tree of its own (see the module)
        self.children = children  # node -> action -> child: the tree's, to follow a result
        self._counted: tuple[_Visits | _Grown, int, int] | None = None  # see visit_count
        for op, node, *action in calls:
            self.log += (op, node)
            if op == "result":
                self.moves.append(action[0] if action else "")

    def __repr__(self) -> str:
        return f"Trace({self.calls!r}, moves={self.moves!r})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Trace) and self.log == other.log and self.moves == other.moves
            and self.draws == other.draws
        )

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
        return _read(self._reader(), self, self.moves, self.draws)

    def _reader(self) -> _Visits | _Grown:
        return (_Grown if self.grows else _Visits)(self.children or {})

    def visit_count(self) -> int:
        """How many visits the calls so far make (the virtual clock's ticks). Each count
        reads on from where the last one stopped, so a search may ask at every node."""
        if self._counted is None:
            self._counted = (self._reader(), 0, 0)
        reader, read, made = self._counted
        log, moves = self.log, self.moves
        calls = zip(log[read::2], log[read + 1 :: 2], strict=True)
        drawn = self.draws[log[:read:2].count("random") :] if self.grows else []
        _read(reader, calls, moves[made:], drawn)
        self._counted = (reader, len(log), len(moves))
        return len(reader.out)

    def expanded(self) -> list[str]:
        return [n for op, n in self.visits() if op in EXPAND_OPS]

    def evaluated(self) -> list[str]:
        return [n for op, n in self.visits() if op in EVALUATE_OPS]

    def generated(self) -> int:
        return self.log[::2].count("result")

    def asked(self, op: str) -> bool:
        """Whether the search made a call of ``op`` (``time_left``, say)."""
        return op in self.log[::2]


def _read(
    reader: _Visits | _Grown, calls: Iterable[tuple[str, str]], moves: list[str],
    draws: list[float],
) -> list[tuple[str, str]]:
    """The visits ``reader`` reads on from ``calls`` (draws matter only to a grown tree)."""
    if isinstance(reader, _Grown):
        return reader.read(calls, moves, draws)
    return reader.read(calls, moves)


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
        # node -> (parent, action) -> when: generations no visit of the node has used yet
        self.unused: dict[str, dict[tuple[str, str], int]] = {}

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
        searched has searched it again, and so begins a new expansion first, unless it
        began one since (it generated all its children again before searching them)."""
        for parent, (action, when) in self.pending.pop(node, {}).items():
            if self.began.get(parent, -1) < when:
                self._begin(parent)
            self.made[parent][action] = when
        self.seen[node] = self.clock

    def _begin(self, node: str) -> None:
        self.out.append((self.listed.get(node, "actions"), node))
        self.made[node] = {}
        self.began[node] = self.seen[node] = self.clock
        self._use(node)

    def _use(self, node: str) -> None:
        """A visit of ``node`` uses the latest generation of it that none used: the one
        by the parent whose search it is in (a parent that generated all its children
        first leaves the others' for when it searches them)."""
        unused = self.unused.get(node)
        if unused:
            del unused[max(unused, key=unused.__getitem__)]

    def _generate(self, node: str, action: str) -> None:
        made = self.made.get(node)
        if made is None or self.reached.get(node, -1) > self.began[node]:
            self._enter(node)  # its first expansion, or the search reached it again
            self._begin(node)
            made = self.made[node]
        child = self.children.get(node, {}).get(action)
        if child is not None:
            unused = self.unused.setdefault(child, {})
            # generated again after it was searched from here: this node searches it
            # again once it goes back into it (not when its last generation from here
            # is still unused: the child was searched under another parent meanwhile)
            if (action in made and self.seen.get(child, -1) > made[action]
                    and (node, action) not in unused):
                self.pending.setdefault(child, {})[node] = (action, self.clock)
            self.reached[child] = self.clock
            unused[node, action] = self.clock
        made[action] = self.clock

    def _evaluate(self, op: str, node: str) -> None:
        last = self.evaluated.get(node)
        # reached again since it was read, or generated earlier by a parent whose search
        # of it this is (one that generated all its children first); else asked again
        if last is None or self.reached.get(node, -1) > last or self.unused.get(node):
            self._enter(node)
            self._use(node)
            self.out.append((op, node))
            self.evaluated[node] = self.clock



class _Grown:
    """Reads the trace of a search that grows a tree of its own (see the module): tree
    steps that add a child are expansions, playout steps are not; a payoff read counts
    once each time its node is added to the tree or reached by a playout."""

    def __init__(self, children: Mapping[str, Mapping[str, str]]) -> None:
        self.children = children
        self.out: list[tuple[str, str]] = []
        self.listed: dict[str, str] = {}  # node -> the kind of its last listing
        self.edges: set[tuple[str, str]] = set()  # (node, action) the tree steps added
        self.fresh: set[str] = set()  # reached since last read (added, or by a playout)
        self.read_once: set[str] = set()  # nodes whose payoff was ever read
        self.draw: float | None = None  # the last draw, until a result call follows it

    def read(
        self, calls: Iterable[tuple[str, str]], moves: list[str], draws: list[float]
    ) -> list[tuple[str, str]]:
        actions, drawn = iter(moves), iter(draws)
        for op, node in calls:
            if op == "result":
                self._generate(node, next(actions, ""))
            elif op in RANDOM_OPS:
                self.draw = next(drawn, None)
                self.out.append(("random", ""))
            elif op in EVALUATE_OPS:
                self._evaluate(op, node)
            elif op in EXPAND_OPS:
                self.listed[node] = op
        return self.out

    def _generate(self, node: str, action: str) -> None:
        draw, self.draw = self.draw, None
        moves = self.children.get(node, {})
        child = moves.get(action)
        if draw is not None and moves and list(moves)[int(draw * len(moves))] == action:
            if child is not None:  # a playout step: it reaches the child, expands nothing
                self.fresh.add(child)
            return
        if (node, action) in self.edges:
            return  # a child the tree holds, generated again: no new expansion
        self.edges.add((node, action))
        self.out.append((self.listed.get(node, "actions"), node))
        if child is not None:
            self.fresh.add(child)

    def _evaluate(self, op: str, node: str) -> None:
        self.draw = None  # a draw that no result followed picks nothing
        if node in self.fresh or node not in self.read_once:
            self.fresh.discard(node)
            self.read_once.add(node)
            self.out.append((op, node))
