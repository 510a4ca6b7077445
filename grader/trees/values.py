"""Numbers as the grader reads a submission's: plain, exact, compared without trusting them.

A student's value may be a huge int, ``-0.0``, a bool, or an int or float subclass with
its own ``__eq__``. The grader reads every number through the built-in type's own method
and compares ints exactly and anything else as rationals within a tolerance, so no
value raises, crashes a run, or passes by a comparison it made itself.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

TOLERANCE = 1e-6
_TOLERANCE = Fraction(TOLERANCE)  # the same, exactly, to compare huge numbers


def values_match(expected: Any, got: Any) -> bool:
    """Root values equal: numbers within :data:`TOLERANCE`, vectors elementwise.

    Never raises and never trusts a value's own ``__eq__``: ints (of any size) are
    compared exactly, anything with a float as rationals within the tolerance (so a huge
    int is compared, not converted, and ``-0.0`` equals ``0``); a bool, a NaN or anything
    that is not a number matches nothing.
    """
    if isinstance(expected, (list, tuple)) or isinstance(got, (list, tuple)):
        return _vectors_match(entries(expected), entries(got))
    if expected is None or got is None:
        return expected is None and got is None
    e, g = plain_number(expected), plain_number(got)
    if e is None or g is None:
        return False
    if isinstance(e, int) and isinstance(g, int):
        return e == g
    if not (_finite(e) and _finite(g)):
        return e == g  # inf == inf; nan equals nothing; plain numbers compare exactly
    fe, fg = Fraction(e), Fraction(g)
    return abs(fe - fg) <= _TOLERANCE * max(abs(fe), abs(fg), Fraction(1))


def _vectors_match(es: tuple[Any, ...] | None, gs: tuple[Any, ...] | None) -> bool:
    if es is None or gs is None or len(es) != len(gs):
        return False
    return all(values_match(e, g) for e, g in zip(es, gs, strict=True))


def _finite(x: int | float) -> bool:
    return isinstance(x, int) or math.isfinite(x)


def plain_number(x: Any) -> int | float | None:
    """``x`` as a plain int or float read by the built-in type's own method (a subclass's
    overrides are not called), or None when it is not a number (a bool is not)."""
    if isinstance(x, bool):
        return None
    if isinstance(x, int):
        return int.__int__(x)
    if isinstance(x, float):
        return float.__float__(x)
    return None


def entries(x: Any) -> tuple[Any, ...] | None:
    """The entries of a list or tuple, read by the built-in type (None for anything else)."""
    if isinstance(x, list):
        return tuple(list.__iter__(x))
    if isinstance(x, tuple):
        return tuple(tuple.__iter__(x))
    return None


def plain_value(value: Any) -> Any:
    """A submission's root value with every number made a plain int or float; anything
    that is not a number or a sequence of them is returned as it is, to be refused."""
    items = entries(value)
    if items is not None:
        return [plain_value(v) for v in items]
    number = plain_number(value)
    return value if number is None else number


def plain_action(action: Any) -> Any:
    """A submission's root action as a plain ``str`` when it is one."""
    return str.__str__(action) if isinstance(action, str) else action
