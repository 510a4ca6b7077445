"""What a run may leave its process for the runs after it, besides its module's state.

Standard library only; it runs inside the sandbox. The harness shares its process with
the submission, and one process serves every test of a check, so a search can change
what every later test runs under:

- lower a limit: a resource's (a later test then runs out of CPU time, memory or
  threads) or Python's recursion limit;
- change a setting of the process: block a signal (a later timer never goes off), leave
  a hook (a profile or trace hook, its threads' too, a garbage collector's callback or
  an audit hook, which then run during the harness's own code, between tests), replace
  a builtin, a loaded module or a name of the harness's own, or set a method on one of
  its objects (its calls, the game's, or its capture's, then answer otherwise), move to
  another folder (a later test reads its files relative to the submission's), set the
  umask (its files cannot be read back), the timer slack (its sleeps last seconds), its
  priority, scheduling or CPUs;
- change a standard descriptor or the grader's link's (replace or close them, or have
  them raise a signal on each message);
- keep what a later test needs: more than half the descriptors it may open, or more
  than half the memory left, held where Python does not see it.

:class:`ProcessState` notes all that before the runs; where a run changed any of it, the
harness answers as usual and then starts afresh, so the next test is not blamed for it.
The run itself keeps its verdict. Raising a limit, or a signal handler installed once
(at import, say), harms no later test and is left as it is.
"""

from __future__ import annotations

import builtins
import ctypes
import fcntl
import gc
import math
import os
import resource
import sys
from importlib import import_module

SIGNALS = import_module("_signal")  # the signal module would import enum
LIMITS = tuple(sorted({getattr(resource, n) for n in dir(resource) if n.startswith("RLIMIT_")}))
# what fcntl reads and sets of a descriptor: its flags, and the owner and the signal that
# O_ASYNC raises (the signal: Linux only)
DESCRIPTOR_FIELDS = ((fcntl.F_GETFL, fcntl.F_SETFL), (fcntl.F_GETOWN, fcntl.F_SETOWN)) + (
    ((fcntl.F_GETSIG, fcntl.F_SETSIG),) if hasattr(fcntl, "F_GETSIG") else ())
PR_GET_TIMERSLACK = 30
AUDIT_HOOKED = [False]  # whether a hook was added to the harness's own (see ProcessState)
LIBC = ctypes.CDLL(None)
MEMORY_MAX = ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes")

TYPE_CHECKING = False  # typing is not imported at run time: the harness starts sooner
if TYPE_CHECKING:
    from typing import Any


class ProcessState:
    """What a run could leave the next one, as it is now (before the runs)."""

    def __init__(self, link_fds: tuple[int, ...], own: tuple[Any, ...] = (),
                 objects: tuple[Any, ...] = ()) -> None:
        """``own``: the harness's own classes and modules' namespaces, whose names a run
        could point elsewhere (``RemoteGame.actions``, a check the harness makes);
        ``objects``: the harness's own objects that a run reaches (the capture that is
        ``sys.stdout``, the game's channel), on which it could set a method of its own."""
        self.link_fds = link_fds
        self.own = [(space, dict(space)) for space in own]
        self.objects = [(thing, set(vars(thing))) for thing in objects]
        self.fds = tuple(dict.fromkeys((0, 1, 2, *link_fds)))  # the standard ones, the link's
        self.bounds = _bounds()
        self.settings = _settings(self.fds)
        self.memory = _memory()
        self.modules = dict(sys.modules)  # the objects themselves: an id could be reused
        self.builtins = dict(vars(builtins))
        sys.addaudithook(_note_audit_hooks)  # the first: it hears of every later one

    def restore_link(self) -> None:
        """Give the link's descriptors back their flags, owner and signal, as far as they
        can be (the harness still answers over them: O_ASYNC would raise a signal)."""
        before = dict(zip(self.fds, self.settings[-1], strict=True))
        for fd in self.link_fds:
            for (_, setter), value in zip(DESCRIPTOR_FIELDS, before[fd][2:], strict=False):
                try:
                    fcntl.fcntl(fd, setter, value)
                except OSError:
                    pass

    def changed(self) -> bool:
        """Whether the run, now over, left something a later run would suffer (see the
        module)."""
        lowered = any(now < before for was, is_ in zip(self.bounds, _bounds(), strict=True)
                      for before, now in zip(was, is_, strict=True))
        return lowered or _settings(self.fds) != self.settings or _crowded() \
            or _filled(self.memory, _memory()) or AUDIT_HOOKED[0] \
            or _replaced(self.modules, sys.modules) or _replaced(self.builtins, vars(builtins)) \
            or any(_replaced(before, space) for space, before in self.own) \
            or any(set(vars(thing)) != names for thing, names in self.objects)


def _bounds() -> list[tuple[float, float]]:
    """Each resource limit, soft and hard (unlimited as infinity: Python says -1), and
    the recursion limit."""
    found = []
    for which in LIMITS:
        try:
            soft, hard = resource.getrlimit(which)
        except (OSError, ValueError):
            soft = hard = -1
        found.append((math.inf if soft == resource.RLIM_INFINITY else soft,
                      math.inf if hard == resource.RLIM_INFINITY else hard))
    depth = sys.getrecursionlimit()
    return [*found, (depth, depth)]


def _note_audit_hooks(event: str, args: Any) -> None:
    if event == "sys.addaudithook":  # an audit hook cannot be taken back: the process goes
        AUDIT_HOOKED[0] = True


def _replaced(before: dict[str, Any], now: Any) -> bool:
    """Whether a name of ``before`` now names another object, or none."""
    return len(now) < len(before) or any(now.get(k) is not v for k, v in before.items())


def _hooks() -> tuple[int, ...]:
    """The hooks that would run during the harness's own code: profile and trace (its
    threads' too), the garbage collector's callbacks; as ids (a hook's == cannot lie)."""
    threads = sys.modules.get("threading")  # a search that imports it sets none by that
    ask = threads if threads is not None and hasattr(threads, "gettrace") else None
    found = [sys.getprofile(), sys.gettrace(), ask and ask.getprofile(),
             ask and ask.gettrace(), *gc.callbacks]
    return (*map(id, found), gc.isenabled(), *gc.get_threshold())


def _settings(fds: tuple[int, ...]) -> tuple[Any, ...]:
    """The process's settings a run could change for the next (its descriptors' last)."""
    hooks = _hooks()
    umask = os.umask(0o022)
    os.umask(umask)
    return (_mask(), hooks, _cwd(), umask, _timer_slack(), *_scheduling(),
            _descriptors(fds))


def _cwd() -> str | None:
    try:
        return os.getcwd()
    except OSError:  # removed, or out of reach
        return None


def _mask() -> Any:
    """The signals this thread blocks (None where that cannot be read)."""
    try:
        return frozenset(SIGNALS.pthread_sigmask(SIGNALS.SIG_BLOCK, []))
    except (AttributeError, OSError):
        return None


def _timer_slack() -> int:
    """How late the kernel may wake this thread's sleeps, in nanoseconds (-1: unknown)."""
    try:
        return int(LIBC.prctl(PR_GET_TIMERSLACK, 0, 0, 0, 0))
    except (OSError, AttributeError):
        return -1


def _scheduling() -> tuple[Any, ...]:
    """Priority, scheduling policy and CPUs (None where this system does not say)."""
    found: list[Any] = []
    for ask in (lambda: os.getpriority(os.PRIO_PROCESS, 0), lambda: os.sched_getscheduler(0),
                lambda: frozenset(os.sched_getaffinity(0))):
        try:
            found.append(ask())
        except (AttributeError, OSError):
            found.append(None)
    return tuple(found)


def _descriptors(fds: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Which file each descriptor is, and its flags, owner and signal (O_ASYNC)."""
    found: list[tuple[int, ...]] = []
    for fd in fds:
        try:
            st = os.fstat(fd)
            found.append((st.st_dev, st.st_ino,
                          *(fcntl.fcntl(fd, getter) for getter, _ in DESCRIPTOR_FIELDS)))
        except OSError:
            found.append((-1,))
    return found


def _crowded() -> bool:
    """Whether more than half the descriptors this process may open are open."""
    try:
        limit = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        return len(os.listdir("/proc/self/fd")) > limit // 2
    except (OSError, ValueError):
        return False


def _memory() -> tuple[int, float]:
    """Memory in use and the most there may be: the address space against
    ``RLIMIT_AS`` where it is set, else resident memory against the memory cgroup's
    limit (a container's); the limit infinite where none can be read."""
    try:
        with open("/proc/self/statm", "rb") as f:
            size, resident = (int(n) * resource.getpagesize() for n in f.read().split()[:2])
    except (OSError, ValueError):
        return 0, math.inf
    limit = resource.getrlimit(resource.RLIMIT_AS)[0]
    if limit != resource.RLIM_INFINITY:
        return size, limit
    for path in MEMORY_MAX:
        try:
            with open(path, "rb") as f:
                return resident, int(f.read())
        except (OSError, ValueError):  # not there, or "max"
            continue
    return resident, math.inf


def _filled(before: tuple[int, float], now: tuple[int, float]) -> bool:
    """Whether the run left more than half the memory that was left before it in use."""
    used, limit = before
    return now[1] == limit and now[0] - used > (limit - used) / 2
