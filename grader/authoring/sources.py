"""What a test searches: a tree file, or a game unfolded from a position.

Every place that needs a test's tree (building goldens, grading, validating, drawing)
asks :func:`searched_tree`, and every check that a golden is current asks
:func:`source_digest`, so a tree test and a positions test differ here only.
"""

from __future__ import annotations

import hashlib

from grader.authoring.assignment import ASSIGNMENT_FILE, LoadedAssignment, TestSpec, place_of_test
from grader.errors import InputFileError
from grader.trees.tree import Tree, load_tree


def searched_tree(loaded: LoadedAssignment, spec: TestSpec, *, checked: bool = False) -> Tree:
    """The tree ``spec`` searches. A tree file is read; with ``checked``, it is also
    refused where a search of the test's depth stops at a node with no ``eval``. A
    positions test's game is unfolded from its position to its depth (and one ply more),
    refused with the test's place when that is too large."""
    path = loaded.tree_path(spec)
    if path is not None:
        tree = load_tree(path)
        plies = spec.plies(tree.players)
        if checked and tree.needs_eval(plies):
            tree = load_tree(path, depth=plies)  # raises, naming the node
        return tree
    from grader.games import load_game
    from grader.games.unfold import UnfoldTooLarge, unfold

    game = load_game(str(spec.game))
    try:
        return unfold(game, game.parse(spec.position), spec.plies(game.num_players))
    except UnfoldTooLarge as exc:
        place = f"{place_of_test(spec.name)}.depth"
        raise InputFileError(loaded.folder / ASSIGNMENT_FILE, place, str(exc)) from None


def source_digest(loaded: LoadedAssignment, spec: TestSpec, tree: Tree) -> str:
    """SHA-256 of what the test's golden is computed from: the tree file's bytes, or the
    unfolded game (so a change of the game's rules or evaluation makes it stale)."""
    path = loaded.tree_path(spec)
    if path is not None:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    from grader.games.unfold import tree_digest

    return tree_digest(tree)
