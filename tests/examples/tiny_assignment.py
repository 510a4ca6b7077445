"""Tiny assignments written into a temporary folder, goldens built by ``grader build``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from grader.authoring.build import build_assignment
from grader.trees.game import TreeGame
from grader.trees.record import SearchRecord, make_record
from grader.trees.tree import Tree, load_tree
from reference.algorithms import search
from reference.conventions import plies

FIG52: dict[str, Any] = {
    "format": "game-tree/1",
    "name": "fig52",
    "nested": [[3, 12, 8], [2, 4, 6], [14, 5, 2]],
}


def reference_record(
    tree_path: Path | Tree, algorithm: str, depth: int, **conventions: Any
) -> SearchRecord:
    """What the reference does on a tree file (or a tree already loaded)."""
    tree = tree_path if isinstance(tree_path, Tree) else load_tree(tree_path)
    game = TreeGame.for_test(tree, conventions)  # with the clock a budget sets
    value, action = search(algorithm, game, tree.root, depth, **conventions)
    unit = conventions.get("depth_unit") or "ply"
    return make_record(tree, game.trace, value, action,
                       depth_plies=plies(depth, unit, tree.players))


def write_assignment(
    folder: Path,
    trees: dict[str, dict[str, Any]],
    tests: list[dict[str, Any]],
    *,
    name: str = "tiny",
    entry: str = "alphabeta",
) -> Path:
    """Write ``assignment.yaml`` and the trees, build the goldens; return the folder."""
    (folder / "trees").mkdir(parents=True, exist_ok=True)
    for tree_name, data in trees.items():
        (folder / "trees" / f"{tree_name}.tree.json").write_text(json.dumps(data))
    spec = {"name": name, "entry": entry, "tests": tests}
    (folder / "assignment.yaml").write_text(yaml.safe_dump(spec, sort_keys=False))
    build_assignment(assignment=folder)
    return folder
