"""The inside of the sandbox: the harness that runs beside the student's code.

Everything in this package runs inside the sandbox (a confined child process or a
container), in the same process as the untrusted submission, and trusts nothing it
receives: not the submission's return values, not its prints, not what is on the wire.
It is standard library only and never imports ``grader`` or ``reference`` (a test
checks both); the grader starts ``harness.py`` as a script, with nothing but the
standard library on the path, from a copy of exactly the files in ``HARNESS_FILES``
(the docker image's build context is these and the ``Dockerfile``).

The modules, by concern:

- ``link``: the wire protocol (lines of compact JSON over pipes or a socket, their
  bounds, and the exit codes a container's watcher ends with);
- ``harness``: the run loop and ``main``, what the grader starts;
- ``agent``: the submission's module, imported once, and its traceback;
- ``remote_game``: the ``game`` the submission sees, and the channel it speaks through;
- ``answer``: the submission's answer as plain JSON, or a failure;
- ``rules``: an agent's own copy of a real game's rules, and its clock (play mode);
- ``cs188``: CS188's agent classes run unchanged: stand-ins of the modules they import,
  and a ``GameState`` over the ``game``;
- ``capture``: the submission's prints, bounded;
- ``carryover``: what a run could leave its process for the next (limits lowered, the
  signal mask, hooks, the link's descriptors), which makes the harness start afresh;
- ``confinement``: limits, the drop from root, the parent-death signal, seccomp;
- ``watcher``: a container's PID 1, which runs no student code.

The trusted side (``grader``, the sandbox hosts in :mod:`grader.hosts`) imports from here
only ``sandboxes.link``, the protocol both sides speak, and this package itself for where
its files are and which (``HARNESS_FILES``); a test checks that too.
"""

HARNESS_FILES = (
    "__init__.py",
    "agent.py",
    "answer.py",
    "capture.py",
    "carryover.py",
    "confinement.py",
    "cs188.py",
    "harness.py",
    "link.py",
    "remote_game.py",
    "rules.py",
    "watcher.py",
)
