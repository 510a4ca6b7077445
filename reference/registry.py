"""The former name of :mod:`reference.algorithms` (the registry of the searches) and of
:data:`reference.conventions.CONVENTIONS`, kept for code written against it."""

from __future__ import annotations

from reference.algorithms import ALGORITHMS, Search, accepted_options, get, search
from reference.conventions import CONVENTIONS

__all__ = ["ALGORITHMS", "CONVENTIONS", "Search", "accepted_options", "get", "search"]
