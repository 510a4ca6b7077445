"""Run a reference search on a tree dict and keep what the trace says it did."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from grader.trees.game import TreeGame
from grader.trees.tree import Tree, parse_tree
from reference.algorithms import get
from reference.conventions import offered


@dataclass(frozen=True)
class Run:
    """The answer of one search and its trusted record."""

    value: Any
    action: Any
    expanded: list[str]
    evaluated: list[str]
    visits: list[tuple[str, str]]


def run(algorithm: str, tree: dict[str, Any] | Tree, depth: int, **conventions: Any) -> Run:
    """Search ``tree`` from its root with the named reference and its conventions."""
    parsed = tree if isinstance(tree, Tree) else parse_tree(tree)
    game = TreeGame.for_test(parsed, conventions)  # with the clock a time_budget sets
    value, action = get(algorithm)(game, parsed.root, depth, **conventions)
    trace = game.trace
    return Run(value, action, trace.expanded(), trace.evaluated(), trace.visits())


def student_game(tree: Tree, conventions: dict[str, Any]) -> TreeGame:
    """A game of ``tree`` as a sandbox offers it for a test: the clock and the random
    stream the conventions set, and every convention but the private ones (the seed) as
    an attribute."""
    game = TreeGame.for_test(tree, conventions)
    for name, value in offered(conventions).items():
        setattr(game, name, value)
    return game


def full(root: str, nodes: dict[str, Any], players: int = 2) -> dict[str, Any]:
    """A full-form tree dict."""
    return {"format": "game-tree/1", "players": players, "root": root, "nodes": nodes}


def is_subsequence(part: list[Any], whole: list[Any]) -> bool:
    """Whether ``part`` is ``whole`` with some items left out, order kept."""
    it = iter(whole)
    return all(any(x == y for y in it) for x in part)
