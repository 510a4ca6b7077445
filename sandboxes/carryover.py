"""What a run may leave its process for the runs after it, besides its module's state.

Standard library only; it runs inside the sandbox. The harness shares its process with
the submission, and one process serves every test of a check, so a search can change
what every later test runs under: lower a resource limit (a later test then runs out of
CPU time, memory, threads or recursion), block a signal (a later timer never goes
off), leave a profile or trace hook (which then runs during the harness's own code,
between tests), move to another folder (a later test reads its files relative to the
submission's), or change the descriptors of the grader's link (replace or close them,
or have them raise a signal on each message). :class:`ProcessState` notes all that
before a run; where the run changed any of it, the harness answers as usual and then
starts afresh, so the next test is not blamed for it. The run itself keeps its verdict.
Raising a limit, or a signal handler installed once (at import, say), harms no later
test and is left as it is.
"""

from __future__ import annotations

import fcntl
import math
import os
import resource
import sys
from importlib import import_module

SIGNALS = import_module("_signal")  # the signal module would import enum
LIMITS = tuple(sorted({getattr(resource, n) for n in dir(resource) if n.startswith("RLIMIT_")}))
# what fcntl reads and sets of a descriptor: its flags, and the owner and the signal that
# O_ASYNC raises (Linux's numbers: F_GETOWN, F_SETOWN, F_GETSIG, F_SETSIG)
DESCRIPTOR_FIELDS = ((fcntl.F_GETFL, fcntl.F_SETFL), (9, 8), (11, 10)) \
    if sys.platform == "linux" else ((fcntl.F_GETFL, fcntl.F_SETFL),)

TYPE_CHECKING = False  # typing is not imported at run time: the harness starts sooner
if TYPE_CHECKING:
    from typing import Any


class ProcessState:
    """What a run could leave the next one, as it is now (before the run)."""

    def __init__(self, link_fds: tuple[int, ...]) -> None:
        self.link_fds = link_fds
        self.limits = _limits()
        self.mask = _mask()
        self.hooks = (sys.getprofile(), sys.gettrace())
        self.link = _descriptors(link_fds)
        self.depth = sys.getrecursionlimit()
        self.folder = _cwd()

    def restore_link(self) -> None:
        """Give the link's descriptors back their flags, owner and signal, as far as they
        can be (the harness still answers over them: O_ASYNC would raise a signal)."""
        for fd, before in zip(self.link_fds, self.link, strict=True):
            for (_, setter), value in zip(DESCRIPTOR_FIELDS, before[2:], strict=False):
                try:
                    fcntl.fcntl(fd, setter, value)
                except OSError:
                    pass

    def changed(self) -> bool:
        """Whether the run, now over, changed something a later run would suffer: a
        limit lowered (a resource's, or Python's recursion limit), the signal mask, a
        profile or trace hook, the working folder, the link's descriptors or flags."""
        lowered = sys.getrecursionlimit() < self.depth or any(
            now < before for was, is_ in zip(self.limits, _limits(), strict=True)
            for before, now in zip(was, is_, strict=True))
        hooks = (sys.getprofile(), sys.gettrace())
        return (lowered or _mask() != self.mask or hooks[0] is not self.hooks[0]
                or hooks[1] is not self.hooks[1] or _cwd() != self.folder
                or _descriptors(self.link_fds) != self.link)


def _limits() -> list[tuple[float, float]]:
    """Each resource limit, soft and hard, unlimited as infinity (Python says -1)."""
    found = []
    for which in LIMITS:
        try:
            soft, hard = resource.getrlimit(which)
        except (OSError, ValueError):
            soft = hard = -1
        found.append((math.inf if soft == resource.RLIM_INFINITY else soft,
                      math.inf if hard == resource.RLIM_INFINITY else hard))
    return found


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
