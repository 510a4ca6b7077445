"""The docker sandbox: same grades as the local one, and the container's walls hold.

The image is built offline once per session (the debootstrap base is kept as an image,
so only the first session on a machine pays for it). The submissions are written into
``tmp_path``; the tree is AIMA's figure 5.2, drawn beside ``FIG52``.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import textwrap
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from grader.cli import main
from grader.grading.check import grade_submission
from grader.hosts.base import RunRequest, RunResult
from grader.hosts.docker import DockerSandbox, shared_engine
from grader.hosts.image import (
    IMAGE_REPOSITORY,
    LABEL,
    OFFLINE_BASE,
    MirrorUnavailable,
    context_files,
    debian_mirror,
    ensure_image,
    has_image,
    image_tag,
)
from grader.hosts.owners import OWNER_LABEL, WORKDIR_PREFIX, owner_id, sweep, sweep_folders
from grader.trees.tree import Tree, parse_tree
from tests.examples.tiny_assignment import FIG52, write_assignment

ROOT = Path(__file__).resolve().parents[3]
#        A (max)
#   B (min)  C (min)  D (min)
#   3 12 8   2 4 6    14 5 2
TREE: Tree = parse_tree(FIG52)
#              max
#        min            min
#    max     max    max     max
#   3  5    6  9   1  2    0  -1
DEEP = {"format": "game-tree/1", "name": "deep", "nested": [[[3, 5], [6, 9]], [[1, 2], [0, -1]]]}
GOOD = """
def alphabeta(game, state, depth):
    return 3, game.actions(state)[0]
"""


def submission(folder: Path, code: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "agent.py").write_text(textwrap.dedent(code))
    return folder


def request(time_limit: float = 5.0, depth: int = 2) -> RunRequest:
    return RunRequest(test_name="t", tree=TREE, entry="alphabeta", depth=depth,
                      time_limit=time_limit)


def ours(client: Any) -> list[dict[str, Any]]:
    """The sandbox containers this process owns, running or not, as the engine lists them
    (one query: other graders' containers may come and go meanwhile)."""
    found: list[dict[str, Any]] = client.api.containers(
        all=True, filters={"label": f"{OWNER_LABEL}={owner_id()}"})
    return found


def run_once(folder: Path, image: str, **options: Any) -> RunResult:
    with DockerSandbox(folder, image=image, **options) as box:
        return box.run(request())


# --- same grades as the local sandbox --------------------------------------------------

EXAMPLES = sorted(p for kind in ("alphabeta", "minimax")
                  for p in (ROOT / "examples" / kind).glob("*.py"))


@pytest.mark.docker
@pytest.mark.parametrize("example", EXAMPLES, ids=[f"{p.parent.name}-{p.stem}" for p in EXAMPLES])
def test_docker_grades_like_local(example: Path, image: str, tmp_path: Path) -> None:
    entry = example.parent.name
    tests = [
        {"name": "fig52", "tree": "trees/fig52.tree.json", "depth": 2, "points": 2},
        {"name": "three-ply", "tree": "trees/deep.tree.json", "depth": 3, "points": 1},
    ]
    trees = {"fig52": FIG52, "deep": DEEP}
    folder = write_assignment(tmp_path / "tiny", trees, tests, entry=entry)
    local = grade_submission(submission=example, assignment=folder, sandbox="local")
    docker = grade_submission(submission=example, assignment=folder, sandbox="docker")

    def outcome(report: Any) -> list[tuple[str, str, float, str | None]]:
        return [(t.name, t.status, t.score, t.message) for t in report.tests]

    assert outcome(docker) == outcome(local)
    assert {t.status for t in docker.tests} <= {"passed", "failed", "error"}
    assert not any("process" in (t.message or "") for t in docker.tests)  # no crash
    if example.stem == "correct":
        assert docker.score == docker.max_score == 3


# --- the container's walls -------------------------------------------------------------


@pytest.mark.docker
def test_no_network_but_loopback(image: str, tmp_path: Path) -> None:
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)
        port = listener.getsockname()[1]
        folder = submission(tmp_path / "net", f"""
            import socket

            def alphabeta(game, state, depth):
                print(open("/proc/net/dev").read())
                try:
                    socket.create_connection(("127.0.0.1", {port}), timeout=2).close()
                    print("CONNECTED")
                except OSError as exc:
                    print("connect failed:", exc)
                return 3, "a1"
            """)
        result = run_once(folder, image)
        listener.setblocking(False)
        with pytest.raises(BlockingIOError):
            listener.accept()
    assert result.status == "ok", result.message
    table = result.output.split("connect failed")[0].strip().splitlines()[2:]
    assert [line.split(":")[0].strip() for line in table] == ["lo"]
    assert "connect failed" in result.output
    assert "CONNECTED" not in result.output


@pytest.mark.docker
def test_only_tmp_is_writable(image: str, tmp_path: Path) -> None:
    folder = submission(tmp_path / "writer", """
        def alphabeta(game, state, depth):
            for path in ("/submission/x", "/sandbox/x", "/x", "/run/x", "/tmp/x"):
                try:
                    with open(path, "w") as f:
                        f.write("x")
                    print("wrote", path)
                except OSError as exc:
                    print("refused", path, exc.errno)
            return 3, "a1"
        """)
    result = run_once(folder, image)
    assert result.status == "ok", result.message
    lines = result.output.splitlines()
    assert "wrote /tmp/x" in lines
    for path in ("/submission/x", "/sandbox/x", "/x", "/run/x"):
        assert any(line.startswith(f"refused {path} ") for line in lines), result.output


@pytest.mark.docker
def test_runs_as_nobody_without_capabilities(image: str, tmp_path: Path) -> None:
    folder = submission(tmp_path / "who", """
        import os

        def alphabeta(game, state, depth):
            status = open("/proc/self/status").read().splitlines()
            print(os.getuid(), os.getgid())
            print("\\n".join(line for line in status if line.startswith(("CapEff", "NoNewP"))))
            return 3, "a1"
        """)
    result = run_once(folder, image)
    assert result.status == "ok", result.message
    assert result.output.splitlines()[0] == "65534 65534"
    lines = result.output.splitlines()
    assert "CapEff:\t0000000000000000" in lines
    assert "NoNewPrivs:\t1" in lines


# --- limits, and the runs after a broken one -------------------------------------------

BOMBS = {
    "memory": """
        def alphabeta(game, state, depth):
            if depth == 2:
                hog = []
                while True:
                    hog.append(bytearray(8 << 20))
            return 3, "a1"
        """,
    "loop": """
        def alphabeta(game, state, depth):
            while depth == 2:
                pass
            return 3, "a1"
        """,
    "fork": """
        import os, time

        def alphabeta(game, state, depth):
            while depth == 2:
                if os.fork() == 0:
                    time.sleep(60)
                    os._exit(0)
            return 3, "a1"
        """,
}
VERDICTS = {"memory": {"memory"}, "loop": {"timeout"}, "fork": {"error", "timeout"}}


@pytest.mark.docker
@pytest.mark.parametrize("bomb", sorted(BOMBS), ids=sorted(BOMBS))
def test_a_bomb_is_stopped_and_the_next_test_runs(bomb: str, image: str, tmp_path: Path,
                                                  client: Any) -> None:
    folder = submission(tmp_path / bomb, BOMBS[bomb])
    with DockerSandbox(folder, image=image, memory_mb=64) as box:
        first = box.run(request(time_limit=3.0))
        second = box.run(request(time_limit=3.0, depth=1))
    assert first.status in VERDICTS[bomb], (first.status, first.message)
    assert first.time_s < 10
    assert (second.status, second.value, second.action) == ("ok", 3, "a1"), second.message
    assert subprocess.run(["true"], check=False).returncode == 0  # the host can still fork
    assert not ours(client)


@pytest.mark.docker
def test_memory_verdict_names_the_limit(image: str, tmp_path: Path) -> None:
    folder = submission(tmp_path / "hog", BOMBS["memory"])
    result = run_once(folder, image, memory_mb=64)
    assert result.status == "memory"
    assert result.message is not None and "64 MB" in result.message


# --- lifecycle: one container, removed on every path -----------------------------------


@pytest.mark.docker
def test_a_container_that_cannot_start_is_a_sandbox_error(image: str, tmp_path: Path,
                                                         client: Any) -> None:
    folder = submission(tmp_path / "good", GOOD)
    result = run_once(folder, OFFLINE_BASE)  # python3, but no harness in it
    assert result.status == "sandbox_error"
    assert result.message is not None and "before its harness connected" in result.message
    assert not ours(client)


@pytest.mark.docker
def test_one_container_for_all_tests_and_none_after_close(image: str, tmp_path: Path,
                                                          client: Any) -> None:
    folder = submission(tmp_path / "good", GOOD)
    box = DockerSandbox(folder, image=image)
    try:
        results = [box.run(request()) for _ in range(3)]
        running = ours(client)
        mounts = [Path(m["Source"]) for c in running for m in c["Mounts"]]
        assert all(path.exists() for path in mounts)
    finally:
        box.close()
    assert [(r.status, r.value, r.action) for r in results] == [("ok", 3, "a1")] * 3
    assert len(running) == 1
    assert len(mounts) == 2
    assert not ours(client)
    assert not any(path.exists() for path in mounts)


@pytest.mark.docker
def test_an_interrupt_leaves_no_container(image: str, tmp_path: Path, client: Any) -> None:
    folder = submission(tmp_path / "good", GOOD)
    with pytest.raises(KeyboardInterrupt), DockerSandbox(folder, image=image) as box:
        assert box.run(request()).status == "ok"
        assert len(ours(client)) == 1
        raise KeyboardInterrupt
    assert not ours(client)


@pytest.mark.docker
def test_sweep_removes_only_containers_of_dead_graders(image: str, client: Any) -> None:
    dead = client.containers.create(image, command=["true"], labels={
        LABEL: "sandbox", OWNER_LABEL: f"{socket.gethostname()}:{2**22 + 1}"})
    alive = client.containers.create(image, command=["true"], labels={
        LABEL: "sandbox", OWNER_LABEL: owner_id()})
    try:
        removed = sweep(shared_engine())
        assert dead.name in removed
        assert alive.name not in removed
        assert [c["Names"] for c in ours(client)] == [[f"/{alive.name}"]]
    finally:
        for container in (dead, alive):
            with contextlib.suppress(Exception):
                container.remove(force=True)


PARALLEL = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")) > 1


@pytest.mark.docker
@pytest.mark.skipif(PARALLEL, reason="sweep --all removes every sandbox container, the other "
                    "workers' too: it runs in a serial run (as CI runs the docker tests)")
def test_sweep_all_removes_the_containers_of_live_graders_too(image: str, client: Any) -> None:
    alive = client.containers.create(image, command=["true"], labels={
        LABEL: "sandbox", OWNER_LABEL: owner_id()})
    try:
        result = CliRunner().invoke(main, ["sandbox", "sweep", "--all"])
        assert result.exit_code == 0, result.output
        assert f"removed: {alive.name}" in result.output
        assert not ours(client)
    finally:
        with contextlib.suppress(Exception):
            alive.remove(force=True)


# --- the image --------------------------------------------------------------------------


@pytest.mark.docker
def test_a_changed_harness_gets_a_new_image(
    image: str, client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = context_files()
    changed = {**files, "harness.py": files["harness.py"] + b"\n# changed\n"}
    monkeypatch.setattr("grader.hosts.image.context_files", lambda: changed)
    tag = image_tag()
    assert tag != image
    try:
        assert ensure_image(client) == tag
        assert has_image(client, tag)
    finally:
        client.images.remove(tag, force=True)


@pytest.mark.docker
def test_cli_build_offline_reuses_the_base_and_prunes(image: str, client: Any) -> None:
    older = f"{IMAGE_REPOSITORY}:000000000000"
    client.images.get(image).tag(older)
    result = CliRunner().invoke(main, ["sandbox", "build", "--offline"])
    assert result.exit_code == 0, result.output
    assert "is already built" in result.output
    assert f"built: {image_tag()}" in result.output
    assert f"removed the older image {older}" in result.output
    assert not has_image(client, older)


def test_image_tag_is_a_hash_of_the_build_files(monkeypatch: pytest.MonkeyPatch) -> None:
    tag = image_tag()
    repository, digest = tag.split(":")
    assert repository == IMAGE_REPOSITORY
    assert len(digest) == 12 and int(digest, 16) >= 0
    files = context_files()
    for name in files:
        changed = {**files, name: files[name] + b" "}
        monkeypatch.setattr("grader.hosts.image.context_files", lambda c=changed: c)
        assert image_tag() != tag, name


SOURCES: dict[str, tuple[dict[str, str], str | None]] = {
    "deb822": ({"sources.list.d/debian.sources": """
        Types: deb
        URIs: http://mirror.example/debian
        Suites: bookworm bookworm-updates
        Components: main

        Types: deb
        URIs: http://mirror.example/debian-security
        Suites: bookworm-security
        Components: main
        """}, "http://mirror.example/debian"),
    "one-line": ({"sources.list": """
        # deb http://old.example/debian bookworm main
        deb http://security.example/debian-security bookworm-security main
        deb [arch=amd64 signed-by=/k.gpg] http://mirror.example/debian bookworm main
        """}, "http://mirror.example/debian"),
    "disabled": ({"sources.list.d/debian.sources": """
        Types: deb
        URIs: http://mirror.example/debian
        Suites: bookworm
        Enabled: no
        """}, None),
    "none": ({}, None),
}


@pytest.mark.parametrize("case", sorted(SOURCES), ids=sorted(SOURCES))
def test_debian_mirror_is_read_from_apt_sources(case: str, tmp_path: Path) -> None:
    files, expected = SOURCES[case]
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(textwrap.dedent(text).lstrip())
    if expected is None:
        with pytest.raises(MirrorUnavailable, match="--mirror"):
            debian_mirror(tmp_path)
    else:
        assert debian_mirror(tmp_path) == expected


OWNERS = {
    "this-grader": (lambda: owner_id(), True),
    "a-dead-grader": (lambda: f"{socket.gethostname()}:{2**22 + 1}:123", False),
    "a-reused-pid": (lambda: f"{socket.gethostname()}:{os.getpid()}:1", False),
    "another-machine": (lambda: "elsewhere.example:1:1", True),
}


@pytest.mark.parametrize("case", sorted(OWNERS), ids=sorted(OWNERS))
def test_sweep_folders_removes_only_folders_of_dead_graders(case: str, tmp_path: Path) -> None:
    owner, kept = OWNERS[case]
    folder = tmp_path / f"{WORKDIR_PREFIX}{case}"
    folder.mkdir()
    (folder / "owner").write_text(owner())
    unowned = tmp_path / f"{WORKDIR_PREFIX}being-made"
    unowned.mkdir()
    removed = sweep_folders(tmp_path)
    assert folder.exists() is kept
    assert removed == ([] if kept else [folder])
    assert unowned.exists()
