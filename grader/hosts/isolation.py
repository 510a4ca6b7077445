"""What the local sandbox can promise on this machine, and the means to keep the promise.

Two levels, named in every report and on the terminal:

``namespaces``
    The harness starts under ``bwrap`` (Debian's ``bubblewrap``) in new PID, mount,
    network, IPC, UTS and cgroup namespaces (and a user namespace when the grader is an
    ordinary user), in a fresh root that holds only the interpreter, its standard library
    and shared libraries, the harness and the submission, all read-only, a private
    size-limited ``/tmp`` and ``/dev/shm``, its own ``/proc`` and a minimal ``/dev``.
    PID 1 there is bwrap's own, which dies with bwrap, which dies with the grader (a
    parent-death signal each); the grader ends a run by killing that PID 1, which ends
    every process of the namespace, whatever session or group it moved to.
``limits only``
    No namespaces can be made here (no ``bwrap``, user namespaces disabled, or a
    container whose security profile forbids them): resource limits, the drop from root
    and the seccomp filter alone. It does not hide the machine's files, its network or
    the grader's processes from the submission. Instructor modes refuse to run student
    code at this level unless told to (``--allow-limits-only``).

The grader also makes itself non-dumpable before it starts any sandbox, so that no
process of the same user can ptrace it or open its ``/proc`` files (descriptors,
environment), and it marks its temporary folders with its PID and start time, so that
the next grader removes the folders of one that was killed.
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

from grader.errors import GraderError
from grader.hosts.kinds import ALLOW_FLAG, Isolation

NAMESPACES: Isolation = "namespaces"
LIMITS_ONLY: Isolation = "limits only"
PR_SET_DUMPABLE = 4
SANDBOX_DIR = "/sandbox"  # where the harness and the submission appear inside
HARNESS_DIR = f"{SANDBOX_DIR}/harness"  # the harness's files, one read-only folder
TMP_SIZE = 64 << 20  # bytes of the private /tmp
SHM_SIZE = 16 << 20  # bytes of the private /dev/shm
PROBE_TIMEOUT_S = 20.0
FOLDER_RE = re.compile(r"^grader-(?:local|submission|intake)-(\d+)-(\d+)-")


class IsolationUnavailable(GraderError):
    """An instructor mode was asked to run student code with weaker isolation than it
    promises."""


def harness_folder() -> Path:
    """The folder of the harness and the modules it runs with (``sandboxes.HARNESS_FILES``)."""
    import sandboxes

    return Path(sandboxes.__file__).resolve().parent


def interpreter() -> str:
    """The real interpreter binary (a virtualenv's ``python`` is a link to it)."""
    return os.path.realpath(sys.executable)


def _ro_bind(args: list[str], made: set[str], source: str, dest: str) -> None:
    """Add a read-only bind, making its parent folders first, open to all (bwrap would
    make them 0700 as root, out of reach of the user the harness becomes)."""
    parents = []
    parent = os.path.dirname(dest)
    while parent not in ("/", "") and parent not in made:
        parents.append(parent)
        parent = os.path.dirname(parent)
    for folder in reversed(parents):
        args += ["--perms", "0755", "--dir", folder]
        made.add(folder)
    args += ["--ro-bind", source, dest]


def _runtime_binds(made: set[str]) -> list[str]:
    """``bwrap`` arguments that show the interpreter, its standard library and the
    system's shared libraries read-only at their own paths, and nothing else; a
    ``site-packages`` inside the standard library is covered by an empty folder."""
    args: list[str] = []
    for top in ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"):
        if os.path.islink(top):
            args += ["--symlink", os.readlink(top), top]
    multiarch = getattr(sys.implementation, "_multiarch", "")
    libs = ["/lib64", "/usr/lib64", "/lib32", "/usr/lib32"]
    if multiarch:
        libs += [f"/lib/{multiarch}", f"/usr/lib/{multiarch}"]
    stdlib = sysconfig.get_paths()["stdlib"]
    libpython = os.path.join(str(sysconfig.get_config_var("LIBDIR") or ""),
                             str(sysconfig.get_config_var("INSTSONAME") or ""))
    seen: set[str] = set()
    for path in [*libs, "/etc/ld.so.cache", libpython, stdlib, interpreter()]:
        real = os.path.realpath(path)
        if real in seen or not os.path.exists(path) or (os.path.islink(path) and path in libs):
            continue
        seen.add(real)
        _ro_bind(args, made, real, real)
    covered = os.path.join(os.path.realpath(stdlib), "site-packages")
    if os.path.isdir(covered):
        args += ["--tmpfs", covered, "--remount-ro", covered]
    return args


def bwrap_command(
    *, submission: Path | None, info_fd: int | None, harness: Path | None = None
) -> list[str]:
    """The ``bwrap`` command line (up to ``--``) for one harness, whose files are the folder
    ``harness`` (default: the package; a copy of its ``HARNESS_FILES`` in the sandbox's own
    folder keeps the grader's checkout out of the mount list), shown at ``HARNESS_DIR``."""
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        raise FileNotFoundError("bwrap")
    # no init of bwrap's: the harness is the PID namespace's first process (see
    # namespace_flags), which bwrap waits for, where bwrap leaves its own init for the
    # machine's PID 1 to reap, and until then it counts in the sandbox's pids cgroup
    args = [bwrap, "--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts",
            "--unshare-cgroup-try", "--die-with-parent", "--new-session",
            "--hostname", "sandbox", "--as-pid-1"]
    if os.geteuid() != 0:  # an ordinary user gets its rights inside from a user namespace
        args += ["--unshare-user", "--disable-userns"]
    made: set[str] = set()
    args += _runtime_binds(made)
    _ro_bind(args, made, str(harness or harness_folder()), HARNESS_DIR)
    if submission is not None:
        _ro_bind(args, made, str(submission), f"{SANDBOX_DIR}/submission")
    args += ["--proc", "/proc", "--dev", "/dev",
             "--perms", "1777", "--size", str(TMP_SIZE), "--tmpfs", "/tmp",
             "--perms", "1777", "--size", str(SHM_SIZE), "--tmpfs", "/dev/shm",
             "--remount-ro", "/dev", "--remount-ro", "/",
             "--chdir", SANDBOX_DIR if submission is None else f"{SANDBOX_DIR}/submission"]
    if info_fd is not None:
        args += ["--info-fd", str(info_fd)]
    return [*args, "--"]


def namespace_flags() -> list[str]:
    """The harness's flags as its PID namespace's first process. As root, ``--watch``: it
    forks, and PID 1 is a watcher that runs no student code (root's and not dumpable, out
    of the submission's reach, as in a container); the harness drops to ``nobody`` in the
    child. An ordinary user's harness stays PID 1 itself: a watcher would run as the same
    user, without the seccomp filter, and a submission could write into its memory
    through /proc/1/mem."""
    return ["--namespace", "--watch"] if os.geteuid() == 0 else ["--namespace"]


def harness_command(*, isolated: bool, harness: Path, submission: Path) -> list[str]:
    """The interpreter and harness part of the command: paths as the harness sees them."""
    script = f"{HARNESS_DIR}/harness.py" if isolated else str(harness / "harness.py")
    folder = f"{SANDBOX_DIR}/submission" if isolated else str(submission)
    return [interpreter(), "-I", "-S", script, "--submission", folder]


@functools.cache
def local_isolation() -> tuple[Isolation, str]:
    """The level the local sandbox reaches here, and why not better; found once by
    starting a confined harness the way every run starts it."""
    if not sys.platform.startswith("linux"):
        return LIMITS_ONLY, f"no Linux namespaces on {sys.platform}"
    try:
        command = bwrap_command(submission=None, info_fd=None)
    except FileNotFoundError:
        return LIMITS_ONLY, "bwrap (the bubblewrap package) is not installed"
    command += [*harness_command(isolated=True, harness=harness_folder(), submission=Path())
                [:4], "--probe", "--submission", f"{SANDBOX_DIR}", *namespace_flags()]
    try:
        done = subprocess.run(command, capture_output=True, timeout=PROBE_TIMEOUT_S,
                              env=scrubbed_env(Path("/")), stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return LIMITS_ONLY, f"bwrap could not start: {exc}"
    said = done.stdout.decode(errors="replace")
    if done.returncode != 0 or not said.startswith("confined "):
        why = (done.stderr.decode(errors="replace").strip().splitlines() or ["no reason"])[-1]
        return LIMITS_ONLY, f"bwrap could not make the namespaces: {why[:300]}"
    where = re.search(r"\bpid=(\d+) parent=(\d+)\b", said)
    if where is None or not alone_in_namespace(int(where[1]), int(where[2])):
        return LIMITS_ONLY, f"the harness is not alone in a PID namespace: {said.strip()}"
    return NAMESPACES, ""


def alone_in_namespace(pid: object, parent: object) -> bool:
    """Whether a harness that says it is ``pid``, child of ``parent``, runs alone in a new
    PID namespace: as root, the child of its watcher; else its PID 1 (``--as-pid-1``)."""
    return (pid, parent) == ((2, 1) if os.geteuid() == 0 else (1, 0))


def likely_isolation() -> Isolation:
    """The level to start the local sandbox at without a probe of its own: the probe's
    answer if this process has one, else namespaces wherever bwrap is installed on Linux.
    A start at that level proves it (the harness says it is alone in its namespace) or
    fails, and the sandbox then asks :func:`local_isolation` why."""
    if local_isolation.cache_info().currsize:
        return local_isolation()[0]
    if sys.platform.startswith("linux") and shutil.which("bwrap") is not None:
        return NAMESPACES
    return local_isolation()[0]


def require_isolation(kind: str, *, allow_limits_only: bool) -> Isolation | None:
    """For instructor modes: the local sandbox's level, or IsolationUnavailable if it is
    ``limits only`` and that was not explicitly allowed. None for other sandboxes."""
    if kind != "local":
        return None
    level, why = local_isolation()
    if level == LIMITS_ONLY and not allow_limits_only:
        raise IsolationUnavailable(
            f"the local sandbox cannot isolate student code here ({why}); it would run with "
            "resource limits only, and the submission could read this machine's files, "
            "reach its network and the grader's processes. Install bubblewrap "
            "(apt-get install bubblewrap) and allow user namespaces, use --sandbox docker, "
            f"or pass {ALLOW_FLAG} to run anyway"
        )
    return level


def isolation_notice(level: str | None) -> str | None:
    """The terminal's warning for a run with limits only (None for any other level)."""
    if level != LIMITS_ONLY:
        return None
    why = local_isolation()[1]
    return (f"isolation: limits only ({why}): the submission ran with resource limits "
            "alone and could read this machine's files and reach its network")


def make_undumpable() -> None:
    """No process of the same user may ptrace the grader or open its /proc files."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)


def scrubbed_env(home: Path) -> dict[str, str]:
    """The harness's whole environment."""
    return {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": str(home),
        "LANG": "C.UTF-8",
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONUNBUFFERED": "1",
    }


def start_time(pid: int) -> str | None:
    """A process's start time in clock ticks since boot (None: no such process)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rsplit(b")", 1)[1].split()[19].decode()
    except (OSError, IndexError):
        return None


def owner_tag() -> str:
    """``PID-STARTTIME`` of this process: what names the folders and cgroups it owns."""
    pid = os.getpid()
    return f"{pid}-{start_time(pid) or 0}"


def owned_folder(kind: str, *, reachable: bool = False) -> Path:
    """A new 0700 temporary folder named for this process (PID and start time).
    ``reachable``: in a place every user can pass through (the system's /tmp if the
    temporary folder is not), for a harness that reaches it by path as ``nobody``."""
    base = tempfile.gettempdir()
    if reachable and not _passable(base):
        base = "/tmp"
    prefix = f"grader-{kind}-{owner_tag()}-"
    return Path(tempfile.mkdtemp(prefix=prefix, dir=base))


def unreachable_python() -> str | None:
    """Why a harness that drops from root to ``nobody`` with limits only (no namespaces
    to show it the interpreter) could not import the standard library; None if it can."""
    stdlib = sysconfig.get_paths()["stdlib"]
    if os.geteuid() != 0 or _passable(stdlib):
        return None
    return (f"user nobody cannot reach the standard library at {stdlib}, and with limits "
            "only the sandbox cannot show it; install bubblewrap, or use an interpreter "
            "installed where every user can read it")


def _passable(folder: str) -> bool:
    """Whether every user may pass through ``folder`` and each folder above it."""
    path = Path(folder).resolve()
    return all(p.stat().st_mode & 0o001 for p in (path, *path.parents))


@functools.cache
def sweep_dead_folders() -> list[Path]:
    """Remove the temporary folders (and empty memory cgroups) of graders that died, once
    per process; return the folders."""
    from grader.hosts.cgroup import sweep_dead_cgroups

    sweep_dead_cgroups(lambda pid, started: start_time(pid) == started)
    removed = []
    for place in dict.fromkeys([tempfile.gettempdir(), "/tmp"]):
        found: list[os.DirEntry[str]] = []
        with contextlib.suppress(OSError), os.scandir(place) as entries:  # no glob: a
            found = [e for e in entries if e.name.startswith("grader-")]  # busy /tmp
        for entry in found:
            match = FOLDER_RE.match(entry.name)
            with contextlib.suppress(OSError):
                if match is None or not entry.is_dir(follow_symlinks=False) or \
                        entry.stat(follow_symlinks=False).st_uid != os.geteuid():
                    continue
                pid, started = int(match[1]), match[2]
                if start_time(pid) != started:
                    shutil.rmtree(entry.path, ignore_errors=True)
                    removed.append(Path(entry.path))
    return removed
