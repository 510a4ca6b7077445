"""Reads the grader's own checkout (outside /tmp): its git history, the example
solutions, the reference searches; the folder of the submissions and the grader's
working copies of them; and looks for them in the list of mounts.

status: error
says: cannot read the project
then: passed
needs: isolation
"""

import glob
import os

from _good import good, targets


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    project = targets()["project"]
    found = []
    for pattern in ("examples/*/correct.py", "reference/*.py", ".git", "assignments/*/golden"):
        found += glob.glob(os.path.join(project, pattern))
    found += glob.glob(os.path.join(targets()["others"], "*"))
    found += glob.glob(os.path.join(targets()["copies"], "grader-*"))
    with open("/proc/self/mountinfo") as f:
        if project in f.read():
            found.append("mountinfo names the project")
    if found:
        return good(game, state, depth)
    raise PermissionError(f"cannot read the project at {project}")
