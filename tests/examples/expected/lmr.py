"""The wrong examples of examples/lmr/ and what each must do to its grade."""

from __future__ import annotations

from tests.examples.expected import Mistake

MISTAKES: dict[str, Mistake] = {
    # late-moves: A(max) -> B(min, eval 9): 4, 6 | C(min, eval 3): 8, 7 | D(min, eval 5):
    # 5, 1, one move in full. C is read at depth 0 (3 <= alpha 4); searched in full it
    # gives 7 and a2 wins
    "no_reductions": Mistake(
        named="no-reductions",
        shows_in={
            "late-moves": ("you expanded C at depth 1 of 2, where the reference evaluates it",)
        },
        spared=("depth-1", "cutoff-depth-0"),  # nothing to reduce at one ply or none
    ),
    # two-full-moves: the default keeps a1 and a2 in full; reduced too, C is read at depth 0
    "first_moves_reduced": Mistake(
        named="first-moves-reduced",
        shows_in={"two-full-moves": ("you evaluated C (depth cut-off)",)},
        # one move in full already, or nothing to reduce
        spared=(
            "late-moves",
            "min-root",
            "no-re-search",
            "one-full-move",
            "reduction-two",
            "depth-1",
            "cutoff-depth-0",
            "no-re-search-deep",
        ),
    ),
    # late-moves: D's eval 5 beats alpha = 4 and must be searched again (5, then 1 cuts)
    "no_re_search": Mistake(
        named="no-re-search",
        shows_in={"late-moves": ("visit 7: you stopped; the reference expanded D",)},
        # the reduced value stands there anyway, or no late move beats the bound
        spared=(
            "no-re-search",
            "two-full-moves",
            "depth-minus-two",
            "depth-1",
            "cutoff-depth-0",
            "no-re-search-deep",
        ),
    ),
    # depth-minus-two: the root's third move D is searched to one ply first (depth - 2);
    # one ply more off, it is only evaluated
    "reduced_too_far": Mistake(
        named="reduced-one-ply-too-many",
        shows_in={"depth-minus-two": ("you evaluated D (depth cut-off)",)},
        spared=("depth-1", "cutoff-depth-0"),
    ),
}
