"""The exact transposition table a search without a window may keep (``transposition_table``).

A student may memoise a search by ``(state, plies to go)``: the value of a position
searched to a given depth is the same whichever path reaches it, so a table of exact
values changes no answer, only what is searched. The convention names the three correct
forms, and this table makes each in a reference search:

* ``"none"``: no table; a position reached again is searched again;
* ``"searched"``: the table holds each position the search expanded, so one reached
  again with the same plies to go is read from the table and not expanded again, and a
  leaf (terminal, or at the cut-off) reached again is evaluated again (a table consulted
  after the leaf tests, or written only after a loop over moves);
* ``"all"``: leaves too, so a leaf reached again with the same plies to go is not
  evaluated again either (a table consulted first, as ``functools.lru_cache`` on the
  whole search).

Only what the search expands and evaluates makes its record: questions such as
``is_terminal`` or ``to_move`` are free, so a table read before or after them is the same
form. The table lives for one call of the search.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar, get_args

from reference.conventions import TranspositionTable

Found = TypeVar("Found")


class ExactTable(Generic[Found]):
    """Exact results keyed by ``(state, plies to go)``, kept as ``form`` says."""

    __slots__ = ("_entries", "_leaves", "_nodes")

    def __init__(self, form: TranspositionTable) -> None:
        if form not in get_args(TranspositionTable):
            forms = ", ".join(repr(f) for f in get_args(TranspositionTable))
            raise ValueError(f"transposition_table must be one of {forms}, not {form!r}")
        self._entries: dict[tuple[Hashable, int], Found] = {}
        self._nodes = form != "none"
        self._leaves = form == "all"

    def get(self, state: Hashable, depth: int) -> Found | None:
        """What the table holds for ``state`` with ``depth`` plies to go (None: nothing)."""
        return self._entries.get((state, depth)) if self._nodes else None

    def leaf(self, state: Hashable, depth: int, found: Found) -> Found:
        """``found``, the value of a leaf, kept if this form keeps leaves."""
        if self._leaves:
            self._entries[state, depth] = found
        return found

    def node(self, state: Hashable, depth: int, found: Found) -> Found:
        """``found``, the exact result of searching ``state``, kept if there is a table."""
        if self._nodes:
            self._entries[state, depth] = found
        return found
