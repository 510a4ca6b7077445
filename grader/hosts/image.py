"""The docker sandbox's image: built from ``sandboxes/Dockerfile`` and the harness.

The image's tag carries a hash of exactly the files it is built from
(``search-grader-sandbox:<12 hex>``), so a changed harness is never run from a stale
image. :func:`build_image` builds it FROM ``python:3.11-slim`` (a machine with an image
registry) or, ``offline``, FROM a Debian bookworm root that ``debootstrap`` makes from
the Debian mirror apt already uses (:func:`build_base`; cached as an image).
:func:`ensure_image` is what the sandbox calls: the current image, built on the spot
from a base this machine already holds, or a :class:`GraderError` saying what to run.
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import shutil
import subprocess
import tarfile
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from grader.errors import GraderError
from sandboxes import HARNESS_FILES

IMAGE_REPOSITORY = "search-grader-sandbox"
ONLINE_BASE = "python:3.11-slim"
OFFLINE_BASE = "search-grader-base:bookworm"
SUITE = "bookworm"
LABEL = "search-grader"
DEFAULT_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
APT_SOURCES = Path("/etc/apt")

UNREACHABLE = ("Failed getting release", "Couldn't download")  # debootstrap's words

Log = Callable[[str], None]


class MirrorUnavailable(GraderError):
    """No Debian mirror is known or reachable: an offline build cannot make its base."""


def _quiet(_: str) -> None:
    """A log that says nothing."""


def context_files() -> dict[str, bytes]:
    """The build context: the Dockerfile and the harness's files (``HARNESS_FILES``),
    nothing else; the Dockerfile copies every module of it into the image."""
    import sandboxes

    folder = Path(sandboxes.__file__).resolve().parent
    return {name: (folder / name).read_bytes() for name in ("Dockerfile", *HARNESS_FILES)}


def image_tag() -> str:
    """The tag of the image built from the current Dockerfile and harness."""
    digest = hashlib.sha256()
    for name, data in sorted(context_files().items()):
        digest.update(f"{name}\0{len(data)}\0".encode())
        digest.update(data)
    return f"{IMAGE_REPOSITORY}:{digest.hexdigest()[:12]}"


def has_image(client: Any, name: str) -> bool:
    """Whether the engine holds an image of that name (never pulls)."""
    import docker.errors

    try:
        client.images.get(name)
    except docker.errors.ImageNotFound:
        return False
    return True


def ensure_image(client: Any, *, log: Log = _quiet) -> str:
    """The current sandbox image's tag; built now from a base already here if missing."""
    tag = image_tag()
    if has_image(client, tag):
        return tag
    for base in (OFFLINE_BASE, ONLINE_BASE):
        if has_image(client, base):
            return build_image(client, base=base, log=log)
    raise GraderError(
        f"the docker sandbox image {tag} is not built; run `grader sandbox build` "
        "(or `grader sandbox build --offline` where no image registry is reachable)"
    )


def build_image(
    client: Any,
    *,
    base: str = ONLINE_BASE,
    offline: bool = False,
    mirror: str | None = None,
    prune: bool = False,
    log: Log = _quiet,
) -> str:
    """Build the sandbox image FROM ``base`` (the debootstrap base when ``offline``);
    with ``prune``, remove the images of earlier harnesses that no container uses."""
    import docker.errors

    if offline:
        base = build_base(client, mirror=mirror, log=log)
    tag = image_tag()
    log(f"building {tag} from {base}")
    failed = f"building {tag} from {base} failed"
    hint = "; where no image registry is reachable, build with --offline" if (
        base == ONLINE_BASE) else ""
    try:
        client.images.build(
            fileobj=_context_tar(), custom_context=True, tag=tag, buildargs={"BASE": base},
            rm=True, forcerm=True, pull=False, labels={LABEL: "image"},
        )
    except docker.errors.BuildError as exc:
        lines = [str(step.get("stream", "")).strip() for step in exc.build_log]
        steps = "; ".join(line for line in lines if line)[-400:]
        raise GraderError(f"{failed}: {exc.msg} ({steps}){hint}") from None
    except docker.errors.APIError as exc:
        raise GraderError(f"{failed}: {exc.explanation}{hint}") from None
    if prune:
        _remove_older(client, tag, log)
    return tag


def _remove_older(client: Any, tag: str, log: Log) -> None:
    """Remove the images of earlier harnesses; one a container still uses stays."""
    import docker.errors

    for image in client.images.list(name=IMAGE_REPOSITORY):
        for old in image.tags:
            if old == tag:
                continue
            try:
                client.images.remove(old, noprune=False)
            except docker.errors.APIError:
                continue
            log(f"removed the older image {old}")


def _context_tar() -> io.BytesIO:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as tar:
        for name, data in context_files().items():
            info = tarfile.TarInfo(name)
            info.size, info.mode = len(data), 0o644
            tar.addfile(info, io.BytesIO(data))
    buffer.seek(0)
    return buffer


def build_base(client: Any, *, mirror: str | None = None, log: Log = _quiet) -> str:
    """The Debian base image with python3, made by debootstrap unless already here."""
    if has_image(client, OFFLINE_BASE):
        log(f"{OFFLINE_BASE} is already built")
        return OFFLINE_BASE
    debootstrap = shutil.which("debootstrap") or shutil.which("debootstrap", path="/usr/sbin")
    if debootstrap is None:
        raise GraderError("an offline build needs debootstrap (apt-get install debootstrap)")
    if os.geteuid() != 0:
        raise GraderError("an offline build runs debootstrap, which needs root")
    url = mirror or debian_mirror()
    with tempfile.TemporaryDirectory(prefix="grader-debootstrap-") as tmp:
        root = Path(tmp) / "root"
        log(f"debootstrap {SUITE} from {url} (about a minute)")
        _debootstrap([debootstrap, "--variant=minbase", "--include=python3", SUITE, str(root),
                      url])
        for cache in ("var/cache/apt/archives", "var/lib/apt/lists"):
            for item in (root / cache).glob("*"):
                if item.is_file():
                    item.unlink()
        log(f"importing the root as {OFFLINE_BASE}")
        _import_root(client, root)
    return OFFLINE_BASE


def _debootstrap(command: list[str]) -> None:
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        text = done.stdout + done.stderr
        tail = " | ".join(text.strip().splitlines()[-5:])
        if any(sign in text for sign in UNREACHABLE):
            raise MirrorUnavailable(f"debootstrap cannot reach the Debian mirror: {tail}")
        raise GraderError(f"debootstrap failed: {tail}")


def _import_root(client: Any, root: Path) -> None:
    repository, tag = OFFLINE_BASE.split(":")
    tar = subprocess.Popen(
        ["tar", "--numeric-owner", "-C", str(root), "-c", "."],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    assert tar.stdout is not None
    try:
        client.api.import_image(
            src=tar.stdout, repository=repository, tag=tag, stream_src=True,
            changes=[f"ENV PATH={DEFAULT_PATH}", f"LABEL {LABEL}=base"],
        )
    finally:
        tar.stdout.close()
        _, err = tar.communicate()
    if tar.returncode != 0:
        raise GraderError(f"tar of the debootstrap root failed: {err.decode().strip()[-300:]}")


def debian_mirror(apt: Path = APT_SOURCES) -> str:
    """The Debian mirror apt uses for the main archive, read from its sources."""
    for uri, suites in _apt_sources(apt):
        if SUITE in suites or "stable" in suites:
            return uri
    raise MirrorUnavailable(
        f"no Debian mirror for {SUITE} in {apt}/sources.list*; pass --mirror URL"
    )


def _apt_sources(apt: Path) -> Iterator[tuple[str, list[str]]]:
    """``(uri, suites)`` of every enabled ``deb`` source, one-line and deb822 forms."""
    files = [apt / "sources.list", *sorted((apt / "sources.list.d").glob("*"))]
    for path in files:
        if not path.is_file():
            continue
        text = path.read_text(errors="replace")
        if path.suffix == ".list" or path.name == "sources.list":
            yield from _one_line_sources(text)
        elif path.suffix == ".sources":
            yield from _deb822_sources(text)


def _one_line_sources(text: str) -> Iterator[tuple[str, list[str]]]:
    for line in text.splitlines():
        words = re.sub(r"\[[^\]]*\]", " ", line.split("#", 1)[0]).split()
        if len(words) >= 3 and words[0] == "deb":
            yield words[1], [words[2]]


def _deb822_sources(text: str) -> Iterator[tuple[str, list[str]]]:
    for stanza in re.split(r"\n\s*\n", text):
        fields: dict[str, str] = {}
        for line in stanza.splitlines():
            if line.startswith("#") or ":" not in line or line[:1].isspace():
                continue
            key, value = line.split(":", 1)
            fields[key.strip().lower()] = value.strip()
        if "deb" not in fields.get("types", "").split() or fields.get("enabled") == "no":
            continue
        for uri in fields.get("uris", "").split():
            yield uri, fields.get("suites", "").split()
