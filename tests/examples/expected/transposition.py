"""The wrong examples of examples/transposition/ and what each must do to its grade."""

from __future__ import annotations

from tests.examples.expected import ALL_CHECKS, SEARCH, Mistake

MISTAKES: dict[str, Mistake] = {
    # exact-entry: A(max) -> B(min): D (3, 5), E 8 | C(min): D again, F 2. D = 5 is exact;
    # without a table D is searched again under C
    "no_table": Mistake(
        named="no-table",
        shows_in={"exact-entry": ("you expanded D",)},
        checks=SEARCH,
        # D is searched again there too (exact values only, a bound that does not close the
        # window, a shallower entry), no position repeats, or only a leaf that is read again
        spared=(
            "exact-only",
            "bound-not-exact",
            "too-shallow",
            "shared-leaf",
            "cutoff-depth-0",
            "equality-strict",
            "bound-not-exact-strict",
        ),
    ),
    # bound-not-exact: D fails low in [8, inf] (D1 = 5 cuts): at most 8. Kept as exact 8, it
    # answers at F in [5, inf], where a search gives 5; a2 then looks worth 7
    "bound_as_exact": Mistake(
        named="bound-stored-as-exact",
        shows_in={
            "bound-not-exact": ("you did not search D again when F (MAX) reached it",),
        },
        # a bound that closes the window gives the same answer as the value kept as exact
        spared=(
            "exact-entry",
            "upper-bound",
            "lower-bound",
            "too-shallow",
            "shared-leaf",
            "leaves-stored",
            "cutoff-depth-0",
        ),
    ),
    # upper-bound: D fails low in [6, inf]; read again as a lower bound it raises alpha to
    # 6 and leaves beta at inf, so the window stays open and D is searched again
    "flags_swapped": Mistake(
        named="bound-flags-swapped",
        shows_in={"upper-bound": ("you expanded D",), "lower-bound": ("you expanded D",)},
        checks=ALL_CHECKS,
        # an exact entry, exact values only, or no bound read again
        spared=(
            "exact-entry",
            "exact-only",
            "too-shallow",
            "shared-leaf",
            "leaves-stored",
            "cutoff-depth-0",
            "equality-strict",
        ),
    ),
    # too-shallow: D stored with one ply to go answers when reached with two
    "depth_ignored": Mistake(
        named="entry-depth-ignored",
        shows_in={"too-shallow": ("you had searched it with 1 plies to go, here it has 2",)},
        checks=SEARCH,
        # every other tree reaches a position again with as many plies to go
        spared=(
            "exact-entry",
            "upper-bound",
            "lower-bound",
            "exact-only",
            "bound-not-exact",
            "shared-leaf",
            "leaves-stored",
            "cutoff-depth-0",
            "cutoff-depth-3",
            "equality-strict",
            "bound-not-exact-strict",
        ),
    ),
}
