"""Known wrong versions of the reference searches, to name a student's mistake.

Each family module holds one search that takes a :class:`~reference.variants.faults.Fault`
(None gives the reference itself) and the family's :class:`~reference.variants.faults.Variant`
list, each with a sentence a student understands.
"""

from __future__ import annotations

from reference.variants.alphabeta_variants import VARIANTS as ALPHABETA
from reference.variants.expectimax_variants import VARIANTS as EXPECTIMAX
from reference.variants.faults import Fault, Variant
from reference.variants.maxn_variants import VARIANTS as MAXN
from reference.variants.minimax_variants import VARIANTS as MINIMAX
from reference.variants.quiescence_variants import VARIANTS as QUIESCENCE

FAMILIES: dict[str, tuple[Variant, ...]] = {
    "minimax": MINIMAX,
    "alphabeta": ALPHABETA,
    "maxn": MAXN,
    "quiescence": QUIESCENCE,
    "expectimax": EXPECTIMAX,
}
"""The variants of each reference search that has them, keyed by its registry name."""


def variants_for(algorithm: str) -> tuple[Variant, ...]:
    """The known wrong versions of ``algorithm``, simplest first (none for most searches)."""
    return FAMILIES.get(algorithm, ())


__all__ = ["FAMILIES", "Fault", "Variant", "variants_for"]
