"""What a search did on a tree: the record compared between a submission and the reference.

A :class:`SearchRecord` is built from a trace; goldens store the reference's record.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from grader.trees.trace import EVALUATE_OPS, EXPAND_OPS, RANDOM_OPS, Trace
from grader.trees.tree import Tree
from grader.trees.values import plain_action, plain_value

Value = int | float
VisitOp = Literal["actions", "noisy_actions", "chance_outcomes", "utility", "evaluate", "random"]


class SearchRecord(BaseModel):
    """The observable result of one search on one tree."""

    model_config = ConfigDict(strict=True, frozen=True, extra="forbid")

    value: Value | list[Value] | None = Field(description="Root value (a vector for max^n)")
    action: str | None = Field(description="Action chosen at the root")
    expanded: list[str] = Field(
        description="Nodes expanded (children generated), in order; a node searched again "
        "is listed again"
    )
    evaluated: list[str] = Field(
        description="Nodes evaluated, in order; a node evaluated again after other visits "
        "is listed again"
    )
    generated: int = Field(description="Children generated (result calls)")
    prunes: int = Field(description="Plain minimax's visits at the same depth minus this search's")
    visits: list[tuple[VisitOp, str]] = Field(
        description="The trusted calls in order: (op, node) for expansions and evaluations, "
        "and ('random', '') for each draw from the game's random stream"
    )


def baseline_visits(tree: Tree, depth: int) -> int:
    """Visits of plain minimax (full width) at ``depth`` plies: the base of the prune count."""
    nodes = tree.nodes

    @cache
    def count(nid: str, left: int) -> int:
        node = nodes[nid]
        if node.terminal or left == 0:
            return 1
        return 1 + sum(count(c, left - 1) for c in node.children)

    try:
        return count(tree.root, depth)
    finally:
        count.cache_clear()


def make_record(
    tree: Tree, trace: Trace, value: Any, action: Any, *, depth_plies: int
) -> SearchRecord:
    """The record of a finished search, from its trace and its answer."""
    visits = trace.visits()
    return SearchRecord(
        value=plain_value(value),
        action=plain_action(action),
        expanded=[n for op, n in visits if op in EXPAND_OPS],
        evaluated=[n for op, n in visits if op in EVALUATE_OPS],
        generated=trace.generated(),
        prunes=baseline_visits(tree, depth_plies) - sum(op not in RANDOM_OPS for op, _ in visits),
        visits=visits,  # type: ignore[arg-type]
    )
