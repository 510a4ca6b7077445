"""The students' grader as a wheel: ``grader check`` and its sandboxes, no answers.

A student kit carries this wheel so that a student installs the grader from the kit's own
files (its dependencies from the package index). It holds the ``grader`` and
``sandboxes`` packages as installed here and, of ``reference/``, only the registries that
say what each search and convention is (:data:`REFERENCE_MODULES`, standard library only);
nothing of the searches that make the goldens, or of ``assignments/`` (whose hidden tests
a student must not see).
The wheel is written directly (the format is a zip with three metadata files, PEP 427),
so building a kit needs no build backend and no network, and gives the same bytes for the
same grader every time.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import zipfile
from collections.abc import Iterator
from io import BytesIO
from pathlib import Path

import grader
import reference
import reference.algorithms
import reference.conventions
import sandboxes
from grader.errors import GraderError
from grader.games import game_requirements

DISTRIBUTION = "search-grader"
STUDENT_LABEL = "student"  # the local version label: 0.1.0+student
PACKAGES = (grader, sandboxes)
REFERENCE_MODULES = (reference, reference.conventions, reference.algorithms)
"""The declarative modules of ``reference/`` the students' grader reads; no search."""
_EPOCH = (1980, 1, 1, 0, 0, 0)  # zip's earliest date: the same bytes at every build


def student_version() -> str:
    return f"{grader.__version__}+{STUDENT_LABEL}"


def wheel_name() -> str:
    """The wheel's file name (PEP 427): name, version and the pure-Python tags."""
    return f"{DISTRIBUTION.replace('-', '_')}-{student_version()}-py3-none-any.whl"


def _requirements() -> list[str]:
    """The grader's own requirements, read from its installed metadata (one source:
    ``pyproject.toml``): the runtime ones, the ``docker`` extra and the games' libraries,
    no test or lint tools."""
    try:
        declared = importlib.metadata.requires(DISTRIBUTION) or []
    except importlib.metadata.PackageNotFoundError:
        raise GraderError(
            f"the student wheel is built from the installed grader, and {DISTRIBUTION} is "
            "not installed: run `pip install .` (or `pip install -e .`) in its folder first"
        ) from None
    kept = [r for r in declared if "extra ==" not in r or 'extra == "docker"' in r]
    return kept + game_requirements(declared)


def _package_files() -> Iterator[tuple[str, bytes]]:
    """(path inside the wheel, bytes) of every file of the packages, compiled files aside."""
    for package in PACKAGES:
        root = Path(package.__file__ or "").parent
        for path in sorted(root.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                rel = path.relative_to(root.parent).as_posix()
                yield rel, path.read_bytes()
    for module in REFERENCE_MODULES:
        path = Path(module.__file__ or "")
        yield path.relative_to(path.parents[1]).as_posix(), path.read_bytes()


def _metadata() -> str:
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {DISTRIBUTION}",
        f"Version: {student_version()}",
        "Summary: The students' grader for adversarial-search assignments (no reference code)",
        "Requires-Python: >=3.10",
        "Provides-Extra: docker",
        *(f"Requires-Dist: {r}" for r in _requirements()),
    ]
    return "\n".join(lines) + "\n"


def _record_line(path: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def student_wheel() -> tuple[str, bytes]:
    """The wheel's file name and bytes."""
    dist_info = f"{DISTRIBUTION.replace('-', '_')}-{student_version()}.dist-info"
    files = dict(_package_files())
    files[f"{dist_info}/METADATA"] = _metadata().encode()
    files[f"{dist_info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: search-grader\nRoot-Is-Purelib: true\n"
        b"Tag: py3-none-any\n"
    )
    files[f"{dist_info}/entry_points.txt"] = b"[console_scripts]\ngrader = grader.cli:main\n"
    record = f"{dist_info}/RECORD"
    lines = [_record_line(path, data) for path, data in files.items()]
    files[record] = ("\n".join([*lines, f"{record},,"]) + "\n").encode()
    buffer = BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as wheel:
        for path, data in files.items():  # RECORD last, as the format asks
            info = zipfile.ZipInfo(path, date_time=_EPOCH)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(info, data)
    return wheel_name(), buffer.getvalue()
