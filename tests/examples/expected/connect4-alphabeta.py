"""The wrong examples of examples/connect4-alphabeta/ and what each must do to its grade."""

from __future__ import annotations

from tests.examples.expected import SEARCH, Mistake

MISTAKES: dict[str, Mistake] = {
    # x completes the bottom row in column 4 (1000); that win reaches beta = 1000 at its
    # MAX parent one ply up, whose other columns alpha-beta prunes. At depth 1 from the
    # empty board nothing can be pruned.
    "no_pruning": Mistake(
        named="no-pruning",
        shows_in={"win-in-one": ("1000 >= beta = 1000",)},
        checks=SEARCH,
        spared=("opening-depth-1",),
    ),
}
