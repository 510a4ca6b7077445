"""``grader import cs188``: a CS188 course's multi-agent tests, an assignment per question.

CS188's ``test_cases`` folder holds a folder per question (``q2`` minimax, ``q3``
alpha-beta, ``q4`` expectimax, ...), each with a ``CONFIG`` (``max_points``, and the
question's class: CS188 gives a question's points only when all its tests pass) and
``.test`` files of several classes. Every ``GraphGameTreeTest`` (a fixed tree:
:mod:`grader.courses.cs188`) is converted; the other classes play Pacman games
(``PacmanGameTreeTest``, ``EvalAgentTest``) and are skipped, each named with why. Each
question with fixed trees becomes an assignment of its own, worth the question's points,
that grades the students' ``multiAgents.py`` unchanged (``entry_kind: cs188``, the agent
class CS188's tests name) or, with ``entry_kind="function"``, a function
``f(game, state, depth)``. Everything is read and checked before anything is written.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from grader.authoring.assignment import ASSIGNMENT_FILE
from grader.authoring.build import build_assignment
from grader.courses.cs188 import (
    AGENTS,
    TEST_CLASS,
    GraphTest,
    check_solution,
    conventions_of,
    load_graph_tree,
    read_entries,
    read_test,
    tree_data,
)
from grader.errors import GraderError, InputFileError
from reference.algorithms import ALGORITHMS

CONFIG = "CONFIG"
TREES_DIR = "trees"
ACTION_CHECKS = ["action", "expanded", "evaluated", "generated"]
FUNCTION_CHECKS = ["value", *ACTION_CHECKS]
NOT_FIXED_TREES = {
    "PacmanGameTreeTest": "plays Pacman games on a layout, not a fixed tree",
    "EvalAgentTest": "scores an agent by playing Pacman games, not a fixed tree",
}
AGENT_OF = {algorithm: agent for agent, algorithm in AGENTS.items()}


@dataclass(frozen=True)
class Question:
    """One question's fixed-tree tests, read and checked, and its points."""

    name: str
    tests: list[GraphTest]
    points: float | None  # CONFIG's max_points (None: no CONFIG, a point a test)


@dataclass(frozen=True)
class ImportedQuestion:
    """One assignment the import wrote."""

    name: str
    folder: Path
    entry: str
    tests: list[str]
    points: float


@dataclass(frozen=True)
class Imported:
    """What an import wrote, and what it passed over (files, or whole questions)."""

    assignments: list[ImportedQuestion]
    skipped: list[tuple[Path, str]] = field(default_factory=list)


def import_cs188(
    *, tests: Path, out: Path, name: str | None = None, entry_kind: str = "cs188",
    all_or_nothing: bool = False,
) -> Imported:
    """Convert CS188's fixed-tree tests into assignments, goldens built: ``tests`` is a
    course's ``test_cases`` folder (an assignment per question, in ``out/<question>``),
    one question's folder or one ``.test`` file (one assignment, in ``out``)."""
    if entry_kind not in ("cs188", "function"):
        raise GraderError(f"entry kind {entry_kind!r} is not one of cs188, function")
    questions, skipped = _questions(tests)
    if not questions:
        raise GraderError(f"{tests}: no {TEST_CLASS} .test files here")
    _prepare_out(out)
    single = len(questions) == 1 and questions[0][0] == tests
    written = []
    for folder, question in questions:
        where = out if single else out / question.name
        title = name or (out.resolve().name if single else question.name)
        if name and not single:
            title = f"{name}-{question.name}"
        written.append(_write(question, where, title, folder.name, entry_kind, all_or_nothing))
    return Imported(assignments=written, skipped=skipped)


def _questions(tests: Path) -> tuple[list[tuple[Path, Question]], list[tuple[Path, str]]]:
    """Each question of ``tests`` with its folder, and what is skipped."""
    if tests.is_file() or (tests.is_dir() and any(tests.glob("*.test"))):
        question, passed_over = _read_question(tests)
        return ([(tests, question)] if question.tests else []), passed_over
    if not tests.is_dir():
        raise GraderError(f"{tests}: no such file or folder")
    found: list[tuple[Path, Question]] = []
    skipped: list[tuple[Path, str]] = []
    for folder in sorted(p for p in tests.iterdir() if p.is_dir() and any(p.glob("*.test"))):
        question, passed_over = _read_question(folder)
        skipped += passed_over
        if question.tests:
            found.append((folder, question))
        else:
            skipped.append((folder, f"question {folder.name}: no {TEST_CLASS}, nothing to grade"))
    return found, skipped


def _read_question(where: Path) -> tuple[Question, list[tuple[Path, str]]]:
    """A question's fixed-tree tests (checked against their solutions) and points."""
    paths = [where] if where.is_file() else sorted(where.glob("*.test"))
    found: list[GraphTest] = []
    skipped: list[tuple[Path, str]] = []
    for path in paths:
        kind = read_entries(path).get("class")
        shown = kind.value if kind else "none"
        if shown != TEST_CLASS:
            why = NOT_FIXED_TREES.get(shown, f"not {TEST_CLASS}")
            skipped.append((path, f"class {shown}: {why}"))
            continue
        test = read_test(path)
        if any(t.name == test.name for t in found):
            raise InputFileError(path, "", f"another file also makes a test named {test.name!r}")
        found.append(test)
    algorithms = sorted({t.algorithm for t in found})
    if len(algorithms) > 1:
        raise GraderError(
            f"{where}: the tests use {', '.join(algorithms)}; an assignment grades one entry "
            "point, so import each question's folder on its own"
        )
    for test in found:
        check_solution(test, load_graph_tree(test))
    folder = where.parent if where.is_file() else where
    return Question(folder.name, found, _max_points(folder / CONFIG)), skipped


def _max_points(path: Path) -> float | None:
    if not path.is_file():
        return None
    entry = read_entries(path).get("max_points")
    if entry is None:
        return None
    try:
        points = float(entry.value)
    except ValueError:
        points = -1.0
    if points < 0:
        raise InputFileError(path, f"line {entry.line}", "max_points must be a number >= 0")
    return points


def _prepare_out(out: Path) -> None:
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise GraderError(f"{out}: exists and is not an empty folder; choose a new one")
    out.mkdir(parents=True, exist_ok=True)


def _write(
    question: Question, out: Path, name: str, origin: str, entry_kind: str,
    all_or_nothing: bool,
) -> ImportedQuestion:
    out.mkdir(parents=True, exist_ok=True)
    (out / TREES_DIR).mkdir()
    for t in question.tests:
        text = json.dumps(tree_data(t), indent=2) + "\n"
        (out / TREES_DIR / f"{t.name}.tree.json").write_text(text, encoding="utf-8")
    spec = assignment_data(name, question, origin, entry_kind, all_or_nothing)
    (out / ASSIGNMENT_FILE).write_text(
        yaml.safe_dump(spec, sort_keys=False, width=88), encoding="utf-8"
    )
    build_assignment(assignment=out)
    total = sum(t["points"] for t in spec["tests"])
    return ImportedQuestion(name, out, spec["entry"], [t.name for t in question.tests], total)


def shares(total: float, count: int) -> list[float]:
    """``total`` points in ``count`` near-equal shares (to 1e-4) that add up to it."""
    marks = [round(total * i / count, 4) for i in range(count + 1)]
    return [round(marks[i + 1] - marks[i], 4) for i in range(count)]


def assignment_data(
    name: str, question: Question, origin: str, entry_kind: str = "cs188",
    all_or_nothing: bool = False,
) -> dict[str, Any]:
    """``assignment.yaml`` of one question's converted tests: the question's points
    shared among them (a point each without a CONFIG)."""
    tests = question.tests
    algorithm = tests[0].algorithm
    total = question.points if question.points is not None else float(len(tests))
    points = shares(total, len(tests)) if question.points is not None else [1] * len(tests)
    specs = []
    for t, share in zip(tests, points, strict=True):
        spec: dict[str, Any] = {
            "name": t.name,
            "tree": f"{TREES_DIR}/{t.name}.tree.json",
            "depth": t.plies,
            "points": share,
            "checks": list(ACTION_CHECKS if entry_kind == "cs188" else FUNCTION_CHECKS),
            "description": f"CS188 depth {t.rounds} with {t.agents} agents: "
            f"{t.rounds} x {t.agents} = {t.plies} plies",
        }
        spec.update(conventions_of(t))
        specs.append(spec)
    head: dict[str, Any] = {"name": name}
    if entry_kind == "cs188":
        head.update(entry=AGENT_OF[algorithm], entry_kind="cs188", algorithm=algorithm)
    else:
        head.update(entry=algorithm)
    head["description"] = _description(algorithm, origin, entry_kind)
    if all_or_nothing:
        head["all_or_nothing"] = True
    return {**head, "tests": specs}


def _description(algorithm: str, origin: str, entry_kind: str) -> str:
    prune = (
        " Prune only when a value is strictly outside the window (alpha > beta: a tie is "
        "no cut), as CS188 asks."
        if algorithm == "alphabeta" else ""
    )
    chance = ALGORITHMS[algorithm].values == "expectation"
    if entry_kind == "cs188":
        ghosts = "each ghost's move is a chance node of equally likely moves" if chance else (
            "each ghost (agent 1 and up) is a MIN layer of its own")
        return (
            f"Imported from CS188 GraphGameTreeTest files ({origin}). Submit multiAgents.py "
            f"unchanged: each test builds {AGENT_OF[algorithm]}(depth=d), d in rounds of all "
            f"agents as CS188 counts it, and calls getAction on the test's tree; {ghosts}."
            f"{prune} Graded: the action, the states you expand and evaluate in order, and "
            "how many successors you generate (generateSuccessor calls); CS188 compares the "
            "action and the set of generated states, which these imply. The value is not "
            "graded: getAction returns an action only. Listing moves (getLegalActions) is free."
        )
    layers = (
        "every ghost's move is a chance node of equally likely moves (game.is_chance(s))"
        if chance else "every ghost is a MIN layer of its own"
    )
    soft = " Return the best value seen (game.fail_soft is True)." if prune else ""
    return (
        f"Imported from CS188 GraphGameTreeTest files ({origin}). Define {algorithm}(game, "
        "state, depth) returning (value, action) for Pacman, player 0, who maximises; "
        f"{layers}. depth is in plies: CS188's depth of d rounds with n agents is d * n "
        f"plies. Search actions in order and keep the first best action on ties.{prune}{soft}"
        " Graded: value, action, the nodes you expand and evaluate in order, and how many "
        "states you generate (game.result calls); CS188 compares the action and the set of "
        "generated states, which these checks imply."
    )
