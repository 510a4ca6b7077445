"""The submission's module: imported once, found wanting in the student's own words.

Standard library only; it runs inside the sandbox. :class:`Agent` imports ``agent.py``
from the submission's folder the first time an entry point is asked for, remembers an
import that failed (every later run fails the same way, without importing it again),
and shows a traceback with the frames of the student's own files only, by their names.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import traceback

from sandboxes.answer import Failure, clipped, one_line

TYPE_CHECKING = False  # typing is not imported at run time: the harness starts sooner
if TYPE_CHECKING:
    from typing import Any


class Agent:
    """The submission's ``agent.py``, in ``folder``."""

    def __init__(self, folder: str) -> None:
        self.folder = os.path.realpath(folder)
        self._module: Any = None
        self._import_failure: dict[str, str] | None = None

    def entry(self, name: str, shape: str = "function {}(game, state, depth)") -> Any:
        """The entry point ``name``, a callable of the module; Failure if there is none
        (saying the ``shape`` it should have)."""
        module = self.load()
        entry = getattr(module, name, None)
        if not callable(entry):
            found = sorted(
                n for n in vars(module) if not n.startswith("_") and callable(getattr(module, n))
            )
            hint = f"; it defines {', '.join(found)}" if found else ""
            raise Failure("entry", f"agent.py has no {shape.format(name)}{hint}")
        return entry

    def load(self) -> Any:
        """The module, imported on the first call; Failure if the import failed."""
        if self._import_failure is not None:
            raise Failure(**self._import_failure)
        if self._module is not None:
            return self._module
        path = os.path.join(self.folder, "agent.py")
        sys.path.insert(0, self.folder)
        try:
            spec = importlib.util.spec_from_file_location("agent", path)
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            sys.modules["agent"] = module
            spec.loader.exec_module(module)
        except SyntaxError as exc:
            where = f"line {exc.lineno}" if exc.lineno else "agent.py"
            self._import_failure = {
                "kind": "import",
                "message": f"agent.py does not compile: {exc.msg} ({where})",
                "detail": clipped("".join(traceback.format_exception_only(exc))),
            }
            raise Failure(**self._import_failure) from None
        except BaseException as exc:
            if isinstance(exc, MemoryError):
                raise
            self._import_failure = {
                "kind": "import",
                "message": f"importing agent.py failed: {one_line(exc)}",
                "detail": self.student_traceback(),
            }
            raise Failure(**self._import_failure) from None
        self._module = module
        return module

    def student_traceback(self) -> str:
        """The exception being handled, with the last frames in the student's files."""
        kind, exc, tb = sys.exc_info()
        prefix = self.folder + os.sep
        frames = traceback.StackSummary.from_list(
            [f for f in traceback.extract_tb(tb) if os.path.realpath(f.filename).startswith(prefix)]
        )
        for frame in frames:  # the student knows their files by their own names
            frame.filename = os.path.realpath(frame.filename)[len(prefix) :]
        lines = traceback.format_list(frames[-6:])
        if exc is not None:
            lines.append(clipped("".join(traceback.format_exception_only(kind, exc))))
        return "".join(lines)
