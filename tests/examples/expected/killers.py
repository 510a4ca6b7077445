"""The wrong examples of examples/killers/ and what each must do to its grade."""

from __future__ import annotations

from tests.examples.expected import SEARCH, Mistake

MISTAKES: dict[str, Mistake] = {
    # notes-diagram: A(max) -> B(min): a 3, b 12 | C(min): c 2, a 4, b 6 | D(min): a 14,
    # b 5, c 1. c cuts C (2 <= 3); the killer c cuts D at once, in action order Da comes first
    "no_killers": Mistake(
        named="no-killers",
        shows_in={"notes-diagram": ("you evaluated Da, which the reference does not search",)},
        checks=SEARCH,
        # no killer is ever legal at a later sibling there (or none is searched at all)
        spared=("best-is-no-killer", "killer-not-legal", "cutoff-depth-0"),
    ),
    # best-is-no-killer: B(min): y 5, x 3 cuts nothing (alpha = -inf), yet x is tried first
    # at C(min): y 1, x 4, where y cuts
    "killer_on_best_move": Mistake(
        named="killer-on-best-move",
        shows_in={"best-is-no-killer": ("you searched Cx before Cy",)},
        checks=SEARCH,
        # each best move there cuts, or is the first move of the next sibling anyway
        spared=(
            "one-killer",
            "two-killers",
            "one-killer-a-ply",
            "killer-not-legal",
            "equality-prunes",
            "equality-strict",
            "min-at-root",
            "cutoff-depth-0",
        ),
    ),
    # per-ply: r cuts E at ply 2; the one list offers r at C (ply 1) too, so G before F
    "shared_table": Mistake(
        named="killers-shared-across-plies",
        shows_in={"killers-per-ply": ("you searched G before F",)},
        checks=SEARCH,
        spared=(
            "notes-diagram",
            "one-killer",
            "two-killers",
            "one-killer-a-ply",
            "best-is-no-killer",
            "killer-not-legal",
            "equality-prunes",
            "equality-strict",
            "min-at-root",
            "cutoff-depth-0",
        ),  # two plies: one table
    ),
    # not-legal: y cuts C; D has moves x and z only, and is asked for y
    "illegal_killer": Mistake(
        named="illegal-killer-tried",
        shows_in={"killer-not-legal": ("the game refused a call: 'y' is not an action of D",)},
        statuses=frozenset({"error"}),
        spared=(
            "notes-diagram",
            "one-killer",
            "two-killers",
            "one-killer-a-ply",
            "best-is-no-killer",
            "killers-per-ply",
            "equality-prunes",
            "equality-strict",
            "min-at-root",
            "cutoff-depth-0",
        ),  # every killer is legal
    ),
    # two-killers: D(min) x 5, y 6, z 0 tries its killer y (no cut), then x, then y again
    "killer_searched_twice": Mistake(
        named="killer-searched-twice",
        shows_in={"two-killers": ("you expanded D",)},
        checks=SEARCH,
        # every killer tried there cuts at once (or there is none)
        spared=(
            "notes-diagram",
            "one-killer",
            "best-is-no-killer",
            "killer-not-legal",
            "equality-prunes",
            "equality-strict",
            "min-at-root",
            "cutoff-depth-0",
        ),
    ),
    # two-killers: E(min) x 7, y 2, z 8 with killers z, y: z first, then y cuts; the
    # oldest first tries y and cuts at once
    "oldest_killer_first": Mistake(
        named="killers-oldest-first",
        shows_in={"two-killers": ("the reference evaluated Ez, you evaluated Ey",)},
        checks=SEARCH,
        spared=(
            "notes-diagram",
            "one-killer",
            "one-killer-a-ply",
            "best-is-no-killer",
            "killer-not-legal",
            "killers-per-ply",
            "equality-prunes",
            "equality-strict",
            "min-at-root",
            "cutoff-depth-0",
        ),  # never two legal killers at one node
    ),
}
