"""How the harness confines itself before any student code runs. Standard library only.

In this order, because each step needs the rights the next one takes away: resource
limits; the drop from root to user ``nobody``; the process limit; ``no_new_privs``; the
parent-death signal (after the last identity change, which clears it); a seccomp filter
that denies the kernel surface a search never needs. The harness runs this inside the
namespaces and fresh root the grader built for it (``bwrap``), or with limits only where
the machine cannot make namespaces; the seccomp filter is installed in both cases, and a
machine where it cannot be installed stops the harness with a message.
"""

from __future__ import annotations

import ctypes
import errno
import os
import resource
import select
import struct
import sys
import time

TYPE_CHECKING = False  # typing is not imported at run time: the harness starts sooner
if TYPE_CHECKING:
    from typing import Any

NOBODY = 65534
PR_SET_PDEATHSIG = 1
PR_SET_SECCOMP = 22
PR_SET_NO_NEW_PRIVS = 38
SECCOMP_MODE_FILTER = 2
REAP_WAIT_S = 1.0  # for the processes a run left to die once killed
SIGKILL = 9  # POSIX's number: the signal module would import enum, a tenth of the harness's start
M_ARENA_MAX = -8  # glibc's mallopt() option: how many malloc arenas there may be

# classic BPF, as seccomp reads it
LD_ABS, JEQ, JSET, RET = 0x20, 0x15, 0x45, 0x06
JGE = 0x35
RET_ALLOW, RET_KILL = 0x7FFF0000, 0x80000000
RET_ERRNO = 0x00050000
OFF_NR, OFF_ARCH, OFF_ARG0 = 0, 4, 16  # seccomp_data: nr, arch, ip, args[6] (low word first)
X32_BIT = 0x40000000
AF_UNIX = 1
# CLONE_NEWNS, NEWCGROUP, NEWUTS, NEWIPC, NEWUSER, NEWPID, NEWNET
NAMESPACE_FLAGS = 0x00020000 | 0x02000000 | 0x04000000 | 0x08000000 | 0x10000000 \
    | 0x20000000 | 0x40000000

# (AUDIT_ARCH, system call numbers) per machine; the names are those of the kernel
ARCHES: dict[str, tuple[int, dict[str, int]]] = {
    "x86_64": (0xC000003E, {
        "socket": 41, "socketpair": 53, "clone": 56, "clone3": 435,
        "io_uring_setup": 425, "io_uring_enter": 426, "io_uring_register": 427,
        "memfd_create": 319, "memfd_secret": 447, "ptrace": 101,
        "process_vm_readv": 310, "process_vm_writev": 311, "pidfd_getfd": 438,
        "bpf": 321, "perf_event_open": 298, "userfaultfd": 323,
        "keyctl": 250, "add_key": 248, "request_key": 249,
        "unshare": 272, "setns": 308, "mount": 165, "umount2": 166, "pivot_root": 155,
        "open_tree": 428, "move_mount": 429, "fsopen": 430, "fsmount": 432,
        "open_by_handle_at": 304, "shmget": 29, "msgget": 68, "semget": 64, "prctl": 157,
        "timer_create": 222,
    }),
    "aarch64": (0xC00000B7, {
        "socket": 198, "socketpair": 199, "clone": 220, "clone3": 435,
        "io_uring_setup": 425, "io_uring_enter": 426, "io_uring_register": 427,
        "memfd_create": 279, "memfd_secret": 447, "ptrace": 117,
        "process_vm_readv": 270, "process_vm_writev": 271, "pidfd_getfd": 438,
        "bpf": 280, "perf_event_open": 241, "userfaultfd": 282,
        "keyctl": 219, "add_key": 217, "request_key": 218,
        "unshare": 97, "setns": 268, "mount": 40, "umount2": 39, "pivot_root": 41,
        "open_tree": 428, "move_mount": 429, "fsopen": 430, "fsmount": 432,
        "open_by_handle_at": 265, "shmget": 194, "msgget": 186, "semget": 190, "prctl": 167,
        "timer_create": 107,
    }),
}
# denied outright, with the error the caller sees; ENOSYS where a library falls back
# (glibc makes threads with clone when clone3 is missing)
DENIED = {
    "io_uring_setup": errno.ENOSYS, "io_uring_enter": errno.ENOSYS,
    "io_uring_register": errno.ENOSYS, "clone3": errno.ENOSYS,
    "memfd_create": errno.EPERM, "memfd_secret": errno.ENOSYS,
}
for _name in ("ptrace", "process_vm_readv", "process_vm_writev", "pidfd_getfd", "bpf",
              "perf_event_open", "userfaultfd", "keyctl", "add_key", "request_key", "unshare",
              "setns", "mount", "umount2", "pivot_root", "open_tree", "move_mount", "fsopen",
              "fsmount", "open_by_handle_at",
              # System V IPC: memory in a segment escapes RLIMIT_AS once detached, and
              # where no cgroup counts it (an ordinary user's sandbox) nothing else would
              "shmget", "msgget", "semget",
              # a POSIX timer outlives the search that set it and would go off in a later
              # test (the harness cancels the interval timers and the alarm it can see)
              "timer_create"):
    DENIED[_name] = errno.EPERM


class ConfinementError(OSError):
    """The promised confinement could not be set up: no student code may run."""


def _insn(code: int, k: int, jt: int = 0, jf: int = 0) -> bytes:
    return struct.pack("=HBBI", code, jt, jf, k)


def seccomp_program(machine: str | None = None) -> bytes:
    """The filter for this machine: only Unix sockets; no io_uring, memfd, ptrace, new
    namespaces or mounts, kernel keyrings, BPF, perf, userfaultfd, System V IPC or POSIX
    timers; the parent-death signal cannot be changed; any other ABI (32-bit or x32 calls
    on a 64-bit machine) kills the process."""
    arch, numbers = ARCHES[machine or os.uname().machine]
    prog = [_insn(LD_ABS, OFF_ARCH), _insn(JEQ, arch, 1, 0), _insn(RET, RET_KILL),
            _insn(LD_ABS, OFF_NR)]
    if arch == ARCHES["x86_64"][0]:
        prog += [_insn(JGE, X32_BIT, 0, 1), _insn(RET, RET_KILL)]
    for name, err in DENIED.items():
        prog += [_insn(JEQ, numbers[name], 0, 1), _insn(RET, RET_ERRNO | err)]
    for name in ("socket", "socketpair"):  # the domain is the first argument
        prog += [_insn(JEQ, numbers[name], 0, 4), _insn(LD_ABS, OFF_ARG0),
                 _insn(JEQ, AF_UNIX, 0, 1), _insn(RET, RET_ALLOW),
                 _insn(RET, RET_ERRNO | errno.EAFNOSUPPORT)]
    # the parent-death signal is set before the filter and stays: a run cannot outlive
    # its grader by clearing it
    prog += [_insn(JEQ, numbers["prctl"], 0, 4), _insn(LD_ABS, OFF_ARG0),
             _insn(JEQ, PR_SET_PDEATHSIG, 0, 1), _insn(RET, RET_ERRNO | errno.EPERM),
             _insn(RET, RET_ALLOW)]
    prog += [_insn(JEQ, numbers["clone"], 0, 4), _insn(LD_ABS, OFF_ARG0),
             _insn(JSET, NAMESPACE_FLAGS, 0, 1), _insn(RET, RET_ERRNO | errno.EPERM),
             _insn(RET, RET_ALLOW)]
    prog.append(_insn(RET, RET_ALLOW))
    return b"".join(prog)


def install_seccomp() -> None:
    """Load :func:`seccomp_program` into this process (needs ``no_new_privs`` first)."""
    machine = os.uname().machine  # what platform.machine() says, without its import
    if machine not in ARCHES:
        raise ConfinementError(errno.ENOSYS, f"no seccomp filter for {machine}")
    code = seccomp_program()

    class SockFprog(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_char_p)]

    prog = SockFprog(len(code) // 8, code)
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(prog), 0, 0) != 0:
        err = ctypes.get_errno()
        raise ConfinementError(err, f"seccomp filter: {os.strerror(err)}")


def die_with_parent(watch_fd: int) -> None:
    """SIGKILL when the parent dies; exit now if the grader is already gone (its end of
    the pipe ``watch_fd`` hung up), since the signal is not sent for a death before it."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0:
        raise ConfinementError(ctypes.get_errno(), "prctl(PR_SET_PDEATHSIG) failed")
    if hasattr(select, "poll"):
        poller = select.poll()
        poller.register(watch_fd, select.POLLIN)
        if any(event & (select.POLLHUP | select.POLLERR) for _, event in poller.poll(0)):
            os._exit(1)


def confine(*, memory_mb: int, cpu_s: int, processes: int, watch_fd: int) -> None:
    """Limit this process before any student code runs; drop root if we have it; set
    the parent-death signal after the drop; install the seccomp filter last."""
    def limit(what: int, soft: int, hard: int | None = None) -> None:
        try:
            resource.setrlimit(what, (soft, soft if hard is None else hard))
        except (ValueError, OSError):
            pass

    libc = ctypes.CDLL(None, use_errno=True)
    one_malloc_arena(libc)
    limit(resource.RLIMIT_CORE, 0)
    limit(resource.RLIMIT_FSIZE, 16 << 20)
    limit(resource.RLIMIT_NOFILE, 64)
    limit(resource.RLIMIT_CPU, cpu_s, cpu_s + 1)
    if memory_mb > 0:
        limit(resource.RLIMIT_AS, (memory_mb << 20) + _mapped_bytes())
    if os.geteuid() == 0:
        os.setgroups([])
        os.setgid(NOBODY)
        os.setuid(NOBODY)
        if os.getuid() == 0 or os.geteuid() == 0:
            raise ConfinementError(errno.EPERM, "could not drop root")
    limit(resource.RLIMIT_NPROC, processes)
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        raise ConfinementError(ctypes.get_errno(), "prctl(PR_SET_NO_NEW_PRIVS) failed")
    die_with_parent(watch_fd)
    install_seccomp()


def one_malloc_arena(libc: Any) -> None:
    """Have every thread allocate from glibc's main arena: glibc would reserve 64 MB of
    address space for each thread that allocates (kept after it ends), which
    ``RLIMIT_AS`` counts as used, so a correct search with a pool of threads ran out of
    memory it never touched. Python's threads take turns anyway (the GIL)."""
    try:
        libc.mallopt(M_ARENA_MAX, 1)
    except AttributeError:  # another C library: its own way
        pass


def _mapped_bytes() -> int:
    """Address space already mapped (the interpreter itself), added to the memory limit."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):
        return 64 << 20


_KEPT_BY_STDLIB = {
    b"from multiprocessing.resource_tracker import main":
        ("multiprocessing.resource_tracker", "_resource_tracker", "_pid"),
    b"from multiprocessing.forkserver import main":
        ("multiprocessing.forkserver", "_forkserver", "_forkserver_pid"),
}
"""The helpers the standard library starts for a pool and keeps for as long as the
process that started it: a ``spawn`` pool's resource tracker, a ``forkserver`` pool's
server (the default start method from Python 3.14), by their command, with where the
standard library keeps the PID of the one it started (module, object, attribute). A
pool started again starts them again (the server once :func:`_forget_forkserver` has
run)."""
_UNKNOWN = object()


def _stdlib_helper(pid: str, parent: int) -> bool:
    """Whether process ``pid``, child of ``parent``, is the standard library's own helper
    (:data:`_KEPT_BY_STDLIB`): killed with the rest, but no leftover of the submission's,
    which closed its pool. Only a child of this process whose command is a helper's, and
    the one the standard library started, where it says which (a pool's worker that the
    server forked has the server's command too, and a submission may start a process of
    that command itself)."""
    if parent != os.getpid():
        return False
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            command = f.read()
    except OSError:
        return False
    for kept, (module, name, attribute) in _KEPT_BY_STDLIB.items():
        if kept in command:
            if module not in sys.modules:  # it never started one
                return False
            started = getattr(getattr(sys.modules[module], name, None), attribute, _UNKNOWN)
            return started is _UNKNOWN or started == int(pid)  # _UNKNOWN: another Python's
    return False


def _forget_forkserver() -> None:
    """Let the next ``forkserver`` pool start its server again, once this one is killed:
    the standard library keeps the server's PID and looks whether it still runs with
    ``waitpid``, which fails for a process reaped here ("No child processes")."""
    server: Any = getattr(sys.modules.get("multiprocessing.forkserver"), "_forkserver", None)
    if getattr(server, "_forkserver_pid", None) is None:
        return
    address = getattr(server, "_forkserver_address", None)
    if isinstance(address, str) and address.startswith("/"):  # not an abstract socket
        try:
            os.unlink(address)
        except OSError:
            pass
    _drop(server, "_forkserver_alive_fd", ("_forkserver_pid", "_forkserver_address"))


def _forget_resource_tracker() -> None:
    """Let the next ``spawn`` pool start its resource tracker again, once this one is
    killed, without the warning the standard library prints when it finds it dead
    ("process died unexpectedly, relaunching"), which the next test would show."""
    tracker: Any = getattr(sys.modules.get("multiprocessing.resource_tracker"),
                           "_resource_tracker", None)
    pid = getattr(tracker, "_pid", None)
    if pid is None:
        return
    try:
        os.kill(pid, 0)
        return  # still there: it was not the harness's to kill
    except ProcessLookupError:
        pass
    except OSError:
        return
    _drop(tracker, "_fd", ("_pid",))


def _drop(helper: Any, fd_name: str, names: tuple[str, ...]) -> None:
    """Close the descriptor the standard library keeps to a helper of its own, and forget
    it and the helper (``names``): the next pool starts one again."""
    try:
        os.close(getattr(helper, fd_name))
    except (OSError, TypeError, AttributeError):
        pass
    for name in (fd_name, *names):
        try:
            setattr(helper, name, None)
        except AttributeError:
            pass


def kill_leftovers(*, namespace: bool) -> int:
    """Kill every process the submission started during the run; return how many ran
    (the standard library's helpers killed, not counted: :func:`_stdlib_helper`).

    In its own PID namespace every other process is the submission's, whatever session or
    group it moved to: as its PID 1 (a container), or as the child of bwrap's PID 1
    (``namespace``), PID 1 excepted; with limits only, those of the harness's session (a
    process that left it is beyond reach: see the README)."""
    me, sid = os.getpid(), os.getsid(0)
    try:
        if namespace or me == 1:
            return _kill_namespace(me)
        return _kill_session(me, sid)
    finally:
        _forget_forkserver()  # killed, or never started
        _forget_resource_tracker()


def _kill_session(me: int, sid: int) -> int:
    """Kill every process of session ``sid`` but ourselves (with limits only)."""
    found = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == me:
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                fields = f.read().rsplit(b")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != b"Z" and int(fields[3]) == sid:  # a zombie is dead already
            found += not _stdlib_helper(entry, int(fields[1]))
            try:
                os.kill(int(entry), SIGKILL)
            except OSError:
                pass
    _reap()
    return found


def _kill_namespace(me: int) -> int:
    """Kill every process of the namespace but PID 1 and ourselves (PID 1 itself, maybe):
    kill(-1) from anyone in it is exactly that."""
    found = others = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) in (1, me):
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                state, parent = f.read().rsplit(b")", 1)[1].split()[:2]
        except (OSError, IndexError, ValueError):
            continue
        if state != b"Z":
            helper = _stdlib_helper(entry, int(parent))
            found += not helper
            others += helper
    if found or others:
        _kill_and_reap()
    return found


def _kill_and_reap(wait_s: float = REAP_WAIT_S) -> None:
    """Kill every process we may signal but PID 1 and ourselves (``kill(-1)``), and reap
    our children (as PID 1: every orphan), killing again while new ones run: a thread the
    search left may fork on (a pool's handler replacing its workers). Up to ``wait_s``
    seconds: a thread that outforks it is a leftover, and the harness starts afresh."""
    deadline = time.monotonic() + wait_s
    while True:
        try:
            os.kill(-1, SIGKILL)
        except OSError:
            pass
        if not _reap() or time.monotonic() > deadline:
            return
        time.sleep(0.001)  # killed, not yet dead: reaped at the next look


def _reap() -> bool:
    """Reap our children that have ended; whether any is left (still running)."""
    try:
        while os.waitpid(-1, os.WNOHANG)[0]:
            pass
    except ChildProcessError:
        return False
    return True
