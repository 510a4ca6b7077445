"""The reference's run of one test: what a golden records, and what the explanation of a
long search's failure runs again (its golden keeps counts and digests, not lists)."""

from __future__ import annotations

from grader.authoring.assignment import SearchSetup
from grader.trees.game import TreeGame
from grader.trees.record import SearchRecord, make_record
from grader.trees.tree import Tree
from reference import algorithms
from reference.conventions import ConventionValue


def run_reference(
    algorithm: str, tree: Tree, setup: SearchSetup, conventions: dict[str, ConventionValue]
) -> SearchRecord:
    """The full record of the reference search ``algorithm`` on ``tree`` (the conventions
    those it takes); ``ValueError`` or ``GameError`` where it cannot search the tree."""
    game = TreeGame.for_test(tree, conventions)
    value, action = algorithms.search(
        algorithm, game, tree.root, setup.depth, depth_unit=setup.depth_unit, **conventions
    )
    return make_record(tree, game.trace, value, action, depth_plies=setup.plies)
