"""What a test searches: a tree file, or a game unfolded from a position.

Every place that needs a test's tree (building goldens, grading, validating, drawing)
asks :func:`searched_tree`, and every check that a golden is current asks
:func:`source_digest`, so a tree test and a positions test differ here only.
"""

from __future__ import annotations

import hashlib
import math

from grader.authoring.assignment import ASSIGNMENT_FILE, LoadedAssignment, TestSpec, place_of_test
from grader.errors import InputFileError
from grader.trees.tree import Tree, load_tree
from reference import algorithms
from reference.conventions import QUIESCENCE_DEPTH


def searched_tree(loaded: LoadedAssignment, spec: TestSpec, *, checked: bool = False) -> Tree:
    """The tree ``spec`` searches. A tree file is read; with ``checked``, it is also
    refused where a search of the test's depth stops at a node with no ``eval``. A
    positions test's game is unfolded from its position to its depth (and one ply more),
    refused with the test's place when that is too large. A search that plays noisy moves
    past its depth (one that takes ``quiescence_depth``) finds them unfolded too."""
    path = loaded.tree_path(spec)
    if path is not None:
        tree = load_tree(path)
        plies = cut_off_plies(loaded, spec, tree)
        if checked and tree.needs_eval(plies):
            tree = load_tree(path, depth=plies)  # raises, naming the node
        return tree
    from grader.games import load_game
    from grader.games.unfold import UnfoldTooLarge, unfold

    game = load_game(str(spec.game))
    noisy_plies: float = 0
    if QUIESCENCE_DEPTH in algorithms.algorithm(loaded.spec.reference_for(spec)).conventions:
        limit = spec.convention(QUIESCENCE_DEPTH)
        noisy_plies = math.inf if limit is None else float(limit)
    try:
        return unfold(game, game.parse(spec.position), spec.plies(game.num_players),
                      noisy_plies=noisy_plies)
    except UnfoldTooLarge as exc:
        place = f"{place_of_test(spec.name)}.depth"
        raise InputFileError(loaded.folder / ASSIGNMENT_FILE, place, str(exc)) from None


def cut_off_plies(loaded: LoadedAssignment, spec: TestSpec, tree: Tree) -> int:
    """The plies at which the test's search cuts the tree off (where it needs evals): the
    test's depth, or the tree's own depth for a search that grows a tree and plays out to
    the terminals (MCTS, whose depth counts iterations)."""
    if algorithms.grows_a_tree(loaded.spec.reference_for(spec)):
        return tree.max_depth()
    return spec.plies(tree.players)


def source_digest(loaded: LoadedAssignment, spec: TestSpec, tree: Tree) -> str:
    """SHA-256 of what the test's golden is computed from: the tree file's bytes, or the
    unfolded game (so a change of the game's rules or evaluation makes it stale)."""
    path = loaded.tree_path(spec)
    if path is not None:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    from grader.games.unfold import tree_digest

    return tree_digest(tree)
