"""The student kit of an assignment: what a course hands to its students.

:func:`build_kit` writes a folder a student can unpack and work in::

    README.md          the assignment, its visible tests, how to install and check
    agent.py           a starter: the entry point with its docstring
    assignment/        assignment.yaml with the visible tests only, their trees and goldens,
                       and mistakes.json: what each known mistake does on each of them
    wheels/            the students' grader (:mod:`grader.courses.wheel`), installed with pip
    .github/workflows/grade.yml   the same check on every push (GitHub Actions)

``grader check agent.py -a assignment`` run in the kit grades the visible tests, with the
same feedback as the course's grading, known mistakes named. Hidden tests are left out
entirely (not their names, trees, goldens or points), and so is everything of
``reference/``: the goldens and the known mistakes' traces are the only answers a kit
holds, and only for the tests it shows.
"""

from __future__ import annotations

import textwrap
from pathlib import Path, PurePosixPath
from typing import Any

import yaml

from grader.authoring.assignment import ASSIGNMENT_FILE, GOLDEN_DIR, LoadedAssignment, TestSpec
from grader.authoring.build import build_assignment
from grader.courses.wheel import student_wheel, wheel_name
from grader.errors import GraderError
from grader.feedback.catalogue import CATALOGUE_FILE, catalogue_entry, catalogue_json
from grader.reports.feedback import points

KIT_ASSIGNMENT = "assignment"
STARTER = "agent.py"
README = "README.md"
WHEELS = "wheels"
WORKFLOW = ".github/workflows/grade.yml"
WORKFLOW_TEMPLATE = Path(__file__).parent / "templates" / "grade.yml"


def install_command() -> str:
    """The command that installs the kit's grader (its dependencies from the index)."""
    return f"python -m pip install ./{WHEELS}/{wheel_name()}"


def check_command(entry_file: str = STARTER) -> str:
    """The command a student runs inside the kit."""
    return f"grader check {entry_file} -a {KIT_ASSIGNMENT}"


def build_kit(*, assignment: str | Path, out: Path) -> list[Path]:
    """Write the student kit of ``assignment`` (a built-in name or a folder) into ``out``,
    which must be missing or empty. Refuses an assignment whose goldens are not current.
    Returns the files written."""
    from grader.authoring.assignment import load_assignment

    loaded = load_assignment(assignment)
    if loaded.spec.play is not None:  # its opponents need the reference searches
        raise GraderError(
            f"{loaded.folder}: an agents assignment has no student kit (its built-in "
            "opponents run the reference searches, which a kit leaves out); students "
            "check their agent with the full grader: grader check agent.py -a "
            f"{loaded.folder}")
    visible = [t for t in loaded.spec.tests if t.visibility == "visible"]
    if not visible:
        raise GraderError(
            f"{loaded.folder}: every test is hidden, so a kit would hold no test; "
            "make at least one test `visibility: visible`"
        )
    build_assignment(assignment=loaded.folder, check=True)  # goldens current, or refuse
    files = kit_files(loaded, visible)
    _prepare_out(out)
    written = []
    for rel, data in files.items():
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        written.append(path)
    return written


def kit_files(loaded: LoadedAssignment, visible: list[TestSpec]) -> dict[str, bytes]:
    """Every file of the kit, by its path inside the kit."""
    files: dict[str, bytes] = {}
    for spec in visible:
        tree_path = loaded.tree_path(spec)
        if spec.tree is not None and tree_path is not None:  # a positions test has no file
            files[f"{KIT_ASSIGNMENT}/{_inside(loaded, spec.tree)}"] = tree_path.read_bytes()
        golden = loaded.golden_path(spec)
        files[f"{KIT_ASSIGNMENT}/{GOLDEN_DIR}/{golden.name}"] = golden.read_bytes()
    files[f"{KIT_ASSIGNMENT}/{ASSIGNMENT_FILE}"] = kit_yaml(loaded, visible).encode()
    files[f"{KIT_ASSIGNMENT}/{CATALOGUE_FILE}"] = catalogue_bytes(loaded, visible)
    files[STARTER] = starter_source(loaded).encode()
    files[README] = readme_text(loaded, visible).encode()
    name, wheel = student_wheel()
    files[f"{WHEELS}/{name}"] = wheel
    files[WORKFLOW] = workflow_text().encode()
    return files


def catalogue_bytes(loaded: LoadedAssignment, visible: list[TestSpec]) -> bytes:
    """``mistakes.json``: what each known mistake does on each visible test, so that the
    kit names a student's mistake without the reference code that makes the traces."""
    from grader.grading.check import prepare

    ready = prepare(assignment=loaded.folder, tests=[t.name for t in visible])
    entries = [  # each correct form's, where a diagnosis looks (TestContext.open_forms)
        catalogue_entry(**{**ctx.variant_inputs(), "conventions": conventions})
        for ctx in ready.contexts
        for conventions in (ctx.spec.conventions(), *ctx.open_forms())
    ]
    once = {entry["key"]: entry for entry in entries}  # forms that set the same conventions
    return catalogue_json(list(once.values())).encode()


def workflow_text() -> str:
    """The GitHub Actions workflow that runs the kit's check on every push."""
    template = WORKFLOW_TEMPLATE.read_text(encoding="utf-8")
    return template.replace("{wheel}", f"./{WHEELS}/{wheel_name()}")


def _inside(loaded: LoadedAssignment, tree: str) -> str:
    rel = PurePosixPath(tree)
    if rel.is_absolute() or ".." in rel.parts:
        raise GraderError(
            f"{loaded.folder / ASSIGNMENT_FILE}: tree {tree!r} lies outside the assignment "
            "folder; a kit holds only the folder's own files, so move the tree inside it"
        )
    return rel.as_posix()


def _prepare_out(out: Path) -> None:
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise GraderError(f"{out}: exists and is not an empty folder; choose a new one")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise GraderError(f"{out}: cannot create the kit folder ({exc})") from None


def kit_yaml(loaded: LoadedAssignment, visible: list[TestSpec]) -> str:
    """``assignment.yaml`` with the visible tests only."""
    data: dict[str, Any] = loaded.spec.model_dump(mode="json", exclude_defaults=True)
    data["tests"] = [t.model_dump(mode="json", exclude_defaults=True) for t in visible]
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=88)


def _docstring(text: str, indent: str) -> str:
    """``text`` as the body of a triple-quoted docstring, wrapped and escaped."""
    safe = text.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    paragraphs = [p for p in safe.split("\n\n") if p.strip()]
    wrapped = [
        textwrap.fill(" ".join(p.split()), width=84, initial_indent=indent,
                      subsequent_indent=indent)
        for p in paragraphs
    ]
    return "\n\n".join(wrapped)


def starter_source(loaded: LoadedAssignment) -> str:
    """The starter ``agent.py``: the entry point, documented, not yet written."""
    spec = loaded.spec
    about = spec.description or f"The {spec.name} assignment."
    return f'''"""{spec.name}: your agent.

Check your work with:  {check_command()}
"""

from __future__ import annotations


def {spec.entry}(game, state, depth):
    """Return (value, action) for ``state``, searching ``depth`` deep.

{_docstring(about, "    ")}

    ``game`` offers game.num_players, game.to_move(s), game.actions(s), game.result(s, a),
    game.is_terminal(s), game.utility(s, p=0), game.utilities(s), game.evaluate(s, p=0),
    game.evaluations(s), game.is_quiet(s), game.noisy_actions(s), game.is_chance(s) and
    game.chance_outcomes(s); a test's conventions are attributes of ``game``
    (game.prune_on_equality, ...).
    """
    raise NotImplementedError("{spec.entry}: write your search here")
'''


def readme_text(loaded: LoadedAssignment, visible: list[TestSpec]) -> str:
    """The kit's README: what to write, the one command that checks it, the tests."""
    spec = loaded.spec
    total = sum(t.points for t in visible)
    lines = [
        f"# {spec.name}",
        "",
        *textwrap.wrap(" ".join((spec.description or "").split()), width=88),
        "",
        "## What to do",
        "",
        f"Write `{spec.entry}(game, state, depth)` in `{STARTER}`; it returns `(value, action)`.",
        "",
        "## Check your work",
        "",
        "Install the grader once, from this kit (Python 3.10 or newer; a virtual "
        "environment keeps it apart from the rest of your Python):",
        "",
        "```sh",
        install_command(),
        "```",
        "",
        "then run in this folder:",
        "",
        "```sh",
        check_command(),
        "```",
        "",
        f"It runs your agent on the {len(visible)} tests in `{KIT_ASSIGNMENT}/` "
        f"({points(total)} points) and says where your search went wrong. Add "
        "`--test NAME` to run one test. Exit code 0 means every test passed.",
        "Your course may grade further tests that this kit does not hold.",
        "",
        "| Test | Points | Depth | Checked | About |",
        "| --- | ---: | ---: | --- | --- |",
    ]
    for t in visible:
        depth = f"{t.depth} round{'s' if t.depth != 1 else ''}" if t.unit == "round" else (
            str(t.depth)
        )
        about = (t.description or "").replace("|", "\\|").replace("\n", " ")
        lines.append(
            f"| `{t.name}` | {points(t.points)} | {depth} | {', '.join(t.checks)} | {about} |"
        )
    return "\n".join(lines) + "\n"
