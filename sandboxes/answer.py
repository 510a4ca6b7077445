"""What a run sends back: the submission's answer as plain JSON, or a failure.

Standard library only; it runs inside the sandbox. A submission's return value is never
trusted: :func:`plain` rebuilds it from the built-in types (a subclass may lie about
itself) and refuses what is not a number, a string, None or a sequence of them;
:class:`Failure` is a run that ends with a ``fail`` message of its ``kind``.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time: the harness starts sooner
if TYPE_CHECKING:
    from typing import Any

MAX_INT_BITS = 10_000  # an int value longer than this (about 3,000 digits) is refused
TEXT_LIMIT = 4_000  # characters of an exception's text sent back (its message can be any size)


class Failure(Exception):
    """A run that ends in a ``fail`` message: its kind, message and detail."""

    def __init__(self, kind: str, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.kind, self.message, self.detail = kind, message, detail


def one_line(exc: BaseException) -> str:
    """An exception as its type and the first line of its message."""
    text = exception_text(exc)[:4096].strip().splitlines()
    try:  # a student's metaclass may make even the name fail
        name = str(type(exc).__name__)
    except BaseException:
        name = "an exception"
    return f"{name}: {text[0][:300]}" if text else name


def exception_text(exc: object) -> str:
    """``str(exc)``, or what is left of it if that fails (a student's ``__str__``, which
    may even raise SystemExit)."""
    try:
        text = str(exc)
    except BaseException:
        return ""
    return str.__str__(text)  # a subclass of str may lie about itself too


def clipped(text: str, limit: int = TEXT_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, saying how long it was."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text):,} characters in all)\n"


def short(x: Any) -> str:
    """A value as at most 80 characters of its repr (a repr that fails: its type)."""
    try:
        text = repr(x)
    except Exception:
        text = f"<{type(x).__name__}>"
    return text if len(text) <= 80 else text[:77] + "..."


def plain(x: Any) -> Any:
    """A value or action as JSON: numbers, strings, None, and sequences of numbers."""
    if x is None or isinstance(x, (bool, str)):
        return x
    if isinstance(x, float):
        return float.__float__(x)  # inf and nan too: the grader compares, never trusts them
    if isinstance(x, int):
        bits = int.bit_length(x)  # int's own: a subclass may lie about its size
        if bits > MAX_INT_BITS:
            raise Failure(
                "return",
                f"returned an integer of {bits} bits; a value "
                "is a number the game's payoffs can make",
            )
        return int.__int__(x)
    if isinstance(x, (list, tuple)):
        return [plain(v) for v in x]
    try:
        return float(x)  # numpy scalars and the like
    except (TypeError, ValueError):
        raise Failure(
            "return",
            f"returned {short(x)}; values are numbers and actions are those game.actions gave",
        ) from None
