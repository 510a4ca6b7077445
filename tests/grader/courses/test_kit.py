"""``grader kit``: the student kit of every built-in assignment holds no reference code
and nothing of a hidden test, and the command its README gives works inside it."""

from __future__ import annotations

import ast
import json
import re
import shlex
import shutil
import sys
import zipfile
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from grader.authoring.assignment import LoadedAssignment, builtin_names, load_assignment
from grader.cli import main
from grader.courses.kit import build_kit
from grader.errors import GraderError

REPO = Path(__file__).resolve().parents[3]
REFERENCE = REPO / "reference"
SHIPPED = ("__init__.py", "conventions.py", "algorithms.py")
"""The modules of reference/ the students' wheel holds: the registries, no search."""


def kit_texts(kit: Path) -> dict[str, str]:
    """Every text of the kit by its path, the files inside its wheel included."""
    texts = {}
    for path in sorted(kit.rglob("*")):
        rel = path.relative_to(kit).as_posix()
        if path.suffix == ".whl":
            with zipfile.ZipFile(path) as wheel:
                for member in wheel.namelist():
                    texts[f"{rel}!{member}"] = wheel.read(member).decode("utf-8")
        elif path.is_file():
            texts[rel] = path.read_text(encoding="utf-8")
    return texts


def reference_code_lines() -> dict[str, list[str]]:
    """Each reference module's lines of code that are long enough to be telling (the
    registries the students' wheel ships aside)."""
    found = {}
    for module in sorted(p for p in REFERENCE.glob("*.py") if p.name not in SHIPPED):
        lines = [line.strip() for line in module.read_text().splitlines()]
        found[module.name] = [
            line for line in lines
            if len(line) >= 24 and not line.startswith(("#", '"', "from ", "import "))
            and not (line.startswith("def ") and line.endswith("("))  # a name, as the starter's
        ]
    return found


def hidden_and_visible(loaded: LoadedAssignment) -> tuple[list[str], list[str]]:
    hidden = [t.name for t in loaded.spec.tests if t.visibility == "hidden"]
    visible = [t.name for t in loaded.spec.tests if t.visibility == "visible"]
    return hidden, visible


@pytest.fixture(scope="module", params=builtin_names(played=False))
def built_kit(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
              ) -> tuple[str, Path]:
    name = str(request.param)
    kit = tmp_path_factory.mktemp(f"kit-{name}") / "kit"
    build_kit(assignment=name, out=kit)
    return name, kit


def test_kit_holds_no_reference_code(built_kit: tuple[str, Path]) -> None:
    _, kit = built_kit
    texts = kit_texts(kit)
    code = reference_code_lines()
    assert sum(len(lines) for lines in code.values()) > 100  # the check has teeth
    for module, lines in code.items():
        source = (REFERENCE / module).read_text()
        for rel, text in texts.items():
            assert source not in text, f"{rel} holds reference/{module}"
            if "!" in rel:  # the wheel's grader shares signatures with reference/, not code
                continue
            leaked = [line for line in lines if line in text]
            assert not leaked, f"{rel} holds code of reference/{module}: {leaked[:3]}"
    assert not any(rel.startswith("reference/") for rel in texts)
    shipped = sorted(rel.partition("!reference/")[2] for rel in texts if "!reference/" in rel)
    assert shipped == sorted(SHIPPED), "the wheel holds the registries of reference/ only"
    assert not any("!assignments/" in rel for rel in texts)
    wheel = [rel for rel in texts if rel.startswith("wheels/") and rel.endswith("cli/check.py")]
    assert wheel, "the kit carries the students' grader"


def test_kit_holds_nothing_of_a_hidden_test(built_kit: tuple[str, Path]) -> None:
    name, kit = built_kit
    loaded = load_assignment(name)
    hidden, visible = hidden_and_visible(loaded)
    assert hidden, f"{name} has no hidden test to leave out"
    texts = kit_texts(kit)
    for spec in loaded.spec.tests:
        golden = loaded.golden_path(spec).read_text()
        holders = [rel for rel, text in texts.items() if golden in text]
        assert holders == ([f"assignment/golden/{spec.name}.json"]
                           if spec.visibility == "visible" else []), spec.name
    files = {s.name: loaded.tree_path(s) for s in loaded.spec.tests}  # None: a position
    shown_trees = {path.read_text() for s in loaded.spec.tests
                   if s.visibility == "visible" and (path := files[s.name]) is not None}
    for spec in loaded.spec.tests:
        path = files[spec.name]
        if path is None:  # a positions test: its game is the grader's, its position in YAML
            continue
        tree = path.read_text()
        if tree not in shown_trees:  # a tree only hidden tests use
            assert not any(tree in text for text in texts.values()), spec.tree
    for rel, text in texts.items():
        if rel.startswith("assignment/golden/"):
            assert json.loads(text)["test"] in visible
    kit_tests = yaml.safe_load(texts["assignment/assignment.yaml"])["tests"]
    assert [t["name"] for t in kit_tests] == visible
    table_names = re.findall(r"^\| `([^`]+)` \|", texts["README.md"], flags=re.M)
    assert table_names == visible


def readme_commands(kit: Path) -> list[list[str]]:
    """The README's ``sh`` blocks, one command each: install, then check."""
    blocks = re.findall(r"```sh\n(.*?)```", (kit / "README.md").read_text(), flags=re.S)
    commands = []
    for block in blocks:
        lines = [line for line in block.splitlines() if line.strip()]
        assert len(lines) == 1
        commands.append(shlex.split(lines[0]))
    return commands


def readme_command(kit: Path) -> list[str]:
    """The README's command that checks the agent."""
    install, check = readme_commands(kit)
    assert install[:4] == ["python", "-m", "pip", "install"]
    assert (kit / install[4]).is_file()
    return check


def test_readme_command_checks_the_visible_tests(
    built_kit: tuple[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    name, source = built_kit
    kit = tmp_path / "unpacked"
    shutil.copytree(source, kit)
    shutil.copy(REPO / "examples" / name / "correct.py", kit / "agent.py")
    monkeypatch.chdir(kit)
    command = readme_command(kit)
    assert command[:2] == ["grader", "check"]
    result = CliRunner().invoke(main, [*command[1:], "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    loaded = load_assignment(name)
    hidden, visible = hidden_and_visible(loaded)
    assert [t["name"] for t in report["tests"]] == visible
    points = sum(t.points for t in loaded.spec.tests if t.visibility == "visible")
    assert report["max_score"] == report["score"] == points
    shown = CliRunner().invoke(main, command[1:])
    assert shown.exit_code == 0
    assert f"({len(visible)} of {len(visible)} tests passed)" in shown.output
    assert not [h for h in hidden if re.search(rf"(?<![\w-]){re.escape(h)}(?![\w-])",
                                                 shown.output)]


def test_starter_defines_the_entry_point_with_its_docstring(built_kit: tuple[str, Path]) -> None:
    name, kit = built_kit
    spec = load_assignment(name).spec
    module = ast.parse((kit / "agent.py").read_text())
    functions = [n for n in module.body if isinstance(n, ast.FunctionDef)]
    assert [f.name for f in functions] == [spec.entry]
    assert [a.arg for a in functions[0].args.args] == ["game", "state", "depth"]
    doc = " ".join((ast.get_docstring(functions[0]) or "").split())
    assert " ".join((spec.description or "").split())[:60] in doc


def test_starter_runs_and_fails_every_test(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                           ) -> None:
    kit = tmp_path / "kit"
    build_kit(assignment="minimax", out=kit)
    monkeypatch.chdir(kit)
    result = CliRunner().invoke(main, ["check", "agent.py", "-a", "assignment", "--json"])
    assert result.exit_code == 1
    report = json.loads(result.output)
    assert {t["status"] for t in report["tests"]} == {"error"}
    assert "write your search here" in report["tests"][0]["message"] + str(
        report["tests"][0]["detail"]
    )


def test_cli_writes_the_kit(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["kit", "-a", "maxn", "-o", str(tmp_path / "kit")])
    assert result.exit_code == 0, result.output
    assert "grader check agent.py -a assignment" in result.output
    assert (tmp_path / "kit" / "assignment" / "assignment.yaml").is_file()


def small_assignment(
    folder: Path, visibility: str = "hidden", description: str | None = None
) -> Path:
    """fig 5.2 as one test.   A(max) -> B(min) 3 12 8 | C(min) 2 4 6 | D(min) 14 5 2"""
    from grader.authoring.build import build_assignment

    (folder / "trees").mkdir(parents=True)
    shutil.copy(REPO / "assignments" / "minimax" / "trees" / "fig52.tree.json", folder / "trees")
    spec: dict[str, object] = {"name": "small", "entry": "minimax", "tests": [
        {"name": "fig52", "tree": "trees/fig52.tree.json", "depth": 2, "points": 1,
         "visibility": visibility}]}
    if description is not None:
        spec["description"] = description
    (folder / "assignment.yaml").write_text(yaml.safe_dump(spec))
    build_assignment(assignment=folder)
    return folder


def test_starter_survives_quotes_and_backslashes(tmp_path: Path) -> None:
    about = 'Return """both""" values; a path like C:\\new\\tree is text.'
    folder = small_assignment(tmp_path / "a", "visible", description=about)
    build_kit(assignment=folder, out=tmp_path / "kit")
    module = ast.parse((tmp_path / "kit" / "agent.py").read_text())
    function = next(n for n in module.body if isinstance(n, ast.FunctionDef))
    assert about in " ".join((ast.get_docstring(function) or "").split())


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        pytest.param("all-hidden", "every test is hidden", id="all-hidden"),
        pytest.param("stale", "goldens are not current", id="stale-golden"),
        pytest.param("full-out", "not an empty folder", id="out-not-empty"),
    ],
)
def test_refusals(tmp_path: Path, setup: str, message: str) -> None:
    folder = small_assignment(tmp_path / "a", "hidden" if setup == "all-hidden" else "visible")
    out = tmp_path / "kit"
    if setup == "stale":
        tree = folder / "trees" / "fig52.tree.json"
        tree.write_text(tree.read_text().replace("14", "15"))
    if setup == "full-out":
        out.mkdir()
        (out / "notes.txt").write_text("mine")
    with pytest.raises(GraderError, match=message):
        build_kit(assignment=folder, out=out)


def _runtime_imports(tree: ast.AST) -> list[str]:
    """The modules a module imports when it runs (``if TYPE_CHECKING:`` blocks aside)."""
    found: list[str] = []
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            continue
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append(node.module or "")
        else:
            found += _runtime_imports(node)
    return found


@pytest.mark.parametrize("module", SHIPPED, ids=[m.removesuffix(".py") for m in SHIPPED])
def test_the_shipped_registries_need_only_the_standard_library(module: str) -> None:
    imported = _runtime_imports(ast.parse((REFERENCE / module).read_text()))
    shipped = {f"reference.{m.removesuffix('.py')}" for m in SHIPPED} | {"reference"}
    outside = [m for m in imported
               if m not in shipped and m.partition(".")[0] not in sys.stdlib_module_names]
    assert outside == [], f"reference/{module} imports {outside}, which the wheel lacks"


def test_an_agents_assignment_has_no_kit_and_says_how_to_check(tmp_path: Path) -> None:
    with pytest.raises(GraderError, match=r"an agents assignment has no student kit.*grader "
                       r"check agent\.py"):
        build_kit(assignment="connect4-agent", out=tmp_path / "kit")
    assert not (tmp_path / "kit").exists()
