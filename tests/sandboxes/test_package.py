"""The trust boundary in the code: ``sandboxes/`` (inside, beside the student's code) uses
the standard library and itself only; the trusted side imports only the protocol from it;
what ships into a sandbox is the whole package; and the harness's module names never
take the place of a submission's own modules."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

import grader
import sandboxes
from grader.grading.check import grade_submission
from grader.hosts.image import context_files
from sandboxes import HARNESS_FILES
from tests.examples.tiny_assignment import FIG52, write_assignment

INSIDE = Path(sandboxes.__file__).resolve().parent
TRUSTED = Path(grader.__file__).resolve().parent
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
# what the trusted side may import from inside: the protocol both sides speak, and the
# package itself (where its files are, and which: HARNESS_FILES)
SHARED = {"sandboxes", "sandboxes.link"}
MODULES = {path.stem for path in INSIDE.glob("*.py")} - {"__init__"}


def imported(path: Path) -> list[tuple[int, str]]:
    """``(line, module)`` of every import in a file, nested ones too; ``from P import N``
    gives ``P.N`` where ``N`` is a module of this package, else ``P``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            for alias in node.names:
                sub = base == "sandboxes" and alias.name in MODULES
                found.append((node.lineno, f"{base}.{alias.name}" if sub else base))
    return found


@pytest.mark.parametrize("path", sorted(INSIDE.glob("*.py")), ids=lambda p: p.name)
def test_inside_imports_the_standard_library_and_itself_only(path: Path) -> None:
    foreign = [
        f"{path.name}:{line}: {module}"
        for line, module in imported(path)
        if module.split(".")[0] not in {*sys.stdlib_module_names, "sandboxes"}
    ]
    assert foreign == []


def test_the_trusted_side_imports_only_the_protocol_from_inside() -> None:
    found = {
        (path.relative_to(TRUSTED.parent).as_posix(), line, module)
        for path in TRUSTED.rglob("*.py")
        for line, module in imported(path)
        if module.split(".")[0] == "sandboxes"
    }
    assert sorted(f for f in found if f[2] not in SHARED) == []
    hosts = {module for file, _, module in found if file.startswith("grader/hosts/")}
    assert "sandboxes.link" in hosts, "the hosts speak the protocol from sandboxes.link"


def test_what_ships_into_a_sandbox_is_the_whole_package() -> None:
    assert sorted(HARNESS_FILES) == sorted(path.name for path in INSIDE.glob("*.py"))
    assert set(context_files()) == {"Dockerfile", *HARNESS_FILES}


def test_a_submissions_modules_keep_the_names_the_harness_uses(tmp_path: Path) -> None:
    """The harness loads its folder as the ``sandboxes`` package, then gives the name back:
    a submission's own ``link.py``, ``harness.py``, ``sandboxes/`` are the submission's."""
    assignment = write_assignment(
        tmp_path / "assignment",
        {"fig52": FIG52},
        [{"name": "fig52", "tree": "trees/fig52.tree.json", "depth": 2, "points": 1}],
    )
    submission = tmp_path / "submission"
    submission.mkdir()
    own = sorted(MODULES - {"agent"})  # agent.py is the submission's entry itself
    for name in own:
        (submission / f"{name}.py").write_text('WHO = "student"\n')
    (submission / "sandboxes").mkdir()  # a package of its own named as the harness's
    (submission / "sandboxes" / "__init__.py").write_text("")
    (submission / "sandboxes" / "search.py").write_text('WHO = "student"\n')
    own.append("sandboxes.search")
    whose = ", ".join(f"{name}.WHO" for name in own)
    check = f"\nimport {', '.join(own)}\n\nassert {{{whose}}} == {{'student'}}\n"
    correct = (EXAMPLES / "alphabeta" / "correct.py").read_text()
    (submission / "agent.py").write_text(correct + check)
    report = grade_submission(submission=submission, assignment=assignment)
    assert [(t.status, t.message) for t in report.tests] == [("passed", None)]


@pytest.mark.parametrize("path", sorted(INSIDE.glob("*.py")), ids=lambda p: p.name)
def test_inside_imports_itself_only_at_the_top(path: Path) -> None:
    """The harness gives the name ``sandboxes`` back before the submission is imported: an
    import of its own modules inside a function would then load the submission's."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    late = [
        node.lineno
        for function in ast.walk(tree)
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef))
        for node in ast.walk(function)
        if isinstance(node, (ast.Import, ast.ImportFrom))
        and any(name.split(".")[0] == "sandboxes" for name in _imported(node))
    ]
    assert late == []


def _imported(node: ast.Import | ast.ImportFrom) -> list[str]:
    if isinstance(node, ast.ImportFrom):
        return [node.module or ""] if node.level == 0 else ["sandboxes"]
    return [alias.name for alias in node.names]
