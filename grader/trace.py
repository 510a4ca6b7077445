"""The trace of a search: the ordered calls it made on a ``game``, and what follows from it.

A node is *expanded* when the search lists its moves (``actions``, ``noisy_actions`` or
``chance_outcomes``) and *evaluated* when it reads a payoff (``utility(ies)`` or
``evaluate``/``evaluations``); these calls are the trusted record. ``result`` calls are
*generated* children. Repeats are kept: a trace is a list, never a set.
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
    every node of a large tree). :attr:`calls` gives the pairs.
    """

    __slots__ = ("log",)

    def __init__(self, calls: Iterable[tuple[str, str]] = ()) -> None:
        self.log: list[str] = [item for call in calls for item in call]

    def __repr__(self) -> str:
        return f"Trace({self.calls!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Trace) and self.log == other.log

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
        """The trusted calls only: expansions and evaluations, in order."""
        return [(op, n) for op, n in self if op in VISIT_OPS]

    def expanded(self) -> list[str]:
        return [n for op, n in self if op in EXPAND_OPS]

    def evaluated(self) -> list[str]:
        return [n for op, n in self if op in EVALUATE_OPS]

    def generated(self) -> int:
        return self.log[::2].count("result")


def count_visits(calls: Iterable[tuple[str, str]]) -> int:
    """Visits in a call list: expansions plus evaluations, repeats counted."""
    return sum(1 for op, _ in calls if op in VISIT_OPS)


def distinct_ordered(items: Iterable[str]) -> list[str]:
    """``items`` without repeats, in order of first appearance."""
    seen: set[str] = set()
    out = []
    for item in items:
        if item not in seen:
            seen.add(item)
            out.append(item)
    return out
