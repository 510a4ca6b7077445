"""The trace of a search: the ordered calls it made on a ``game``, and what follows from it.

A node is *expanded* when the search lists its moves (``actions``, ``noisy_actions`` or
``chance_outcomes``) and *evaluated* when it reads a payoff (``utility(ies)`` or
``evaluate``/``evaluations``); these calls are the trusted record. ``result`` calls are
*generated* children. Repeats are kept: a trace is a list, never a set.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
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


@dataclass
class Trace:
    """The ordered calls of one search: ``(op, node id)`` pairs, repeats included."""

    calls: list[tuple[str, str]] = field(default_factory=list)

    def record(self, op: str, node: str) -> None:
        self.calls.append((op, node))

    def __len__(self) -> int:
        return len(self.calls)

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return iter(self.calls)

    def visits(self) -> list[tuple[str, str]]:
        """The trusted calls only: expansions and evaluations, in order."""
        return [(op, n) for op, n in self.calls if op in VISIT_OPS]

    def expanded(self) -> list[str]:
        return [n for op, n in self.calls if op in EXPAND_OPS]

    def evaluated(self) -> list[str]:
        return [n for op, n in self.calls if op in EVALUATE_OPS]

    def generated(self) -> int:
        return sum(1 for op, _ in self.calls if op == "result")


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
