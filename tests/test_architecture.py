"""The shape of the code: no import cycles between first-party modules, no oversized module,
no function too complex to follow (radon), no dead code (vulture)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
import vulture
from radon.complexity import cc_visit

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("grader", "reference", "sandboxes")
MAX_LINES = 500
MAX_COMPLEXITY = 15  # radon's cyclomatic complexity of one function or method
DEAD_CODE_CONFIDENCE = 80  # vulture's: 100 is certain, 60 is a name never referenced


def _modules() -> dict[str, Path]:
    """Every first-party module by dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The first-party modules ``name`` imports at run time, wherever the import stands
    (a function-local import is an import all the same; ``if TYPE_CHECKING:`` is not)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = {
        id(n) for node in ast.walk(tree) if isinstance(node, ast.If) and _type_checking_only(node)
        for stmt in node.body for n in ast.walk(stmt)
    }
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = name.split(".")
                anchor = anchor if is_package else anchor[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, *([base] if base else [])])
            targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def _package_edges_dropped(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """A package's ``__init__`` importing its own submodules is how a package presents them,
    not a cycle: keep only the edges that do not run from a package into itself."""
    return {
        m: {t for t in targets if not t.startswith(f"{m}.")} for m, targets in graph.items()
    }


def test_no_import_cycles() -> None:
    modules = _modules()
    known = set(modules)
    graph = {name: _imports(name, path, known) for name, path in modules.items()}
    assert _cycles(_package_edges_dropped(graph)) == []


def test_a_cycle_is_found() -> None:
    # a -> b -> c -> a, and d -> a outside the cycle
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [["a", "b", "c"]]


@pytest.mark.parametrize("name", sorted(_modules()))
def test_module_size(name: str) -> None:
    lines = _modules()[name].read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_LINES, f"{name} has {lines} lines; split it by concern"


@pytest.mark.parametrize("name", sorted(_modules()))
def test_complexity(name: str) -> None:
    blocks = cc_visit(_modules()[name].read_text(encoding="utf-8"))
    tangled = [f"{b.fullname} ({b.complexity})" for b in blocks
               if b.complexity > MAX_COMPLEXITY]
    assert tangled == [], f"{name}: split these: {', '.join(tangled)}"


def test_no_dead_code() -> None:
    finder = vulture.Vulture()
    finder.scavenge([str(ROOT / package) for package in PACKAGES])
    dead = [f"{item.filename.relative_to(ROOT)}:{item.first_lineno}: {item.message}"
            for item in finder.get_unused_code(min_confidence=DEAD_CODE_CONFIDENCE)]
    assert dead == []
