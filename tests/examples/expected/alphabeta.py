"""The wrong examples of examples/alphabeta/ and what each must do to its grade."""

from __future__ import annotations

from tests.examples.expected import SEARCH, Mistake, names_of

ALPHABETA_TESTS = names_of("alphabeta")

MISTAKES: dict[str, Mistake] = {
    # fig 5.2 with alpha-beta: C1 = 2 <= alpha = 3 prunes C2 and C3
    "no_pruning": Mistake(
        named="no-pruning",
        shows_in={
            "aima-fig5.2": ("after evaluating C1 = 2 you evaluated C2", "2 <= alpha = 3 at C"),
        },
        checks=SEARCH,
        spared=("worst-order",),  # nothing can be pruned there
    ),
    # the root's second child C is searched with alpha = -inf instead of 3
    "alpha_not_passed_at_root": Mistake(
        named="root-window-reset",
        shows_in={"aima-fig5.2": ("after evaluating C1 = 2 you evaluated C2",)},
        checks=SEARCH,
        spared=("worst-order",),
    ),
    # flipped on fig 5.2: B = 12 for the "MAX" at B; C = 6 is the "MIN" root's choice
    "perspective_flipped": Mistake(
        named="wrong-perspective",
        shows_in={
            "aima-fig5.2": ("root value: expected 3, got 6", "root action: expected a1, got a2"),
        },
    ),
    # equality tree: A(max) -> B(min) 3 5 | C(min) 3 9 1 | D(min) 2 7; C1 = 3 = alpha
    "prune_wrong_condition": Mistake(
        named="prune-strict",
        shows_in={
            "equality-prunes": ("after evaluating C1 = 3 you evaluated C2", "3 <= alpha = 3"),
        },
        checks=SEARCH,
        # its strict rule is the convention of the *-strict tests; fig 5.2 has no ties
        # with a bound, and nothing can be pruned in worst-order
        spared=("equality-strict", "random-ties-strict", "aima-fig5.2", "worst-order"),
    ),
    # cutoff, depth 0: the root is evaluated (0) and no action returned; this one searches
    # the root's children at depth 0 and returns a move
    "root_expanded_at_depth_0": Mistake(
        named="root-expanded-at-depth-0",
        shows_in={"cutoff-depth-0": ("you expanded A, but A is at depth 0 of 0",
                                     "root action: expected nothing, got a1")},
        spared=tuple(t for t in ALPHABETA_TESTS if t != "cutoff-depth-0"),
    ),
}
