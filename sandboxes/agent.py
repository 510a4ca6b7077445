"""The submission's module: imported once, found wanting in the student's own words.

Standard library only; it runs inside the sandbox. :class:`Agent` imports ``agent.py``
from the submission's folder the first time an entry point is asked for, remembers an
import that failed (every later run fails the same way, without importing it again),
and shows a traceback with the frames of the student's own files only, by their names.
"""

from __future__ import annotations

import os
import sys
from importlib._bootstrap import module_from_spec
from importlib._bootstrap_external import spec_from_file_location

from sandboxes.answer import Failure, clipped, exception_text, one_line

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
            spec = spec_from_file_location("agent", path)
            assert spec is not None and spec.loader is not None
            module = module_from_spec(spec)
            sys.modules["agent"] = module
            spec.loader.exec_module(module)
        except SyntaxError as exc:
            where = f"line {exc.lineno}" if exc.lineno else "the file"
            self._import_failure = {  # paths as the student knows them: see in_own_words
                "kind": "import",
                "message": f"{exc.filename or 'agent.py'} does not compile: {exc.msg} ({where})",
                "detail": clipped(exception_lines(exc)),
            }
            raise Failure(**self._import_failure) from None
        except BaseException as exc:
            if isinstance(exc, MemoryError):
                raise
            self._import_failure = {
                "kind": "import",
                "message": f"importing agent.py failed: {one_line(exc)}{self._shadowing()}",
                "detail": self.student_traceback(),
            }
            raise Failure(**self._import_failure) from None
        self._module = module
        return module

    def student_traceback(self) -> str:
        """The exception being handled, with the last frames in the student's files, as
        Python's own traceback shows them (written here: the ``traceback`` module, with
        the ``re`` and ``enum`` it imports, would be a sixth of the harness's start)."""
        _, exc, tb = sys.exc_info()
        lines = []
        try:  # whatever the student's code made of its frames and exception
            for earlier, why in _chain(exc):  # its causes first, as Python shows them
                lines += self._frames(earlier.__traceback__)
                lines += [clipped(exception_lines(earlier)), f"\n{why}\n\n"]
            lines += self._frames(tb)
            if exc is not None:
                lines.append(clipped(exception_lines(exc)))
        except BaseException:  # its __str__ may even raise SystemExit
            lines.append("(the rest of the traceback cannot be shown)\n")
        return "".join(lines)

    def in_own_words(self, text: str) -> str:
        """``text`` with the submission's folder left out of every path in it: the student
        knows their files by their names in the submission (every failure the harness
        sends passes through here)."""
        return text.replace(self.folder + os.sep, "")

    def _shadowing(self) -> str:
        """Why an import may have failed: the student's modules, loaded so far, that have
        the names of modules of the standard library, which they replace (as under
        ``python agent.py`` itself) for the standard library's own imports too."""
        prefix = self.folder + os.sep
        shadowing = []
        for name, module in list(sys.modules.items()):
            path = getattr(module, "__file__", None)
            if name in sys.stdlib_module_names and isinstance(path, str) and (
                os.path.realpath(path).startswith(prefix)
            ):  # loaded from the submission, in the standard module's place
                shadowing.append(path.removesuffix("__init__.py"))
        if not shadowing:
            return ""
        shadowing.sort()
        one = len(shadowing) == 1
        return (f" (your {', '.join(shadowing[:5])} {'takes' if one else 'take'} the place of "
                f"the standard library's module{'' if one else 's'} of the same name, for its "
                f"own imports too: rename {'it' if one else 'them'})")

    def _frames(self, tb: Any) -> list[str]:
        """The lines of the last six frames of ``tb`` in the student's files."""
        prefix = self.folder + os.sep
        frames: list[tuple[str, int | None, str]] = []
        while tb is not None:
            code = tb.tb_frame.f_code
            # "<frozen importlib._bootstrap>" and the like name no file
            path = "" if code.co_filename.startswith("<") else os.path.realpath(code.co_filename)
            if path.startswith(prefix):
                frames.append((path, tb.tb_lineno, code.co_name))
            tb = tb.tb_next
        sources: dict[str, list[str]] = {}
        lines = []
        for path, number, name in frames[-6:]:  # the student knows their files by their names
            lines.append(f'  File "{path[len(prefix):]}", line {number}, in {name}\n')
            source = _source_line(sources, path, number)
            if source:
                lines.append(f"    {source}\n")
        return lines


_GROUP = getattr(sys.modules["builtins"], "BaseExceptionGroup", None)  # Python 3.11
CAUSE = "The above exception was the direct cause of the following exception:"
CONTEXT = "During handling of the above exception, another exception occurred:"


def _chain(exc: BaseException | None, most: int = 3) -> list[tuple[BaseException, str]]:
    """The exceptions ``exc`` came from (its cause, or the one being handled when it was
    raised), the earliest first, each with the line that joins it to the next: at most
    ``most`` of them."""
    chain: list[tuple[BaseException, str]] = []
    seen = {id(exc)}
    while exc is not None and len(chain) < most:
        cause = exc.__cause__
        earlier, why = (cause, CAUSE) if cause is not None else (
            None if exc.__suppress_context__ else exc.__context__, CONTEXT)
        if not isinstance(earlier, BaseException) or id(earlier) in seen:
            break
        seen.add(id(earlier))
        chain.append((earlier, why))
        exc = earlier
    return chain[::-1]


def _source_line(sources: dict[str, list[str]], path: str, number: int | None) -> str:
    """Line ``number`` of the file at ``path``, stripped; "" where there is none."""
    if path not in sources:
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                sources[path] = f.read().splitlines()
        except OSError:
            sources[path] = []
    lines = sources[path]
    return lines[number - 1].strip() if number and 0 < number <= len(lines) else ""


def exception_lines(exc: BaseException) -> str:
    """The last lines of a traceback: the exception's type and message and its notes,
    and for a ``SyntaxError`` the line it found and a caret under the place (as
    ``traceback.format_exception_only``, but the 3.11 markers under an expression)."""
    kind = type(exc)
    name, module = kind.__qualname__, kind.__module__
    if not isinstance(module, str):  # a class of the student's may set it to anything
        module = "<unknown>"
    if module not in ("__main__", "builtins"):
        name = f"{module}.{name}"
    if isinstance(exc, SyntaxError):
        text = _syntax_error_lines(exc, name)
    else:
        message = exception_text(exc)
        text = f"{name}: {message}\n" if message else f"{name}\n"
    notes = getattr(exc, "__notes__", None)
    if isinstance(notes, (list, tuple)):
        text += "".join(f"{exception_text(note)}\n" for note in notes)
    if _GROUP is not None and isinstance(exc, _GROUP):  # its exceptions, one by one
        group = exc.exceptions
        for number, inner in enumerate(group[:10], 1):
            if isinstance(inner, BaseException):
                first, *rest = exception_lines(inner).splitlines() or [""]
                text += f"  +-- {number}: {first}\n" + "".join(f"  |   {r}\n" for r in rest)
    return text


def _syntax_error_lines(exc: SyntaxError, name: str) -> str:
    lines = []
    if exc.lineno is not None:
        lines.append(f'  File "{exc.filename or "<string>"}", line {exc.lineno}\n')
    if exc.text is not None:
        text = exc.text.rstrip("\n")
        code = text.lstrip(" \n\f")
        lines.append(f"    {code}\n")
        if isinstance(exc.offset, int):
            start = exc.offset - 1 - (len(text) - len(code))
            end = exc.end_offset if exc.end_lineno == exc.lineno else None
            width = max(1, end - exc.offset) if isinstance(end, int) else 1
            if start >= 0:
                spaces = "".join(c if c.isspace() else " " for c in code[:start])
                lines.append(f"    {spaces}{'^' * width}\n")
    lines.append(f"{name}: {exc.msg or '<no detail available>'}\n")
    return "".join(lines)
