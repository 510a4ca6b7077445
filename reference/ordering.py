"""Move ordering shared by the searches that try some moves first."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from reference.api import Action


def promote(actions: Sequence[Action], first: Iterable[Action | None]) -> list[Action]:
    """``actions`` with the legal ones among ``first`` moved to the front, in ``first``'s
    order; the other actions keep their order. Illegal or repeated entries are ignored."""
    legal = list(actions)
    front: list[Action] = []
    for a in first:
        if a is not None and a in legal and a not in front:
            front.append(a)
    return front + [a for a in legal if a not in front]
