"""The wrong examples of examples/expectimax/ and what each must do to its grade."""

from __future__ import annotations

from tests.examples.expected import Mistake, names_of

EXPECTIMAX_TESTS = names_of("expectimax")
ANSWER = frozenset({"value", "action"})  # a chance node's value changes, not the visits
VISITS = frozenset({"value", "action", "expanded", "evaluated"})  # the depth changes too
NOT_A_PLY = (
    "chance-is-not-a-ply",
    "chance-is-not-a-ply-depth-1",
    "cutoff-not-a-ply-depth-2",
    "two-dice-not-a-ply",
    "random-mixed-not-a-ply",
)
# the chance nodes are cut off (evaluated) before they could be averaged
CHANCE_CUT_OFF = ("cutoff-depth-0", "cutoff-depth-1", "chance-is-not-a-ply-depth-1")

MISTAKES: dict[str, Mistake] = {
    # cs188-uniform: A(max) -> B 3 12 9 | C 2 4 6 | D 15 6 0, equally likely: 8, 4, 7.
    # Taking each chance node's best outcome: 12, 6, 15, so a3 for 15.
    "max_at_chance": Mistake(
        named="max-at-chance",
        shows_in={
            "cs188-uniform": ("root value: expected 8, got 15", "root action: expected a1, got a3")
        },
        checks=ANSWER,
        spared=CHANCE_CUT_OFF,
    ),
    # cs188-weighted: B = 8, 24, -12 at 1/2, 1/3, 1/6 = 10; C = 7, 9 at 1/2 each = 8.
    # Taking the worst outcome: B = -12, C = 7, so a2 for 7.
    "min_at_chance": Mistake(
        named="min-at-chance",
        shows_in={
            "cs188-weighted": ("root value: expected 10, got 7", "root action: expected a1, got a2")
        },
        checks=ANSWER,
        spared=CHANCE_CUT_OFF,
    ),
    # cs188-weighted, plainly averaged: B = 20/3, C = 8, so a2 for 8. Where every chance
    # node's outcomes are equally likely (cs188-uniform) it cannot show.
    "uniform_average": Mistake(
        named="uniform-average",
        shows_in={
            "cs188-weighted": ("root value: expected 10, got 8", "root action: expected a1, got a2")
        },
        checks=ANSWER,
        spared=("cs188-uniform", *CHANCE_CUT_OFF),
    ),
    # depth-convention at depth 2, only the players' moves counting: A -> B -> D (MIN,
    # one ply left) -> leaves, B = 2, C = 4.5: a2. Counting B as a ply stops at D and
    # evaluates it (6): B = 4, C = 3.25, a1 for 4. Tests that count chance nodes pass.
    "chance_always_a_ply": Mistake(
        named="chance-counted-as-ply",
        shows_in={
            "chance-is-not-a-ply": (
                "you evaluated D (depth cut-off) but D is at depth 1 of 2, 1 ply above the depth "
                "limit: evaluate only there (or at a terminal)",
                "root value: expected 4.5, got 4",
            )
        },
        checks=VISITS,
        spared=tuple(
            t for t in EXPECTIMAX_TESTS if t not in NOT_A_PLY or t == "chance-is-not-a-ply-depth-1"
        ),
    ),
    # the same tree counting chance nodes (the default): D is evaluated at the depth
    # limit; a search that does not count B goes on to D's leaves and plays a2 for 4.5
    "chance_never_a_ply": Mistake(
        named="chance-not-counted",
        shows_in={
            "chance-is-a-ply": (
                "you expanded D, but D is at depth 2 of 2",
                "root value: expected 4, got 4.5",
            )
        },
        checks=VISITS,
        spared=(
            *NOT_A_PLY,
            "cs188-uniform",
            "cs188-weighted",
            "cutoff-depth-0",
            "cutoff-depth-1",
            "cutoff-full-depth",
            "depth-beyond-tree",
        ),
    ),
}
