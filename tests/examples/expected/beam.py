"""The wrong examples of examples/beam/ and what each must do to its grade."""

from __future__ import annotations

from tests.examples.expected import Mistake

ALL_BUT_VALUES = frozenset({"expanded", "evaluated"})

MISTAKES: dict[str, Mistake] = {
    # fig 5.2 with evals (B 5, C 1, D 6), a beam of 2: the reference keeps D and B;
    # sorting low to high for MAX too keeps C and B, and expands C first
    "keeps_lowest_for_max": Mistake(
        named="max-keeps-lowest",
        shows_in={
            "fig5.2-width-2": ("the reference expanded D, you expanded C",),
            # keeps the sacrifice D (-3) and the retreat E (-5): 7 by a3
            "genius-move-missed": ("root value: expected 3, got 7",),
        },
        spared=("depth-0", "action-order"),  # nothing ranked there
    ),
    # high to low for every player, as the notes' pseudocode (for MAX) sorts: D keeps
    # D1 = 14 and D2 = 5, B keeps B2 = 12 and B3 = 8, so A = 8; the leaves are all
    # evaluated by the ranking anyway, so only the value shows
    "keeps_highest_for_min": Mistake(
        named="min-keeps-highest",
        shows_in={
            "fig5.2-width-2": ("root value: expected 3, got 8",),
            "min-ranks": ("the reference expanded F, you expanded D",),
        },
        # MIN keeps every child where the width is its branching, or ranks nothing
        spared=("genius-move-top-3", "depth-0", "action-order", "fig5.2-depth-1"),
    ),
    # the old reference: B and C, the first two, without scoring any child
    "keeps_first_in_action_order": Mistake(
        named="first-k-in-action-order",
        shows_in={
            "fig5.2-width-2": ("you expanded B at depth 1 of 2, where the reference evaluates it",),
            "value-ties": ("root action: expected a2, got a1",),
        },
        spared=("depth-0", "action-order"),  # action-order's convention is this very beam
    ),
    # min-ranks: below the root, B searches D, E, F and C searches G, H, I (B = 4, C = 5)
    "beam_at_root_only": Mistake(
        named="beam-at-root-only",
        shows_in={
            "min-ranks": (
                "the reference evaluated D, you expanded D",
                "root value: expected 7, got 5",
            ),
        },
        # two plies: below the root only leaves, which the ranking evaluates all of
        spared=(
            "fig5.2-width-2",
            "genius-move-missed",
            "rank-ties",
            "value-ties",
            "depth-0",
            "fig5.2-depth-1",
            "min-at-root",
            "terminal-child",
        ),
    ),
    # a beam of 3 on fig 5.2: C is searched after D and B
    "keeps_one_too_many": Mistake(
        named="beam-width-plus-one",
        shows_in={
            "fig5.2-width-2": ("you expanded C; the reference had stopped",),
            "genius-move-missed": ("root value: expected 3, got 7",),
        },
        # nothing ranked, or every child kept either way
        spared=("depth-0", "action-order", "fig5.2-depth-1", "min-ranks-full-width"),
    ),
    # make_move(state, move) again for each kept child, as the notes' pseudocode does:
    # A is searched again before D
    "generates_kept_children_again": Mistake(
        named="kept-children-generated-again",
        shows_in={"fig5.2-width-2": ("the reference expanded D, you expanded A",)},
        checks=ALL_BUT_VALUES,
        spared=("depth-0", "action-order"),
    ),
}
