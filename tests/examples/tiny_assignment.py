"""Tiny assignments written into a temporary folder, goldens computed in-process."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import yaml

from grader.game import TreeGame
from grader.golden import Golden
from grader.record import SearchRecord, make_record
from grader.tree import load_tree
from reference.registry import search

FIG52: dict[str, Any] = {
    "format": "game-tree/1",
    "name": "fig52",
    "nested": [[3, 12, 8], [2, 4, 6], [14, 5, 2]],
}


def reference_record(
    tree_path: Path, algorithm: str, depth: int, **conventions: Any
) -> SearchRecord:
    """What the reference does on a tree file."""
    tree = load_tree(tree_path)
    game = TreeGame(tree)
    value, action = search(algorithm, game, tree.root, depth, **conventions)
    plies = depth * tree.players if conventions.get("depth_unit") == "round" else depth
    return make_record(tree, game.trace, value, action, depth_plies=plies)


def write_assignment(
    folder: Path,
    trees: dict[str, dict[str, Any]],
    tests: list[dict[str, Any]],
    *,
    name: str = "tiny",
    entry: str = "alphabeta",
) -> Path:
    """Write ``assignment.yaml``, the trees and their goldens; return the folder."""
    (folder / "trees").mkdir(parents=True, exist_ok=True)
    (folder / "golden").mkdir(exist_ok=True)
    for tree_name, data in trees.items():
        (folder / "trees" / f"{tree_name}.tree.json").write_text(json.dumps(data))
    spec = {"name": name, "entry": entry, "tests": tests}
    (folder / "assignment.yaml").write_text(yaml.safe_dump(spec, sort_keys=False))
    for test in tests:
        write_golden(folder, name, entry, test)
    return folder


def write_golden(folder: Path, name: str, entry: str, test: dict[str, Any]) -> None:
    tree_path = folder / test["tree"]
    algorithm = test.get("algorithm", entry)
    conventions = {
        k: test[k] for k in ("prune_on_equality", "fail_soft", "quiescence_depth") if k in test
    }
    record = reference_record(tree_path, algorithm, test["depth"], **conventions)
    golden = Golden(
        format="golden/1",
        assignment=name,
        test=test["name"],
        tree=test["tree"],
        tree_sha256=hashlib.sha256(tree_path.read_bytes()).hexdigest(),
        depth=test["depth"],
        depth_unit="ply",
        algorithm=algorithm,
        conventions=conventions,
        record=record,
    )
    path = folder / "golden" / f"{test['name']}.json"
    path.write_text(json.dumps(golden.model_dump(mode="json"), indent=2))
