"""The docker sandbox against a determined student: other socket families and kernel
surface, a second connection to the grader, honest verdicts on a loaded machine, and a
grader killed outright.

The tree is AIMA's figure 5.2::

         A (max)
    B (min)  C (min)  D (min)
    3 12 8   2 4 6    14 5 2

so a correct search at depth 2 answers ``(3, "a1")``.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from grader.grading.batch import grade_batch
from grader.hosts.docker import SECCOMP, DockerSandbox
from grader.hosts.engine import Engine, EngineError
from grader.hosts.image import LABEL
from grader.hosts.owners import OWNER_LABEL, WORKDIR_PREFIX
from tests.examples.tiny_assignment import FIG52, write_assignment
from tests.grader.hosts.test_docker import GOOD, request, submission

# family, type (1 stream, 3 raw), protocol: each must be refused inside the container
FAMILIES = {
    "vsock": (40, 1, 0),
    "netlink": (16, 3, 0),
    "packet": (17, 3, 0x0300),
    "raw": (2, 3, 1),
    "inet": (2, 1, 0),
    "inet6": (10, 1, 0),
}


# --- other socket families, io_uring, namespaces ---------------------------------------


@pytest.mark.docker
def test_only_unix_sockets_and_no_io_uring_or_namespaces(image: str, tmp_path: Path) -> None:
    folder = submission(tmp_path / "families", f"""
        import ctypes, socket

        FAMILIES = {FAMILIES!r}

        def alphabeta(game, state, depth):
            for name, (family, kind, proto) in sorted(FAMILIES.items()):
                try:
                    socket.socket(family, kind, proto).close()
                    print(name, "open")
                except OSError as exc:
                    print(name, "refused", exc.errno)
            libc = ctypes.CDLL(None, use_errno=True)
            params = ctypes.create_string_buffer(120)
            print("io_uring", libc.syscall(425, 4, params), ctypes.get_errno())
            print("unshare", libc.unshare(0x10000000), ctypes.get_errno())  # CLONE_NEWUSER
            a, b = socket.socketpair()
            a.sendall(b"x")
            print("unix", b.recv(1).decode())
            status = open("/proc/self/status").read().splitlines()
            print(*[line for line in status if line.startswith("Seccomp_filters:")])
            return 3, "a1"
        """)
    with DockerSandbox(folder, image=image) as box:
        result = box.run(request())
    assert result.status == "ok", result.message
    lines = result.output.splitlines()
    # two filters: Docker's profile of ours, and the harness's own on top of it; the
    # later one's errno is the one seen (EAFNOSUPPORT, ENOSYS), both deny
    assert "Seccomp_filters:\t2" in lines or "Seccomp_filters: 2" in lines, result.output
    for name in FAMILIES:
        assert any(f"{name} refused {e}" in lines for e in (1, 97)), result.output
    assert any(f"io_uring -1 {e}" in lines for e in (1, 38)), result.output
    assert "unshare -1 1" in lines
    assert "unix x" in lines


DENIED = ["io_uring_setup", "io_uring_enter", "io_uring_register", "unshare", "setns",
          "mount", "umount2", "pivot_root", "chroot", "ptrace", "process_vm_readv",
          "process_vm_writev", "bpf", "perf_event_open", "keyctl", "add_key", "request_key",
          "userfaultfd", "kexec_load", "init_module", "socketcall", "pidfd_getfd",
          "timer_create"]


def test_the_seccomp_profile_is_an_allow_list_without_the_denied_calls() -> None:
    profile = json.loads(SECCOMP.read_text())
    assert profile["defaultAction"] == "SCMP_ACT_ERRNO"
    allowed = {name: rule for rule in profile["syscalls"] if rule["action"] == "SCMP_ACT_ALLOW"
               for name in rule["names"]}
    assert not [name for name in DENIED if name in allowed]
    for name in ("socket", "socketpair"):  # the Unix family only: AF_UNIX is 1
        assert allowed[name]["args"] == [{"index": 0, "value": 1, "valueTwo": 0,
                                          "op": "SCMP_CMP_EQ"}]
    assert allowed["clone"]["args"][0]["op"] == "SCMP_CMP_MASKED_EQ"  # no namespace flags


# --- one connection per run ------------------------------------------------------------

SECOND_CONNECTION = """
import os, socket, time

HELD = []

def alphabeta(game, state, depth):
    if depth == 1:  # the run after the attack: an answer without probing
        return 3, "a1"
    for name in sorted(os.listdir("/run/grader/sock")) or ["(none)"]:
        sock = socket.socket(socket.AF_UNIX)
        try:
            sock.connect("/run/grader/sock/" + name)
            HELD.append(sock)
            print(name, "connected")
        except OSError as exc:
            print(name, "refused", exc.errno)
    if depth == 2:
        return 3, "a1"
    while True:  # depth 3: hold whatever got through, and be killed on the time limit
        time.sleep(0.01)
"""


@pytest.mark.docker
def test_a_second_connection_is_never_served(image: str, tmp_path: Path) -> None:
    folder = submission(tmp_path / "second", SECOND_CONNECTION)
    with DockerSandbox(folder, image=image) as box:
        probe = box.run(request(depth=2))
        held = box.run(request(depth=3, time_limit=1.5))
        after = [box.run(request(depth=depth)) for depth in (1, 2)]
    assert probe.status == "ok", probe.message
    assert "connected" not in probe.output
    assert held.status == "timeout", held.message
    assert [r.status for r in after] == ["ok", "ok"], [r.message for r in after]
    assert "connected" not in after[1].output  # nor after a restart


# --- honest verdicts on a loaded machine -----------------------------------------------

VERDICT_CASES = {
    "loop": ("""
        def alphabeta(game, state, depth):
            while True:
                pass
        """, "timeout"),
    "memory": ("""
        def alphabeta(game, state, depth):
            hog = []
            while True:
                hog.append(bytearray(8 << 20))
        """, "memory"),
    "kills-itself": ("""
        import os, signal

        def alphabeta(game, state, depth):
            os.kill(os.getpid(), signal.SIGKILL)
        """, "error"),
    "child-kills-it": ("""
        import os, signal, time

        def alphabeta(game, state, depth):
            parent = os.getpid()
            if os.fork() == 0:
                os.kill(parent, signal.SIGKILL)
                os._exit(0)
            time.sleep(5)
        """, "error"),
    "correct": (GOOD, "passed"),
}


@pytest.fixture
def cpu_hogs() -> Iterator[None]:
    """Two processes that keep both cores of the machine busy while the test runs."""
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
    try:
        yield
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()


@pytest.mark.docker
@pytest.mark.slow
def test_a_loaded_batch_gets_only_honest_verdicts(image: str, tmp_path: Path,
                                                  cpu_hogs: None) -> None:
    tests = [{"name": "fig52", "tree": "trees/fig52.tree.json", "depth": 2, "points": 1}]
    assignment = write_assignment(tmp_path / "assignment", {"fig52": FIG52}, tests)
    text = (assignment / "assignment.yaml").read_text()
    (assignment / "assignment.yaml").write_text(text + "time_limit: 2.0\nmemory_mb: 64\n")
    subs = tmp_path / "subs"
    subs.mkdir()
    for name, (code, _) in VERDICT_CASES.items():
        for i in range(2):
            (subs / f"{name}-{i}.py").write_text(textwrap.dedent(code))
    result = grade_batch(submissions=subs, assignment=assignment, out=tmp_path / "out",
                         jobs=2, sandbox="docker")
    got = {r.submission: (r.tests[0].status, r.tests[0].message) for r in result.reports}
    expected = {f"{name}-{i}": status for name, (_, status) in VERDICT_CASES.items()
                for i in range(2)}
    assert {name: status for name, (status, _) in got.items()} == expected, got
    for name, (status, message) in got.items():
        if status == "memory":
            assert "64 MB" in (message or ""), (name, message)
        if name.startswith(("kills-itself", "child-kills-it")):
            assert "SIGKILL" in (message or ""), (name, message)


# --- a grader killed outright ----------------------------------------------------------

SPIN = """
def alphabeta(game, state, depth):
    while True:
        pass
"""


def owned_by(client: Any, pid: int, *, running: bool) -> list[str]:
    """Names of the sandbox containers of the grader process ``pid`` (running, or all)."""
    found = client.api.containers(all=not running, filters={"label": f"{LABEL}=sandbox"})
    prefix = f"{socket.gethostname()}:{pid}:"
    return [c["Names"][0] for c in found
            if (c.get("Labels") or {}).get(OWNER_LABEL, "").startswith(prefix)]


def folders_of(tmp: Path, pid: int) -> list[Path]:
    return [f for f in tmp.glob(f"{WORKDIR_PREFIX}*")
            if (f / "owner").is_file() and (f / "owner").read_text().split(":")[1] == str(pid)]


def grader_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "grader.cli", *args]


@pytest.mark.docker
@pytest.mark.slow
@pytest.mark.parametrize("command", ["check", "grade"], ids=["check", "grade"])
def test_a_grader_killed_outright_leaves_nothing_running(command: str, image: str,
                                                         tmp_path: Path, client: Any) -> None:
    tests = [{"name": "fig52", "tree": "trees/fig52.tree.json", "depth": 2, "points": 1}]
    assignment = write_assignment(tmp_path / "assignment", {"fig52": FIG52}, tests)
    text = (assignment / "assignment.yaml").read_text()
    (assignment / "assignment.yaml").write_text(text + "time_limit: 60.0\n")
    subs = tmp_path / "subs"
    subs.mkdir()
    for i in range(2):
        (subs / f"spin{i}.py").write_text(SPIN)
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = {**os.environ, "TMPDIR": str(tmp)}
    args = (["check", str(subs / "spin0.py")] if command == "check" else
            ["grade", str(subs), "-o", str(tmp_path / "out"), "--jobs", "2"])
    log = tmp_path / "grader.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            grader_command(*args, "-a", str(assignment), "--sandbox", "docker"),
            env=env, stdout=out, stderr=subprocess.STDOUT,
        )
    try:
        wanted = 1 if command == "check" else 2
        deadline = time.monotonic() + 60
        while len(owned_by(client, proc.pid, running=True)) < wanted:
            assert proc.poll() is None, log.read_text()
            assert time.monotonic() < deadline, "its sandboxes did not start"
            time.sleep(0.2)
        time.sleep(0.5)  # mid-run: the submissions spin
        assert len(folders_of(tmp, proc.pid)) == wanted
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        killed = time.monotonic()
        while owned_by(client, proc.pid, running=True) and time.monotonic() - killed < 2:
            time.sleep(0.05)
        assert owned_by(client, proc.pid, running=True) == []
    finally:
        with contextlib.suppress(ProcessLookupError):
            proc.kill()
    good = submission(tmp_path / "good", GOOD)
    after = subprocess.run(grader_command("check", str(good), "-a", str(assignment),
                                          "--sandbox", "docker"),
                           env=env, capture_output=True, text=True, check=False)
    assert after.returncode == 0, after.stdout + after.stderr
    assert owned_by(client, proc.pid, running=False) == []
    assert folders_of(tmp, proc.pid) == []


# --- a container that fails to start ---------------------------------------------------


@pytest.mark.docker
def test_a_container_that_fails_to_start_is_tried_again(
    image: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The engine refuses the first create (as a loaded engine may); the second works."""
    folder = submission(tmp_path / "good", GOOD)
    attempts: list[str] = []
    real_create = Engine.create

    def create_failing_once(self: Engine, name: str, config: dict[str, Any]) -> Any:
        attempts.append(name)
        if len(attempts) == 1:
            raise EngineError("500 the engine is busy", 500)
        return real_create(self, name, config)

    monkeypatch.setattr(Engine, "create", create_failing_once)
    with DockerSandbox(folder, image=image) as box:
        result = box.run(request())
    assert (result.status, result.value, result.action) == ("ok", 3, "a1"), result.message
    assert len(attempts) == 2 and attempts[0] != attempts[1]
