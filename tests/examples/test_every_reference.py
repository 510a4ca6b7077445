"""Every built-in algorithm is passable: its reference, submitted as a student would,
through the real local sandbox, scores full marks on every tree it accepts.

For each algorithm of the registry, an assignment is written with a test for every test
of every built-in assignment (the same tree, depth and conventions, graded by this
algorithm) that the algorithm can search, and, where it allows more than two players,
3-player trees whose players do not always take turns. Its goldens come from
``grader build``; the reference, copied beside an ``agent.py``, must pass every test.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from grader.authoring.assignment import builtin_names, load_assignment
from grader.authoring.build import build_assignment
from grader.errors import GameError
from grader.grading.check import grade_submission
from grader.trees.game import TreeGame
from grader.trees.generate import random_tree
from grader.trees.tree import load_tree
from reference.algorithms import ALGORITHMS, accepted_options, search
from reference.conventions import RANDOM_SEED
from tests.examples.test_reference_submission import AGENT, copy_reference

ENTRY = "search"


def searchable(tree_path: Path, algorithm: str, spec: dict[str, Any]) -> bool:
    """Whether the reference accepts the tree at this depth (two players, evals there)."""
    tree = load_tree(tree_path)
    options = {k: v for k, v in spec.items() if k in (*accepted_options(algorithm), "depth_unit")}
    try:
        game = TreeGame.for_test(tree, options)  # with the clock and stream the test sets
        search(algorithm, game, tree.root, spec["depth"], **options)
    except (ValueError, GameError):
        return False
    return True


def three_player_trees(folder: Path) -> list[dict[str, Any]]:
    """Tests on random 3-player trees (a player may move twice, or be skipped)."""
    tests = []
    for seed in range(4):
        data = random_tree(seed=seed, depth=3, players=3, value_range=(0, 5), branching=(1, 3),
                           rotate=seed % 2 == 1, ties=seed >= 2, name=f"three-{seed}")
        (folder / "trees" / f"three-{seed}.tree.json").write_text(json.dumps(data))
        tests.append({"name": f"three-{seed}", "tree": f"trees/three-{seed}.tree.json",
                      "depth": 1 + seed % 3, "points": 1})
    return tests


def write_assignment(folder: Path, algorithm: str) -> int:
    """An assignment of every built-in test this algorithm can search; its test count."""
    (folder / "trees").mkdir(parents=True)
    tests = []
    candidates = []
    for name in builtin_names(played=False):
        loaded = load_assignment(name)
        for spec in loaded.spec.tests:
            if spec.tree is None:  # a positions test: graded by its own assignment
                continue
            target = folder / "trees" / f"{name}-{Path(spec.tree).name}"
            shutil.copy(loaded.tree_path(spec), target)
            fields = spec.model_dump(exclude_none=True, exclude={"algorithm", "description"})
            if RANDOM_SEED not in accepted_options(algorithm):
                fields.pop(RANDOM_SEED, None)  # a seed only where the search draws
            candidates.append({**fields, "name": f"{name}-{spec.name}",
                               "tree": f"trees/{target.name}"})
    candidates += three_player_trees(folder)
    for test in candidates:
        if searchable(folder / test["tree"], algorithm, test):
            tests.append({**test, "checks": ["value", "action", "expanded", "evaluated"]})
    spec = {"name": f"every-{algorithm}", "entry": ENTRY, "algorithm": algorithm,
            "tests": tests}
    (folder / "assignment.yaml").write_text(yaml.safe_dump(spec, sort_keys=False))
    build_assignment(assignment=folder)
    return len(tests)


def write_submission(folder: Path, algorithm: str) -> Path:
    folder.mkdir()
    copy_reference(algorithm, folder)
    options = sorted(accepted_options(algorithm))
    (folder / "agent.py").write_text(AGENT.format(algorithm=algorithm, entry=ENTRY,
                                                  options=options))
    return folder


@pytest.mark.parametrize("algorithm", sorted(ALGORITHMS))
def test_the_reference_as_a_submission_passes_every_tree_it_accepts(
    tmp_path: Path, algorithm: str
) -> None:
    count = write_assignment(tmp_path / "a", algorithm)
    assert count >= 10, f"{algorithm} accepts only {count} tests"
    report = grade_submission(submission=write_submission(tmp_path / "sub", algorithm),
                              assignment=tmp_path / "a")
    failed = [(t.name, t.status, t.message) for t in report.tests if not t.passed]
    assert failed == []
    assert report.score == report.max_score
    three = [t for t in report.tests if t.name.startswith("three-")]
    if algorithm in ("maxn", "paranoid"):  # the searches for more than two players
        assert three, f"{algorithm} allows 3 players: it must be graded on them"
