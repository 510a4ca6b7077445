"""The sandbox kinds, the isolation each reaches, and the flag that accepts limits only.

The one list of them: ``--sandbox``'s choices, the report's ``sandbox`` and ``isolation``
fields and the hosts read it. Standard library only, so that ``grader --help`` can list
the choices without importing a host.
"""

from __future__ import annotations

from typing import Literal, get_args

SandboxKind = Literal["local", "docker"]
"""The sandboxes a submission can run in (``--sandbox``): the one list of them."""
SANDBOX_KINDS: tuple[SandboxKind, ...] = get_args(SandboxKind)
Isolation = Literal["namespaces", "container", "limits only"]
"""What a sandbox achieved (see :mod:`grader.hosts.isolation`)."""
ALLOW_FLAG = "--allow-limits-only"
"""The instructor modes' explicit consent to run student code with limits only."""
