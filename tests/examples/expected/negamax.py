"""The wrong examples of examples/negamax/ and what each must do to its grade.

Every tree of the assignment alternates the players; only min-at-root and the
random-min-root trees have MIN at the root, where a value for the player to move is
MIN's (min-at-root: -4, player 0's 4).
"""

from __future__ import annotations

from tests.examples.expected import Mistake, names_of

NEGAMAX_TESTS = names_of("negamax")
MIN_ROOT = (
    "min-at-root",
    "random-min-root-depth-1",
    "random-min-root-depth-3",
    "random-min-root-full",
)
ANSWER = frozenset({"value", "action"})

MISTAKES: dict[str, Mistake] = {
    # fig 5.2: A(max) -> B(min) 3 12 8 | C(min) 2 4 6 | D(min) 14 5 2. Not negated, each
    # MIN node keeps its largest leaf (12, 6, 14) and A the largest of those: 14 by a3.
    # notes-game-tree: s1 keeps 1, s5 keeps -(-1) = 1, so s2 = 1: a tie, a0 first.
    "sign_slip": Mistake(
        named="sign-slip",
        shows_in={
            "aima-fig5.2": ("root value: expected 3, got 14", "root action: expected a1, got a3"),
            "notes-game-tree": ("root value: expected 0, got 1", "action a0 instead of a1"),
        },
        checks=ANSWER,
        # depth 0 evaluates the root for MAX: the leaf's sign is right, none is negated
        spared=("cutoff-depth-0",),
    ),
    # notes-game-tree: s6 = 0 and s4 = -1 below s5 (MAX) are on MIN's turn; read as
    # player 0's payoffs and negated, s5 = max(0, 1) = 1, so s2 = 1 and s0 = 1 by a1.
    # Trees whose leaves are all on MAX's turn (even plies below a MAX root) pass.
    "leaf_without_color": Mistake(
        named="leaf-without-color",
        shows_in={
            "notes-game-tree": ("root value: expected 0, got 1",),
            "uneven-depths": ("root value: expected 5, got 1",),
        },
        checks=ANSWER,
        spared=(
            "aima-fig5.2",
            "first-best-tie",
            "cutoff-depth-2",
            "negative-values",
            "cutoff-depth-0",
            "random-b3-d4",
        ),
    ),
    # min-at-root: A(min) -> B(max): 3 12 | C(max): 2 4 | D(max): 14 1. With color +1 at
    # A, B, C and D take their smallest leaf (3, 2, 1) and A the largest: 3 by a1.
    "root_color": Mistake(
        named="root-color-plus-one",
        shows_in={
            "min-at-root": ("root value: expected -4, got 3", "root action: expected a2, got a1")
        },
        checks=ANSWER,
        spared=tuple(t for t in NEGAMAX_TESTS if t not in MIN_ROOT),
    ),
    # cutoff: A(max) -> B, C (min) -> D..G (max) -> H..O (min) -> leaves, evals on every
    # interior node. The root's moves searched with the full depth expand D at depth 2.
    "depth_off_by_one": Mistake(
        named="depth-plus-one",
        shows_in={"cutoff-depth-2": ("you expanded D, but D is at depth 2 of 2",)},
        # a depth at or past the tree's bottom searches the same nodes
        spared=(
            "notes-game-tree",
            "aima-fig5.2",
            "min-at-root",
            "uneven-depths",
            "first-best-tie",
            "negative-values",
            "depth-beyond-tree",
            "transposition",
            "random-min-root-full",
            "random-b3-d4",
            "random-b2-d5",
            "random-ties",
        ),
    ),
    # ties: A(max) -> B(min) 5 7 5 | C(min) 6 5 8 | D(min) 9 5: all worth 5, last is a3
    "ties_to_last": Mistake(
        named="ties-to-last",
        shows_in={"first-best-tie": ("root action: expected a1, got a3",)},
        checks=frozenset({"action"}),
        spared=("aima-fig5.2", "cutoff-depth-0", "min-at-root"),
    ),
}
