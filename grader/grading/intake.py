"""A submission is data: a file, a folder or a zip, copied into a private folder to grade.

:func:`submission_folder` is the one way in for ``grader check``, ``grade``, ``ci`` and
the Gradescope runner. It copies what the student gave into a fresh folder that only
this process can read (mode 0700), as data: links are never followed (a link is
refused), nothing but regular files and folders is read, and the copy is capped in
bytes, entries, depth and name length. Then :func:`find_agent` applies the one rule for
finding the agent in it. Anything that breaks a cap or the rule is
:class:`SubmissionRefused`: the student's error, which the caller turns into a report
that says why (never an exception out of the grader, never a grader fault).

The rule for finding the agent (README, "What to submit"):

1. a ``.py`` file is the agent itself;
2. in a folder (or an unpacked ``.zip``): its ``agent.py``; else the shallowest
   ``agent.py`` below it (one only at that depth), with the files beside it;
3. else the folder's only ``.py`` file at its top, graded as ``agent.py``;
4. else the folder's only ``.zip`` at its top, unpacked and looked into the same way.

Names starting with ``.``, ``__pycache__`` and ``__MACOSX`` folders are left out.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import tempfile
import zipfile
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from itertools import islice
from pathlib import Path, PurePosixPath
from typing import Any

from grader.errors import GraderError
from grader.grading.sinks import for_terminal
from grader.hosts.isolation import owned_folder

ENTRY_FILE = "agent.py"
MAX_BYTES = 20 * 1024 * 1024  # bytes of a submission's files, unpacked
MAX_ENTRIES = 2000  # files and folders of a submission
MAX_DEPTH = 16  # folders nested in a submission
MAX_NAME = 128  # characters of one file or folder name
MAX_LISTED = 10_000  # entries of one folder, those left out included
SKIPPED = ("__pycache__", "__MACOSX")
_CHUNK = 1 << 16
_READ_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
_DIR_FLAGS = _READ_FLAGS | getattr(os, "O_DIRECTORY", 0)
_ENCRYPTED = 0x1  # bit 0 of a zip member's general purpose flags


class SubmissionRefused(GraderError):
    """The submission cannot be graded as given (a link, a cap broken, no agent, a zip that
    cannot be unpacked): the student's error, reported on every test."""


def _shown(text: str) -> str:
    return "'" + for_terminal(text[:80] + ("..." if len(text) > 80 else "")) + "'"


@dataclass
class _Budget:
    """What is left of the caps while one submission is copied."""

    bytes: int = MAX_BYTES
    entries: int = MAX_ENTRIES

    def entry(self, rel: PurePosixPath) -> None:
        """Count one file or folder at ``rel``; refuse a name or depth over the caps."""
        for part in rel.parts:
            if len(part) > MAX_NAME:
                raise SubmissionRefused(
                    f"the name {_shown(part)} is longer than {MAX_NAME} characters; rename it"
                )
        if len(rel.parts) > MAX_DEPTH + 1:
            raise SubmissionRefused(
                f"{_shown(str(rel))} is nested deeper than {MAX_DEPTH} folders; "
                "submit a flatter folder"
            )
        self.entries -= 1
        if self.entries < 0:
            raise SubmissionRefused(
                f"more than {MAX_ENTRIES} files and folders; submit only your agent's files"
            )

    def take(self, size: int) -> None:
        self.bytes -= size
        if self.bytes < 0:
            raise SubmissionRefused(
                f"more than {MAX_BYTES >> 20} MB of files; submit only your agent's files"
            )


def _skipped(name: str) -> bool:
    return name.startswith(".") or name in SKIPPED


@contextmanager
def submission_folder(path: Path) -> Iterator[Path]:
    """A private folder holding the submission's ``agent.py`` (see the module's rule),
    removed afterwards. GraderError if ``path`` does not exist (a usage error);
    :class:`SubmissionRefused` if it cannot be graded as given."""
    if not os.path.lexists(path):
        raise GraderError(
            f"{path}: no such submission; give a .py file, a .zip, or a folder with {ENTRY_FILE}"
        )
    with given_copy(path) as copy:
        yield _agent_folder(copy, copy.parent / "unpacked")


@contextmanager
def given_copy(path: Path) -> Iterator[Path]:
    """A private copy of ``path`` as given (a file or a folder, no agent looked for yet),
    removed afterwards; :class:`SubmissionRefused` if it breaks a cap or holds a link."""
    with ExitStack() as stack:
        staging = owned_folder("intake")  # 0700, marked: a killed grader's is swept later
        stack.callback(shutil.rmtree, staging, ignore_errors=True)
        copy = staging / "given"
        _copy_given(path, copy)
        yield copy


def hash_files(digest: Any, root: Path, prefix: str = "") -> None:
    """Feed ``digest`` every file under ``root`` (its path after ``prefix``, then its
    bytes), in sorted order; compiled caches left out."""
    for path in sorted(root.rglob("*")):
        if "__pycache__" in path.parts or not path.is_file():
            continue
        digest.update(f"{prefix}{path.relative_to(root).as_posix()}\0".encode())
        digest.update(path.read_bytes())


def submission_sha256(path: Path) -> str:
    """The SHA-256 of the submission at ``path`` as the intake copies it (a ``.py`` file
    as its ``agent.py``): the same files give the same hash, wherever they lie.
    :class:`SubmissionRefused` as :func:`given_copy`."""
    with given_copy(path) as copy:
        digest = hashlib.sha256()
        hash_files(digest, copy)
        return digest.hexdigest()


def agent_file(path: Path) -> Path | None:
    """Where the rule finds the agent in ``path`` as given (to point at it, as a CI
    annotation does): the ``.py`` file itself, or the file in the folder; None for an
    archive, or a submission that is refused or missing."""
    if path.suffix == ".py" and path.is_file() and not path.is_symlink():
        return path
    if path.is_symlink() or not path.is_dir():
        return None
    with tempfile.TemporaryDirectory(prefix="grader-intake-") as staging:
        copy = Path(staging) / "given"
        try:
            _copy_tree(path, copy, _Budget())
            found = find_agent(copy, zips=False)
        except SubmissionRefused:
            return None
        return path / found.relative_to(copy)


def _copy_given(path: Path, dest: Path) -> None:
    try:
        mode = os.lstat(path).st_mode
    except OSError as exc:
        raise SubmissionRefused(f"cannot read the submission ({exc.strerror})") from None
    budget = _Budget()
    if stat.S_ISLNK(mode):
        raise SubmissionRefused(f"{_shown(path.name)} is a link; submit the file itself")
    if stat.S_ISDIR(mode):
        _copy_tree(path, dest, budget)
        return
    if not stat.S_ISREG(mode) or path.suffix not in (".py", ".zip"):
        raise SubmissionRefused(
            f"{_shown(path.name)} is not a submission; give a .py file, a .zip, or a folder "
            f"with {ENTRY_FILE}"
        )
    dest.mkdir()
    if path.suffix == ".py":
        _copy_file(str(path), None, dest / ENTRY_FILE, budget, shown=path.name)
    else:
        archive = dest.parent / "archive.zip"
        _copy_file(str(path), None, archive, _Budget(), shown=path.name)
        _unzip(archive, dest, budget)
        archive.unlink()


def _copy_file(
    name: str, dir_fd: int | None, dest: Path, budget: _Budget, *, shown: str
) -> None:
    """Copy one regular file, opened without following a link, within the budget;
    ``shown`` names it in a refusal."""
    try:
        fd = os.open(name, _READ_FLAGS, dir_fd=dir_fd)
    except OSError as exc:
        raise SubmissionRefused(f"cannot read {_shown(shown)} ({exc.strerror})") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise SubmissionRefused(f"{_shown(shown)} is not a regular file; leave it out")
        with dest.open("xb") as out:
            while chunk := _read(fd, shown):
                budget.take(len(chunk))
                out.write(chunk)
    finally:
        os.close(fd)


def _read(fd: int, name: str) -> bytes:
    try:
        return os.read(fd, _CHUNK)
    except OSError as exc:
        raise SubmissionRefused(f"cannot read {_shown(name)} ({exc.strerror})") from None


def _copy_tree(top: Path, dest: Path, budget: _Budget) -> None:
    """Copy a folder, walking it by descriptors (no link followed, no recursion)."""
    try:
        top_fd = os.open(top, _DIR_FLAGS)
    except OSError as exc:
        raise SubmissionRefused(f"cannot read the folder ({exc.strerror})") from None
    dest.mkdir()
    stack: list[tuple[int, PurePosixPath, Iterator[os.DirEntry[str]]]] = []
    try:
        stack.append((top_fd, PurePosixPath(), _entries(top_fd)))
        while stack:
            fd, rel, entries = stack[-1]
            entry = next(entries, None)
            if entry is None:
                os.close(fd)
                stack.pop()
                continue
            name = entry.name
            if _skipped(name):
                continue
            child = rel / name
            budget.entry(child)
            if entry.is_symlink():
                raise SubmissionRefused(f"{_shown(str(child))} is a link; submit the file itself")
            if entry.is_dir(follow_symlinks=False):
                sub_fd = _open_dir(entry.name, fd, child)
                (dest / child).mkdir()
                stack.append((sub_fd, child, _entries(sub_fd)))
            else:
                _copy_file(entry.name, fd, dest / child, budget, shown=str(child))
    finally:
        for fd, _, _ in stack:
            os.close(fd)


def _entries(fd: int) -> Iterator[os.DirEntry[str]]:
    """A folder's entries by name; refused past :data:`MAX_LISTED` (left-out ones too)."""
    try:
        with os.scandir(fd) as found:
            listed = list(islice(found, MAX_LISTED + 1))
    except OSError as exc:
        raise SubmissionRefused(f"cannot list a folder ({exc.strerror})") from None
    if len(listed) > MAX_LISTED:
        raise SubmissionRefused(
            f"a folder holds more than {MAX_LISTED} entries; submit only your agent's files"
        )
    yield from sorted(listed, key=lambda e: e.name)


def _open_dir(name: str, dir_fd: int, rel: PurePosixPath) -> int:
    try:
        return os.open(name, _DIR_FLAGS, dir_fd=dir_fd)
    except OSError as exc:
        raise SubmissionRefused(f"cannot read {_shown(str(rel))} ({exc.strerror})") from None


def _unzip(archive: Path, dest: Path, budget: _Budget) -> None:
    """Unpack ``archive`` into ``dest`` member by member, checking each name, kind and
    size first and counting the bytes really written."""
    try:
        with zipfile.ZipFile(archive) as z:
            members = z.infolist()
            if len(members) > MAX_ENTRIES:
                raise SubmissionRefused(
                    f"the zip holds {len(members)} entries, more than {MAX_ENTRIES}; "
                    "zip only your agent's files"
                )
            for info in members:
                _unzip_member(z, info, dest, budget)
    except SubmissionRefused:
        raise
    except Exception as exc:  # a broken archive is the student's, whatever zipfile raises
        reason = f"{type(exc).__name__}: {exc}"  # (BadZipFile, zlib, lzma, bz2, struct ...)
        raise SubmissionRefused(
            f"the zip cannot be unpacked ({for_terminal(reason)[:120]}); make it again"
        ) from None


def _unzip_member(z: zipfile.ZipFile, info: zipfile.ZipInfo, dest: Path, budget: _Budget) -> None:
    rel = _member_path(info)
    if rel is None:
        return
    budget.entry(rel)
    target = dest / rel
    for parent in reversed(rel.parents[:-1]):  # its folders, made as folders
        if (dest / parent).is_file():
            raise SubmissionRefused(f"the zip holds {_shown(str(parent))} as a file and a folder")
        (dest / parent).mkdir(exist_ok=True)
    if info.is_dir():
        if target.is_file():
            raise SubmissionRefused(f"the zip holds {_shown(str(rel))} as a file and a folder")
        target.mkdir(exist_ok=True)
        return
    if target.exists():
        raise SubmissionRefused(f"the zip holds {_shown(str(rel))} twice; keep one")
    if info.file_size > budget.bytes:
        budget.take(info.file_size)  # refused before a byte is written
    with z.open(info) as source, target.open("xb") as out:
        while chunk := source.read(_CHUNK):
            budget.take(len(chunk))
            out.write(chunk)


def _member_path(info: zipfile.ZipInfo) -> PurePosixPath | None:
    """Where a member goes, relative to the unpacked folder; None if it is left out.
    Refuses a path outside the archive, a link and an encrypted member."""
    raw = info.filename
    parts = [p for p in raw.replace("\\", "/").split("/") if p]
    if raw.startswith(("/", "\\")) or not parts or any(p in (".", "..") for p in parts) or (
        "\0" in raw or ":" in parts[0]
    ):
        raise SubmissionRefused(f"the zip names {_shown(raw)}, a path outside it; make it again")
    if any(_skipped(p) for p in parts):
        return None
    if stat.S_IFMT(info.external_attr >> 16) == stat.S_IFLNK:
        raise SubmissionRefused(f"the zip holds a link, {_shown(raw)}; zip the file itself")
    if info.flag_bits & _ENCRYPTED:
        raise SubmissionRefused(f"{_shown(raw)} is encrypted in the zip; zip it without a password")
    return PurePosixPath(*parts)


def _agent_folder(copy: Path, unpacked: Path) -> Path:
    """The folder to grade, made from the copy by the rule; a lone ``.py`` is renamed."""
    found = find_agent(copy)
    if found.suffix == ".zip":
        unpacked.mkdir()
        _unzip(found, unpacked, _Budget())
        found = find_agent(unpacked, zips=False)
    if found.name != ENTRY_FILE:
        target = found.with_name(ENTRY_FILE)
        if os.path.lexists(target):  # a folder named agent.py beside the lone .py file
            raise SubmissionRefused(
                f"{ENTRY_FILE} beside {_shown(found.name)} is not a file; "
                f"submit your agent as {ENTRY_FILE}"
            )
        found = found.rename(target)
    return found.parent


def find_agent(folder: Path, *, zips: bool = True) -> Path:
    """The file the rule picks in ``folder`` (a copy made by this module: no links, within
    the caps): an ``agent.py``, a lone ``.py`` file, or (with ``zips``) a lone ``.zip``."""
    if (folder / ENTRY_FILE).is_file():
        return folder / ENTRY_FILE
    nested = _shallowest_agent(folder)
    if nested is not None:
        return nested
    for suffix in (".py", ".zip") if zips else (".py",):
        found = sorted(p for p in folder.iterdir() if p.suffix == suffix and p.is_file())
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            names = ", ".join(_shown(p.name) for p in found[:4])
            raise SubmissionRefused(
                f"no {ENTRY_FILE} and several {suffix} files ({names}); name the one with "
                f"your entry point {ENTRY_FILE}"
            )
    raise SubmissionRefused(
        f"no {ENTRY_FILE} in your submission; name your module {ENTRY_FILE} "
        "(or submit exactly one .py file)"
    )


def _shallowest_agent(folder: Path) -> Path | None:
    """The ``agent.py`` nearest the top of ``folder``'s subfolders; refuses a tie."""
    nested = [p for p in folder.rglob(ENTRY_FILE) if p.is_file()]
    if not nested:
        return None
    shallowest = min(len(p.parts) for p in nested)
    top = sorted(p for p in nested if len(p.parts) == shallowest)
    if len(top) > 1:
        names = ", ".join(_shown(p.relative_to(folder).as_posix()) for p in top[:4])
        raise SubmissionRefused(f"several {ENTRY_FILE} files ({names}); submit one")
    return top[0]
