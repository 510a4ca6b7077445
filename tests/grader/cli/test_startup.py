"""What the CLI imports at start-up, read from ``python -X importtime``.

``grader --help`` (and each command's ``--help``) imports Click and the light registries
only; a passing ``grader check`` imports the packages listed here and no others, so a new
heavy import fails a test that names who brought it in. Timings are not asserted here:
``bench/bench_startup.py`` prints them beside a bare interpreter.
"""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
FIRST_PARTY = ("grader", "reference", "sandboxes", "assignments")
HEAVY = ("pydantic", "pydantic_core", "jsonschema", "yaml", "rich", "docker")
HELP_GRADER_MODULES = {  # grader.cli.* aside: the registries a help text reads
    "grader",
    "grader.errors",
    "grader.authoring",
    "grader.authoring.schema_files",  # `grader schema`'s KIND choices
    "grader.hosts",
    "grader.hosts.kinds",  # --sandbox's choices, --allow-limits-only
    "grader.reports",
    "grader.reports.context",
    "grader.reports.formats",  # the report files each help lists
    "reference",
    "reference.algorithms",  # `grader tree show --algorithm`'s choices
    "reference.conventions",
}
HELP_THIRD_PARTY = {"click"}
CHECK_PACKAGES = {  # what a passing `grader check` imports, besides the standard library
    *FIRST_PARTY,
    "click",
    "yaml",  # assignment.yaml
    "pydantic",  # the assignment, tree, golden and report models
    "pydantic_core",
    "annotated_types",
    "typing_extensions",
    "typing_inspection",
    "rich",  # the table of results
}
IMPORT_LINE = re.compile(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)")
NOT_PACKAGES = (
    "_distutils_hack",
    "sitecustomize",
    "__editable__",  # the venv's start-up hooks
    "_sysconfigdata_",  # the standard library's, under a platform's name
    "_cython_",
    "cython_runtime",  # the runtime of a compiled extension (libyaml's)
)


@dataclass(frozen=True)
class Imports:
    """The modules a command imported, and who imported each (from -X importtime)."""

    modules: set[str]
    parents: dict[str, str]

    def chain(self, module: str) -> str:
        """``rich <- grader.cli.check <- grader.cli``: how ``module`` came in."""
        names = [module]
        while names[-1] in self.parents and len(names) < 20:
            names.append(self.parents[names[-1]])
        return " <- ".join(names)

    def third_party(self) -> set[str]:
        tops = {m.split(".")[0] for m in self.modules}
        return {
            t
            for t in tops
            if t not in sys.stdlib_module_names
            and t not in FIRST_PARTY
            and not t.startswith(NOT_PACKAGES)
            and t != "__main__"
        }

    def first_party(self) -> set[str]:
        return {m for m in self.modules if m.split(".")[0] in FIRST_PARTY}


def imports_of(args: list[str], ok: tuple[int, ...] = (0,)) -> Imports:
    """What ``grader ARGS`` imports, in a fresh interpreter: its ``sys.modules`` at exit
    (-X importtime lists failed imports too, and misses the command modules, which
    ``importlib.import_module`` loads); -X importtime says who imported each."""
    code = (
        "import sys\n"
        "from grader.cli import main\n"
        "try:\n"
        f"    main({args!r})\n"
        "finally:\n"
        "    print('MODULES', *sorted(sys.modules), file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode in ok, done.stdout + done.stderr[-3000:]
    entries = [
        (m.group(4), len(m.group(3)) // 2)
        for m in map(IMPORT_LINE.match, done.stderr.splitlines())
        if m
    ]
    parents = {}  # importtime lists a module after what it imported, one level deeper
    for i, (name, depth) in enumerate(entries):
        parent = next((n for n, d in entries[i + 1 :] if d < depth), None)
        if parent is not None and name not in parents:
            parents[name] = parent
    listed = next(line for line in done.stderr.splitlines() if line.startswith("MODULES "))
    modules = set(listed.split()[1:])  # importtime also lists imports that failed
    assert {name for name, _ in entries} & modules, "-X importtime listed the imports"
    return Imports(modules=modules, parents=parents)


COMMANDS_HELP = [
    pytest.param([], id="grader"),
    pytest.param(["check"], id="check"),
    pytest.param(["grade"], id="grade"),
    pytest.param(["ci"], id="ci"),
    pytest.param(["tree", "show"], id="tree-show"),
    pytest.param(["schema"], id="schema"),
]


@pytest.mark.parametrize("command", COMMANDS_HELP)
def test_help_imports_only_click_and_the_light_registries(command: list[str]) -> None:
    found = imports_of([*command, "--help"])
    heavy = sorted(m for m in found.modules if m.split(".")[0] in HEAVY)
    assert heavy == [], "\n".join(found.chain(m) for m in heavy)
    assert found.third_party() <= HELP_THIRD_PARTY, found.third_party()
    stray = sorted(
        m
        for m in found.first_party()
        if m not in HELP_GRADER_MODULES and not m.startswith("grader.cli")
    )
    assert stray == [], "\n".join(found.chain(m) for m in stray)
    assert "grader.cli" in found.modules and "click" in found.third_party()


def test_a_passing_check_imports_only_the_listed_packages() -> None:
    found = imports_of(["check", "examples/alphabeta/correct.py", "-a", "alphabeta"])
    tops = found.third_party() | {m.split(".")[0] for m in found.first_party()}
    strays = sorted(tops - CHECK_PACKAGES)
    assert strays == [], "\n".join(found.chain(m) for m in strays)
    not_needed = {"jsonschema", "docker", "grader.reports.html", "grader.reports.svg"}
    assert not_needed & found.modules == set(), sorted(not_needed & found.modules)
    assert {"grader.grading.check", "rich", "pydantic"} <= found.modules  # the scan saw them
