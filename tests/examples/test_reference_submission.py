"""The reference itself, submitted as a student would, through the real local sandbox.

The sandbox cannot import this project (it runs ``python -I -S`` with only the submission
folder on ``sys.path``), so the submission is the reference module of the assignment's
algorithm and the modules it imports, copied beside an ``agent.py`` that reads the test's
conventions off ``game`` and calls it. What the grader records of it must equal what the
reference records: the goldens, and the reference run again here on a ``TreeGame``.
"""

from __future__ import annotations

import ast
import dataclasses
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from grader.authoring.assignment import Check, builtin_names, load_assignment
from grader.grading.check import Prepared, grade_submission, prepare
from grader.grading.report import Report
from grader.grading.scoring import shown
from reference.algorithms import accepted_options
from tests.examples.tiny_assignment import reference_record

REFERENCE = Path(__file__).resolve().parents[2] / "reference"
NAMES = builtin_names(played=False)
ASSIGNMENTS = [pytest.param(name, id=name) for name in NAMES]
RECORDED: list[Check] = ["value", "action", "expanded", "evaluated", "generated", "prunes"]


def imported_modules(source: str) -> set[str]:
    """The ``reference.*`` modules a reference module imports."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("reference."):
            found.add((node.module or "").removeprefix("reference."))
        elif isinstance(node, ast.Import):
            found |= {a.name.removeprefix("reference.") for a in node.names
                      if a.name.startswith("reference.")}
    return found


def copy_reference(module: str, folder: Path) -> list[str]:
    """Copy ``reference/<module>.py`` and what it imports into ``folder`` as top-level
    modules (``from reference.api import`` becomes ``from api import``); return their names."""
    todo, done = [module], []
    while todo:
        name = todo.pop()
        if name in done:
            continue
        source = (REFERENCE / f"{name}.py").read_text()
        todo.extend(sorted(imported_modules(source)))
        rewritten = source.replace("from reference.", "from ").replace(
            "import reference.", "import "
        )
        (folder / f"{name}.py").write_text(rewritten)
        done.append(name)
    return done


AGENT = '''"""The reference {algorithm} search, submitted under the entry point {entry}."""

from {algorithm} import {algorithm} as reference_search

CONVENTIONS = {options!r}


def {entry}(game, state, depth):
    options = {{k: getattr(game, k) for k in CONVENTIONS if hasattr(game, k)}}
    return reference_search(game, state, depth, **options)
'''


def write_submission(folder: Path, assignment: str) -> Path:
    """A submission folder that runs the reference algorithm ``assignment`` is graded by."""
    spec = load_assignment(assignment).spec
    algorithms = {spec.reference_for(t) for t in spec.tests}
    assert len(algorithms) == 1, f"{assignment}: one submission cannot play {algorithms}"
    algorithm = algorithms.pop()
    folder.mkdir()
    copied = copy_reference(algorithm, folder)
    assert "registry" not in copied  # nothing that needs the rest of the package
    options = sorted(accepted_options(algorithm))
    agent = AGENT.format(algorithm=algorithm, entry=spec.entry, options=options)
    (folder / "agent.py").write_text(agent)
    return folder


@cache
def prepared(assignment: str) -> Prepared:
    return prepare(assignment=assignment)


def recording_everything(ready: Prepared) -> Prepared:
    """The same tests, each checking every recorded field (the goldens hold them all)."""
    contexts = [
        dataclasses.replace(c, spec=c.spec.model_copy(update={"checks": RECORDED}))
        for c in ready.contexts
    ]
    return dataclasses.replace(ready, contexts=contexts)


def test_the_submission_is_the_reference_source(tmp_path: Path) -> None:
    folder = write_submission(tmp_path / "sub", "quiescence")
    # quiescence -> api, window, value_for; window -> api; value_for -> api, conventions;
    # api -> conventions (depth in plies); nothing imports the package any more
    assert sorted(p.name for p in folder.iterdir()) == [
        "agent.py", "api.py", "conventions.py", "quiescence.py", "value_for.py", "window.py"
    ]
    for path in folder.glob("*.py"):
        tree = ast.parse(path.read_text())
        imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        assert not any(m and m.split(".")[0] == "reference" for m in imported), path.name


@pytest.mark.parametrize("name", ASSIGNMENTS)
def test_the_reference_scores_full_marks(tmp_path: Path, name: str) -> None:
    report = grade_submission(
        submission=write_submission(tmp_path / "sub", name), assignment=prepared(name)
    )
    assert report.sandbox == "local"
    assert [(t.name, t.status, t.message) for t in report.tests if not t.passed] == []
    assert report.score == report.max_score > 0


@pytest.mark.parametrize("name", ASSIGNMENTS)
def test_the_grader_records_what_the_reference_records(tmp_path: Path, name: str) -> None:
    ready = recording_everything(prepared(name))
    report: Report = grade_submission(
        submission=write_submission(tmp_path / "sub", name), assignment=ready
    )
    assert [(t.name, t.message) for t in report.tests if not t.passed] == []
    for ctx, result in zip(ready.contexts, report.tests, strict=True):
        assert result.name == ctx.spec.name
        assert result.got is not None and result.expected is not None
        assert list(result.got) == RECORDED
        assert result.got == result.expected, ctx.spec.name
        fresh = reference_record(
            ctx.tree, ctx.algorithm, ctx.spec.depth, **ctx.spec.conventions()
        )
        # a long search's lists are shown as counts and digests, as its golden keeps them
        here: dict[str, Any] = shown(fresh, RECORDED, ctx.golden.prunes,
                                     long_search=ctx.golden.digest is not None)
        assert result.got == here, ctx.spec.name
