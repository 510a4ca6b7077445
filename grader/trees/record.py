"""What a search did on a tree: the record compared between a submission and the reference.

A :class:`SearchRecord` is built from a trace; goldens store the reference's record.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer

from grader.trees.trace import EVALUATE_OPS, EXPAND_OPS, Trace
from grader.trees.tree import Tree
from grader.trees.values import plain_action, plain_value

Value = int | float
VisitOp = Literal["actions", "noisy_actions", "chance_outcomes", "utility", "evaluate"]
LISTED_VISITS = 500
"""A record of more visits than this is kept in a golden as counts and digests
(:func:`compacted`): the lists would make a golden of megabytes."""
Listed = Literal["expanded", "evaluated"]


def sequence_sha256(items: list[Any]) -> str:
    """SHA-256 of a list of node ids or visits, as compact JSON."""
    text = json.dumps(items, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


class VisitDigest(BaseModel):
    """A long search's visits as counts and digests, kept in a golden instead of lists."""

    model_config = ConfigDict(strict=True, frozen=True, extra="forbid")

    expanded: int = Field(description="How many nodes the search expands")
    evaluated: int = Field(description="How many nodes the search evaluates")
    expanded_sha256: str = Field(description="SHA-256 of the expanded list as compact JSON")
    evaluated_sha256: str = Field(description="SHA-256 of the evaluated list as compact JSON")
    visits_sha256: str = Field(description="SHA-256 of the visit sequence as compact JSON")


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
        description="The trusted calls in order: (op, node) for expansions and evaluations"
    )
    digest: VisitDigest | None = Field(
        default=None,
        description="In a golden of a long search: the visits' counts and digests, the three "
        "lists above being left empty (see LISTED_VISITS)",
    )

    @model_serializer(mode="wrap")
    def _without_digest(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """A record with its lists leaves ``digest`` out (goldens of short searches, and
        every report, read as before it existed)."""
        dumped: dict[str, Any] = handler(self)
        if dumped.get("digest") is None:
            dumped.pop("digest", None)
        return dumped

    def same(self, check: Listed, other: SearchRecord) -> bool:
        """Whether ``other`` expands (or evaluates) the same nodes in the same order;
        either record may be compacted."""
        if self.digest is None and other.digest is None:
            return bool(getattr(self, check) == getattr(other, check))
        return self.summary(check) == other.summary(check)

    def summary(self, check: Listed) -> tuple[int, str]:
        """How many nodes the search expands (or evaluates), and the digest of their list."""
        digest = self.digest
        if digest is None:
            nodes: list[str] = getattr(self, check)
            return len(nodes), sequence_sha256(nodes)
        if check == "expanded":
            return digest.expanded, digest.expanded_sha256
        return digest.evaluated, digest.evaluated_sha256


def compacted(record: SearchRecord) -> SearchRecord:
    """``record`` as a golden keeps it: its lists, or past :data:`LISTED_VISITS` visits
    their counts and digests."""
    if len(record.visits) <= LISTED_VISITS:
        return record
    digest = VisitDigest(
        expanded=len(record.expanded),
        evaluated=len(record.evaluated),
        expanded_sha256=sequence_sha256(record.expanded),
        evaluated_sha256=sequence_sha256(record.evaluated),
        visits_sha256=sequence_sha256([list(v) for v in record.visits]),
    )
    return record.model_copy(update={"expanded": [], "evaluated": [], "visits": [],
                                     "digest": digest})


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
        prunes=baseline_visits(tree, depth_plies) - len(visits),
        visits=visits,  # type: ignore[arg-type]
    )
