"""Values as a student reads them in a message: numbers, vectors, actions, anything."""

from __future__ import annotations

import math
from typing import Any

MAX_SHOWN = 12  # entries of a vector a message shows


def fmt(value: Any) -> str:
    """A value as a student reads it: 3, 2.5, -inf, (1, 2, 3), a1. Never raises."""
    if isinstance(value, float):
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return f"{float.__float__(value):g}"
    if isinstance(value, (list, tuple)):
        return (
            "("
            + ", ".join(fmt(v) for v in value[:MAX_SHOWN])
            + (", ...)" if len(value) > MAX_SHOWN else ")")
        )
    if value is None:
        return "nothing"
    if isinstance(value, int) and not isinstance(value, bool):
        return _integer(int.__int__(value))
    return short(value)


def _integer(n: int) -> str:
    if n.bit_length() <= 64:
        return str(n)
    digits = math.floor(n.bit_length() * math.log10(2))
    return f"{'-' if n < 0 else ''}an integer of about {digits} digits"


def short(x: Any, limit: int = 80) -> str:
    """``str(x)`` cut to ``limit`` characters; a placeholder when it cannot be shown."""
    try:
        text = x if isinstance(x, str) else str(x)
    except Exception:  # a hostile __str__, or an int too long to print
        text = f"<a {type(x).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."
