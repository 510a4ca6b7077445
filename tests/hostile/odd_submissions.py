"""Odd submissions, made on the spot: links, special files, caps broken, zips that cannot
be unpacked. Each maker writes one submission under a folder and returns its path and a
phrase its verdict must contain (every test ``error``: the student's, never the grader's).
"""

from __future__ import annotations

import os
import stat
import struct
import warnings
import zipfile
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CORRECT = (REPO / "examples" / "alphabeta" / "correct.py").read_bytes()
DEEP = 1100  # levels of the deep folder


def _folder(base: Path, name: str) -> Path:
    folder = base / name
    folder.mkdir()
    (folder / "agent.py").write_bytes(CORRECT)
    return folder


def _zip(base: Path, name: str, members: dict[str, bytes]) -> Path:
    path = base / f"{name}.zip"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # zipfile warns of a duplicate name: that's the point
        with zipfile.ZipFile(path, "w") as z:
            for member, data in members.items():
                z.writestr(member.split("|")[0], data)
    return path


def link_to_secret(base: Path) -> tuple[Path, str]:
    folder = _folder(base, "link_to_secret")
    (folder / "data.txt").symlink_to("/etc/shadow")
    return folder, "is a link"


def link_to_folder(base: Path) -> tuple[Path, str]:
    folder = _folder(base, "link_to_folder")
    (folder / "assignment").symlink_to(REPO / "assignments", target_is_directory=True)
    return folder, "is a link"


def link_to_dev_zero(base: Path) -> tuple[Path, str]:
    folder = _folder(base, "link_to_dev_zero")
    (folder / "zeros.bin").symlink_to("/dev/zero")
    return folder, "is a link"


def dangling_link(base: Path) -> tuple[Path, str]:
    folder = _folder(base, "dangling_link")
    (folder / "gone.py").symlink_to(base / "nowhere")
    return folder, "is a link"


def agent_is_a_link(base: Path) -> tuple[Path, str]:
    folder = base / "agent_is_a_link"
    folder.mkdir()
    (folder / "agent.py").symlink_to(REPO / "examples" / "alphabeta" / "correct.py")
    return folder, "is a link"


def fifo(base: Path) -> tuple[Path, str]:
    folder = _folder(base, "fifo")
    os.mkfifo(folder / "pipe")  # opening it to read would wait for ever
    return folder, "not a regular file"


def too_many_files(base: Path) -> tuple[Path, str]:
    folder = _folder(base, "too_many_files")
    for i in range(2100):
        (folder / f"f{i}.txt").write_bytes(b"")
    return folder, "more than 2000 files and folders"


def too_big(base: Path) -> tuple[Path, str]:
    folder = _folder(base, "too_big")
    with (folder / "big.bin").open("wb") as f:
        f.truncate(21 * 1024 * 1024)
    return folder, "more than 20 MB"


def deep_folder(base: Path) -> tuple[Path, str]:
    folder = _folder(base, "deep_folder")
    fd = os.open(folder, os.O_RDONLY)
    try:
        for _ in range(DEEP):
            os.mkdir("d", dir_fd=fd)
            inner = os.open("d", os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = inner
    finally:
        os.close(fd)
    return folder, "nested deeper than 16 folders"


def long_name(base: Path) -> tuple[Path, str]:
    folder = _folder(base, "long_name")
    (folder / ("n" * 200)).write_bytes(b"")
    return folder, "longer than 128 characters"


def zip_name_clash(base: Path) -> tuple[Path, str]:
    return _zip(base, "zip_name_clash", {"agent.py": CORRECT, "agent.py|2": b"x = 1\n"}), (
        "twice"
    )


def zip_file_and_folder(base: Path) -> tuple[Path, str]:
    return _zip(base, "zip_file_and_folder", {"lib": b"", "lib/agent.py": CORRECT}), (
        "as a file and a folder"
    )


def zip_long_names(base: Path) -> tuple[Path, str]:
    return _zip(base, "zip_long_names", {"agent.py": CORRECT, "a" * 300: b""}), (
        "longer than 128 characters"
    )


def zip_30000_entries(base: Path) -> tuple[Path, str]:
    members = {f"f{i}": b"" for i in range(30_000)}
    return _zip(base, "zip_30000_entries", {"agent.py": CORRECT, **members}), (
        "30001 entries, more than 2000"
    )


def zip_encrypted(base: Path) -> tuple[Path, str]:
    """A zip whose member is marked encrypted (bit 0 of its flags), as `zip -e` makes."""
    path = _zip(base, "zip_encrypted", {"agent.py": CORRECT})
    data = bytearray(path.read_bytes())
    for signature, offset in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        at = data.find(signature)
        flags = struct.unpack_from("<H", data, at + offset)[0]
        struct.pack_into("<H", data, at + offset, flags | 0x1)
    path.write_bytes(bytes(data))
    return path, "encrypted"


def zip_with_link(base: Path) -> tuple[Path, str]:
    path = base / "zip_with_link.zip"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("agent.py", CORRECT)
        info = zipfile.ZipInfo("secret")
        info.external_attr = (stat.S_IFLNK | 0o777) << 16
        z.writestr(info, "/etc/shadow")
    return path, "holds a link"


def zip_slip(base: Path) -> tuple[Path, str]:
    return _zip(base, "zip_slip", {"agent.py": CORRECT, "../../evil.py": b""}), (
        "a path outside it"
    )


def zip_bomb(base: Path) -> tuple[Path, str]:
    path = base / "zip_bomb.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("agent.py", CORRECT)
        z.writestr("zeros", b"\0" * (30 * 1024 * 1024))
    return path, "more than 20 MB"


def not_a_zip(base: Path) -> tuple[Path, str]:
    path = base / "not_a_zip.zip"
    path.write_bytes(b"PK\x03\x04 this is not a zip at all")
    return path, "cannot be unpacked"


def zip_lzma_corrupt(base: Path) -> tuple[Path, str]:
    path = base / "zip_lzma_corrupt.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_LZMA) as z:
        z.writestr("agent.py", CORRECT)
    data = bytearray(path.read_bytes())
    start = 30 + len("agent.py") + 16  # past the local header and the LZMA properties
    data[start:start + 64] = b"\xff" * 64  # the compressed stream, broken
    path.write_bytes(bytes(data))
    return path, "cannot be unpacked"


def agent_py_is_a_folder(base: Path) -> tuple[Path, str]:
    folder = base / "agent_py_is_a_folder"
    (folder / "agent.py").mkdir(parents=True)
    (folder / "solution.py").write_bytes(CORRECT)
    return folder, "is not a file"


def no_agent(base: Path) -> tuple[Path, str]:
    folder = base / "no_agent"
    folder.mkdir()
    (folder / "notes.txt").write_text("my notes")
    return folder, "no agent.py in your submission"


def two_modules(base: Path) -> tuple[Path, str]:
    folder = base / "two_modules"
    folder.mkdir()
    (folder / "solution.py").write_bytes(CORRECT)
    (folder / "helpers.py").write_bytes(b"")
    return folder, "several .py files"


def two_agents(base: Path) -> tuple[Path, str]:
    folder = base / "two_agents"
    for sub in ("a", "b"):
        (folder / sub).mkdir(parents=True)
        (folder / sub / "agent.py").write_bytes(CORRECT)
    return folder, "several agent.py files"


Maker = Callable[[Path], tuple[Path, str]]
ODD: dict[str, Maker] = {
    maker.__name__: maker
    for maker in (
        link_to_secret, link_to_folder, link_to_dev_zero, dangling_link, agent_is_a_link,
        fifo, too_many_files, too_big, deep_folder, long_name, zip_name_clash,
        zip_file_and_folder, zip_long_names, zip_30000_entries, zip_encrypted,
        zip_with_link, zip_slip, zip_bomb, zip_lzma_corrupt, not_a_zip, no_agent,
        agent_py_is_a_folder, two_modules, two_agents,
    )
}


def remove_deep(folder: Path) -> None:
    """Remove the deep folder without recursion (which 1,100 levels would exhaust)."""
    if not (folder / "d").is_dir():
        return
    depth = 0
    fd = os.open(folder, os.O_RDONLY)
    while True:
        try:
            inner = os.open("d", os.O_RDONLY, dir_fd=fd)
        except FileNotFoundError:
            break
        os.close(fd)
        fd, depth = inner, depth + 1
    os.close(fd)
    for level in range(depth, 0, -1):
        os.rmdir(folder.joinpath(*["d"] * level))
