"""Known wrong versions of the reference searches, to name a student's mistake.

Each family module holds one search that takes a :class:`~reference.variants.faults.Fault`
(None gives the reference itself) and the family's :class:`~reference.variants.faults.Variant`
list, each with a sentence a student understands. A search's entry in
:mod:`reference.algorithms` names its family module.
"""

from __future__ import annotations

from reference.algorithms import ALGORITHMS, variants_for
from reference.variants.faults import Fault, Variant

FAMILIES: dict[str, tuple[Variant, ...]] = {
    name: entry.load_variants() for name, entry in ALGORITHMS.items() if entry.variants
}
"""The variants of each reference search that has them, keyed by its registry name."""

__all__ = ["FAMILIES", "Fault", "Variant", "variants_for"]
