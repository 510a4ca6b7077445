"""The wrong examples of examples/probcut/ and what each must do to its grade."""

from __future__ import annotations

from grader.authoring.assignment import load_assignment
from tests.examples.expected import SEARCH, Mistake

TESTS = load_assignment("probcut").spec.tests

UNSCALED = tuple(t.name for t in TESTS if (t.probcut_a, t.probcut_b) == (1, 0))
"""Tests where a * v' + b is v' itself: an unscaled prediction cannot show."""
ONE_EVAL_SHALLOW = tuple(t.name for t in TESTS if t.probcut_shallow == 0)
"""Tests whose shallow search is the node's eval: any window reads the same one value."""
# The hand-drawn tests whose only nodes with more plies to go than the shallow search are
# the root (an open window: no test) and the nodes at probcut_depth
ONE_HEIGHT = ("low-cut", "margin", "margin-too-small", "high-cut", "scaled", "shallow-search",
              "cutoff-depth-0", "horizon", "horizon-depth-2")

MISTAKES: dict[str, Mistake] = {
    # margin: alpha = 5, C's eval 4; 4 <= 5 cuts without the margin, 4 <= 3 does not with
    # t * sigma = 2, and C is worth 6
    "no_margin": Mistake(
        named="probcut-without-margin",
        shows_in={
            "margin": ("root value: expected 6, got 5", "root action: expected a2, got a1"),
            "shallow-search": ("the reference expanded D",),  # D's shallow value 6 <= 6
        },
        # every eval tested there is on the same side of the bound with or without margin
        spared=("low-cut", "margin-too-small", "high-cut", "scaled", "shallow-depth-0",
                "cutoff-depth-0", "horizon", "horizon-depth-2", "strict-hard", "strict-soft"),
    ),
    # scaled: a = 0.5, b = 1; C's eval 5 predicts 3.5 <= 5 - 1 (cut); unscaled 5 > 4
    "unscaled_shallow_value": Mistake(
        named="probcut-shallow-value-unscaled",
        shows_in={"scaled": ("root value: expected 5, got 7", "root action: expected a1, got a2")},
        spared=UNSCALED,
    ),
    # low-cut: alpha = 5, t * sigma = 1: D's eval 6 <= 5 + 1 cuts D, which the reference
    # searches (6 > 4)
    "margin_wrong_side": Mistake(
        named="probcut-margin-wrong-side",
        shows_in={
            "low-cut": ("the reference expanded D",),
            "margin": ("root value: expected 6, got 5",),
        },
        # every eval tested there is on the same side of both bounds
        spared=("margin-too-small", "high-cut", "scaled", "shallow-depth-0", "cutoff-depth-0",
                "horizon", "horizon-depth-2"),
    ),
    # shallow-depth-0: d = 2, d' = 0; B2 one ply above the leaves has the window (-inf, 6)
    # and its eval 7 >= 6 + 1 cuts it, where the reference searches it
    "every_height": Mistake(
        named="probcut-at-every-height",
        shows_in={"shallow-depth-0": ("first seen at visit 6, where you evaluated B2",)},
        spared=ONE_HEIGHT,
    ),
    # low-cut: B's window is (-inf, inf); the tests against inf and -inf evaluate B twice.
    # Fail-hard, a window (inf, inf) clamps a shallow value to inf >= inf: a root of inf
    "infinite_bound": Mistake(
        named="probcut-against-infinite-bound",
        shows_in={
            "low-cut": ("first seen at visit 2, where you evaluated B",),
            "shallow-search": ("returned value inf",),
        },
        statuses=frozenset({"failed", "error"}),
        spared=("cutoff-depth-0",),
    ),
    # shallow-search: C's test against alpha = 6 with the window (5, 6) stops at C1's 1;
    # a full window reads C2 and C3 too. The decisions are the same: only the search shows
    "full_window_shallow_search": Mistake(
        named="probcut-full-window-shallow-search",
        shows_in={
            "shallow-search": ("you evaluated C2, which the reference does not search",),
        },
        checks=SEARCH,
        spared=ONE_EVAL_SHALLOW,
    ),
}
