"""Names of the reference searches, and one call that passes each only the conventions it takes."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from reference.alphabeta import alphabeta
from reference.api import Action, Game, Value
from reference.minimax import minimax

Search = Callable[..., tuple[Any, Action | None]]

ALGORITHMS: dict[str, Search] = {
    "minimax": minimax,
    "alphabeta": alphabeta,
}


def accepted_options(name: str) -> set[str]:
    """The keyword-only conventions the named search takes."""
    params = inspect.signature(get(name)).parameters.values()
    return {p.name for p in params if p.kind is inspect.Parameter.KEYWORD_ONLY}


def get(name: str) -> Search:
    try:
        return ALGORITHMS[name]
    except KeyError:
        known = ", ".join(sorted(ALGORITHMS))
        raise KeyError(f"no reference search {name!r}; known: {known}") from None


def search(
    name: str, game: Game, state: Any, depth: int, **conventions: Any
) -> tuple[Value | list[Value], Action | None]:
    """Run the named search, passing only the conventions it accepts (None means default)."""
    accepted = accepted_options(name)
    kwargs = {k: v for k, v in conventions.items() if k in accepted and v is not None}
    return get(name)(game, state, depth, **kwargs)
