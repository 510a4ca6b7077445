"""Gradescope's autograder: the zip :func:`build_autograder_zip` makes, and what it runs.

The zip holds, at its root::

    setup.sh           run once by Gradescope as root: python3, a venv, the grader
    run_autograder     run for each submission: ``python -m grader.courses.gradescope``
    assignment/        the whole assignment: hidden tests and their goldens included
    grader-src/        the grader's own packages (no tests) and a pyproject.toml

In the container, :func:`run_autograder` grades ``/autograder/submission`` (the agent
found in it by :mod:`grader.grading.intake`'s rule, as ``grader grade`` finds it) with the local
sandbox and writes ``/autograder/results/results.json``
(:mod:`grader.reports.gradescope`; hidden tests are marked ``hidden`` there). It
always writes a results file, even when the submission cannot be graded at all.
``AUTOGRADER_ROOT`` moves the root (for tests); ``GRADER_PYTHON`` names the Python.

Gradescope runs it as root in a container where namespaces usually cannot be made, so
the walls are the file modes: before any student code runs, :func:`lock_down` makes
everything of the autograder's (``source/``: the assignment with its hidden trees and
goldens, the bundled grader and ``reference/``; the installed grader packages; the
previous results in ``submission_metadata.json``; the results folder) readable by root
only, and the sandbox runs the submission as user ``nobody``. The ``results.json`` is
built from the student view: no hidden test's expected answer is ever in it.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import zipfile
from collections.abc import Iterator, Sequence
from pathlib import Path, PurePosixPath

from grader.authoring.assignment import (
    ASSIGNMENT_FILE,
    GOLDEN_DIR,
    LoadedAssignment,
    load_assignment,
)
from grader.authoring.build import build_assignment
from grader.errors import GraderError
from grader.grading.check import SandboxKind, grade_submission
from grader.grading.report import student_view
from grader.hosts.isolation import IsolationUnavailable, require_isolation
from grader.hosts.kinds import ALLOW_FLAG

ASSIGNMENT_DIR = "assignment"
SOURCE_DIR = "grader-src"
PACKAGES = ("grader", "reference", "sandboxes")
DISTRIBUTION = "search-grader"
FALLBACK_DEPENDENCIES = (
    "pydantic>=2.6", "click>=8.1", "jsonschema>=4.20", "PyYAML>=6.0", "rich>=13.0",
    "docker>=7.0", "chess>=1.10",
)
EXECUTABLE = 0o755
REGULAR = 0o644
ROOT_ONLY = 0o700
METADATA = "submission_metadata.json"  # Gradescope's: the student's previous results

SETUP_SH = """\
#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends python3 python3-pip python3-venv bubblewrap
python3 -m venv /autograder/venv
/autograder/venv/bin/python -m pip install --upgrade pip
/autograder/venv/bin/python -m pip install /autograder/source/grader-src
# student code runs as nobody: the autograder's files are root's alone
chmod -R go-rwx /autograder/source /autograder/venv/lib
"""

RUN_AUTOGRADER = """\
#!/usr/bin/env bash
# Gradescope runs this for every submission: it grades /autograder/submission and
# writes /autograder/results/results.json.
set -u
ROOT="${AUTOGRADER_ROOT:-/autograder}"
PYTHON="${GRADER_PYTHON:-$ROOT/venv/bin/python}"
cd "$ROOT/source"
exec "$PYTHON" -m grader.courses.gradescope --root "$ROOT"{extra}
"""


def build_autograder_zip(
    *, assignment: str | Path, out: Path, allow_limits_only: bool = False
) -> Path:
    """Write Gradescope's autograder zip for ``assignment`` (a built-in name or a folder)
    to ``out``. Refuses an assignment whose goldens are not current. Its runner refuses to
    run student code where the local sandbox has limits only, unless
    ``allow_limits_only`` (the instructor's consent, written into ``run_autograder``)."""
    loaded = load_assignment(assignment)
    build_assignment(assignment=loaded.folder, check=True)
    members = dict(_assignment_members(loaded))
    members.update(_source_members())
    members["grader-src/pyproject.toml"] = (pyproject_text().encode(), REGULAR)
    members["setup.sh"] = (SETUP_SH.encode(), EXECUTABLE)
    extra = f" {ALLOW_FLAG}" if allow_limits_only else ""
    members["run_autograder"] = (RUN_AUTOGRADER.replace("{extra}", extra).encode(), EXECUTABLE)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
            for name in sorted(members):
                data, mode = members[name]
                info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
                info.external_attr = (0o100000 | mode) << 16  # a regular file and its mode
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, data)
    except OSError as exc:
        raise GraderError(f"{out}: cannot write the autograder zip ({exc})") from None
    return out


def _assignment_members(loaded: LoadedAssignment) -> Iterator[tuple[str, tuple[bytes, int]]]:
    yield f"{ASSIGNMENT_DIR}/{ASSIGNMENT_FILE}", (
        (loaded.folder / ASSIGNMENT_FILE).read_bytes(), REGULAR
    )
    for spec in loaded.spec.tests:
        tree_path = loaded.tree_path(spec)
        if spec.tree is not None and tree_path is not None:  # a positions test has no file
            rel = PurePosixPath(spec.tree)
            if rel.is_absolute() or ".." in rel.parts:
                raise GraderError(
                    f"{loaded.folder / ASSIGNMENT_FILE}: tree {spec.tree!r} lies outside the "
                    "assignment folder; move it inside to bundle it"
                )
            yield f"{ASSIGNMENT_DIR}/{rel}", (tree_path.read_bytes(), REGULAR)
        golden = loaded.golden_path(spec)
        yield f"{ASSIGNMENT_DIR}/{GOLDEN_DIR}/{golden.name}", (golden.read_bytes(), REGULAR)


def _source_members() -> Iterator[tuple[str, tuple[bytes, int]]]:
    """The grader's packages as installed, without caches; the built-in assignments'
    package keeps only its ``__init__.py`` (the zip carries its own assignment)."""
    import assignments

    yield f"{SOURCE_DIR}/assignments/__init__.py", (
        Path(str(assignments.__file__)).read_bytes(), REGULAR
    )
    for package in PACKAGES:
        root = Path(str(__import__(package).__file__)).resolve().parent
        for path in sorted(root.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                rel = path.relative_to(root).as_posix()
                yield f"{SOURCE_DIR}/{package}/{rel}", (path.read_bytes(), REGULAR)


def dependencies() -> list[str]:
    """The grader's run-time requirements, as its installed metadata lists them."""
    from importlib import metadata

    try:
        found = metadata.requires(DISTRIBUTION) or []
    except metadata.PackageNotFoundError:
        return list(FALLBACK_DEPENDENCIES)
    from grader.games import game_requirements

    kept = [r for r in found if "extra ==" not in r] + game_requirements(found)
    return kept or list(FALLBACK_DEPENDENCIES)


def pyproject_text() -> str:
    """A ``pyproject.toml`` that installs the bundled packages with their requirements."""
    from grader import __version__

    deps = ",\n".join(f"    {json.dumps(d)}" for d in dependencies())
    include = ", ".join(json.dumps(f"{p}*") for p in (*PACKAGES, "assignments"))
    return f"""[build-system]
requires = ["setuptools>=68"]
build-backend = "setuptools.build_meta"

[project]
name = "{DISTRIBUTION}"
version = "{__version__}"
requires-python = ">=3.10"
dependencies = [
{deps},
]

[tool.setuptools]
packages = {{ find = {{ include = [{include}] }} }}
include-package-data = true

[tool.setuptools.package-data]
grader = ["schemas/*.json", "hosts/seccomp.json"]
sandboxes = ["Dockerfile", "*.py", "**/*.sh"]
"""


def run_autograder(
    *, root: Path, sandbox: SandboxKind = "local", allow_limits_only: bool = False
) -> Path:
    """Grade ``root/submission`` on ``root/source/assignment`` into
    ``root/results/results.json``; return that path. A submission that cannot be graded
    gets a results file that says why, with a score of 0. Student code never runs in a
    local sandbox that can only limit it, unless ``allow_limits_only``."""
    from grader.reports.gradescope import gradescope_json

    require_isolation(sandbox, allow_limits_only=allow_limits_only)
    results = root / "results" / "results.json"
    results.parent.mkdir(parents=True, exist_ok=True)
    lock_down(root)
    try:
        report = grade_submission(
            submission=root / "submission",
            assignment=root / "source" / ASSIGNMENT_DIR,
            sandbox=sandbox,
            name="submission",
            require_isolation=not allow_limits_only,
        )
        text = gradescope_json(student_view(report))
    except IsolationUnavailable:
        raise  # no score at all rather than a zero: the instructor must see it
    except GraderError as exc:
        text = json.dumps(
            {"score": 0.0, "output": f"Your submission could not be graded: {exc.message}",
             "output_format": "text", "visibility": "visible", "tests": []},
            indent=2,
        ) + "\n"
    partial = results.with_suffix(".json.partial")
    partial.write_text(text, encoding="utf-8")
    os.replace(partial, results)
    return results


def lock_down(root: Path) -> list[Path]:
    """As root, make the autograder's own files readable by root only (student code runs
    as ``nobody``): ``source/``, the grader's installed packages, Gradescope's
    ``submission_metadata.json`` and the results folder (the packages only where they
    are installed under ``root``, as ``setup.sh`` does). Returns what it locked; as
    another user, nothing (the sandbox cannot change user then: see its isolation)."""
    if os.geteuid() != 0:
        return []
    import grader

    places = [root / "source", root / METADATA, root / "results"]
    packages = Path(grader.__file__).resolve().parents[1]
    if packages.is_relative_to(root.resolve()):  # the autograder's venv, never a system's
        places.append(packages)
    locked = []
    for place in places:
        if place.exists() and not place.is_symlink():
            place.chmod(ROOT_ONLY if place.is_dir() else 0o600)
            locked.append(place)
    return locked


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m grader.courses.gradescope --root /autograder``: what ``run_autograder`` runs."""
    parser = argparse.ArgumentParser(description="Grade a Gradescope submission.")
    parser.add_argument("--root", type=Path, default=Path("/autograder"))
    parser.add_argument(ALLOW_FLAG, action="store_true", dest="allow_limits_only",
                        help="run student code even where the local sandbox can only "
                        "limit it (no namespaces): it could read the autograder's files")
    args = parser.parse_args(argv)
    try:
        path = run_autograder(root=args.root, allow_limits_only=args.allow_limits_only)
    except IsolationUnavailable as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return exc.exit_code
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
