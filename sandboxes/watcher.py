"""The harness as its PID namespace's first process: the watcher, and how PID 1 ends.

Standard library only; it runs inside the sandbox. With ``--watch`` the harness, as its
PID namespace's PID 1 (a container's, or the local sandbox's as root), forks: the child
confines itself and runs the submission, and the parent watches the grader's link and
the child (:func:`watch`), ending with the link's exit codes (:mod:`sandboxes.link`),
which the grader reads. A harness that is PID 1 itself (an ordinary user's local
sandbox) ends on SIGABRT as any other process would (:func:`abort_as_init`).
"""

from __future__ import annotations

import ctypes
import os
import select

from sandboxes.link import GONE_EXIT, NORMAL_EXIT_MAX, OOM_EXIT, Link

TYPE_CHECKING = False  # typing is not imported at run time: the harness starts sooner
if TYPE_CHECKING:
    from typing import Any

PR_SET_DUMPABLE, PR_SET_CHILD_SUBREAPER = 4, 36
SIGABRT = 6  # POSIX's number (the signal module would import enum)
POLLRDHUP = getattr(select, "POLLRDHUP", 0x2000)
OOM_COUNTERS = ("/sys/fs/cgroup/memory.events", "/sys/fs/cgroup/memory/memory.oom_control")


def watch(link: Link) -> None:
    """As its PID namespace's PID 1: fork, and return in the child, which runs the
    submission.

    This process runs no student code: it cannot be ptraced (not dumpable) and, as its
    namespace's init, not be killed from inside. It exits, and the kernel ends every
    process of the namespace with it, as soon as the grader's end of the link closes (a
    socket's or a pipe's: ``GONE_EXIT``, a grader that died leaves nothing running, a
    container nor a local sandbox), or once the child
    has ended: with ``OOM_EXIT`` if the memory cgroup's own counter saw an OOM kill,
    ``128 + N`` if signal N killed the child, else its exit code (at most 127).
    """
    libc = ctypes.CDLL(None, use_errno=True)
    before = _oom_kills()
    pid = os.fork()
    if pid == 0:
        libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)  # orphans of the run are ours
        try:
            with open("/proc/self/oom_score_adj", "w") as f:
                f.write("500")  # the memory hog, never the watcher, is the one to go
        except OSError:
            pass
        return
    libc.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)
    poller = select.poll()
    poller.register(link.read_fd, POLLRDHUP)  # only a hang-up wakes it, never data
    child = -1
    try:
        child = os.pidfd_open(pid)
        poller.register(child, select.POLLIN)
    except (OSError, AttributeError):
        pass
    while True:
        events = poller.poll(None if child >= 0 else 50)
        if any(fd == link.read_fd for fd, _ in events):
            os._exit(GONE_EXIT)
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
    if _oom_kills() > before:
        os._exit(OOM_EXIT)
    if os.WIFSIGNALED(status):
        os._exit(128 + os.WTERMSIG(status))
    os._exit(min(os.waitstatus_to_exitcode(status), NORMAL_EXIT_MAX))


def _oom_kills() -> int:
    """OOM kills the memory cgroup counted (cgroup v2 or v1); 0 where none can be read."""
    for path in OOM_COUNTERS:
        try:
            with open(path) as f:
                for line in f:
                    key, _, value = line.partition(" ")
                    if key == "oom_kill":
                        return int(value)
        except (OSError, ValueError):
            pass
    return 0


_ABORT_HANDLER: Any = None  # kept alive: the kernel calls it


def abort_as_init() -> None:
    """As its namespace's PID 1 the harness would ignore its own SIGABRT, and ``abort()``
    would then end in a fault that reads as a segmentation fault: exit as a process that
    SIGABRT killed would (128 + 6), so the grader names the signal that ended the run."""
    global _ABORT_HANDLER
    _ABORT_HANDLER = ctypes.CFUNCTYPE(None, ctypes.c_int)(lambda signum: os._exit(128 + signum))
    try:
        ctypes.CDLL(None).signal(SIGABRT, _ABORT_HANDLER)
    except (OSError, AttributeError):
        pass
