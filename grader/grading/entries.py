"""The submissions of a batch's folder, and the name each goes by.

Each entry of the folder (a ``.py`` file, a folder holding ``agent.py``, or a ``.zip``)
is one submission, named by its entry, made safe for a file name: its reports are
written into ``OUT/submissions/<name>/``, and its row of the gradebook says the name. Two
submissions never share a name, whatever their entries are called, and a name is the
same at every run of the batch (``--resume`` finds its reports again).
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass
from pathlib import Path

from grader.errors import GraderError

_UNSAFE = re.compile(r"[^\w.-]+")  # letters and digits of every script stay
NAME_BYTES = 100  # of a submission's name: its folder, and the temporary one beside it,
# with room for the digests that tell names apart (a file name has 255 bytes at most)


@dataclass(frozen=True)
class Entry:
    """One submission of the batch."""

    name: str
    path: Path


def find_submissions(folder: Path) -> tuple[list[Entry], list[str]]:
    """The submissions in ``folder`` (sorted by name), and the entries that are none."""
    if not folder.is_dir():
        raise GraderError(f"{folder}: not a folder of submissions")
    found: list[tuple[str, Path]] = []
    ignored: list[str] = []
    for path in sorted(folder.iterdir()):
        if path.name.startswith("."):
            continue
        if (path.suffix in (".py", ".zip") and path.is_file()) or path.is_dir():
            found.append((path.stem if path.is_file() else path.name, path))
        else:
            ignored.append(path.name)
    stems = [stem for stem, _ in found]
    for stem in stems:
        if stems.count(stem) > 1:
            raise GraderError(
                f"{folder}: two submissions share the name {stem!r} "
                f"({', '.join(p.name for s, p in found if s == stem)}); rename one"
            )
    return _told_apart(found), ignored


def _told_apart(found: list[tuple[str, Path]]) -> list[Entry]:
    """Each submission's name: its file's stem (or folder's name) where that is safe for
    a file name and at most :data:`NAME_BYTES`; else the stem with what a file name should
    not hold made ``_``, cut to fit, and a digest of the stem after it (``a b`` reads
    ``a_b-1b2c3d4e``), so that no other submission's name depends on which others the
    folder holds: a name is the same at every run, ``--resume`` finds its reports, and a
    submission added later renames none. A name made so that another stem (one named to
    look like it) already holds keeps neither: the made name takes 8 more digits of its
    stem's digest, a round at a time, until none is shared; a stem's own name stays."""
    digests = [hashlib.sha256(os.fsencode(stem)).hexdigest() for stem, _ in found]
    names = [_safe(stem, digest[:8]) for (stem, _), digest in zip(found, digests, strict=True)]
    own = [name == stem for name, (stem, _) in zip(names, found, strict=True)]
    for k in range(1, len(names) + 8):  # each round lengthens the made names still shared
        shared = {n for n in names if names.count(n) > 1}
        if not shared:
            break
        names = [f"{n}-{d[8 * k : 8 * k + 8] or i}" if n in shared and not o else n
                 for i, (n, d, o) in enumerate(zip(names, digests, own, strict=True))]
    return [Entry(name, path) for name, (_, path) in zip(names, found, strict=True)]


def _safe(stem: str, digest: str) -> str:
    """``stem`` if it is safe for a file name and fits :data:`NAME_BYTES`, else its safe
    form, cut to fit with ``-digest`` after it."""
    name = _UNSAFE.sub("_", stem) or "_"
    if name == stem and len(os.fsencode(name)) <= NAME_BYTES:
        return name
    cut = os.fsencode(name)[: NAME_BYTES - len(digest) - 1].decode("utf-8", "ignore")
    return f"{cut}-{digest}"
