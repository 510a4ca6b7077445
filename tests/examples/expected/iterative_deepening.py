"""The wrong examples of examples/iterative_deepening/ and what each must do to its grade."""

from __future__ import annotations

from tests.examples.expected import SEARCH, Mistake, names_of

TESTS = names_of("iterative_deepening")
CLOCK_RUNS_OUT = (  # the budget ends an iteration in its middle
    "budget-runs-out-mid-iteration",
    "budget-runs-out-in-first-reply",
    "random-budget-90",
    "random-uneven-budget-30",
    "random-b2-budget-23",
    "min-at-root-budget-9",
    "random-turns-budget-25",
)
ANSWERS = frozenset({"value", "action"})

MISTAKES: dict[str, Mistake] = {
    # fig52-reordered: depth 1 prefers D (eval 9); depth 2 must expand A, D, B, C
    "previous_best_not_first": Mistake(
        named="previous-best-not-first",
        shows_in={
            "previous-best-first": ("visit 6: the reference expanded D, you expanded B",),
            # every root move is worth 5: a2, the depth-1 best searched first, keeps it
            "root-ties": ("root action: expected a2, got a1",),
        },
        # the depth-1 best is the first move there, or there is one iteration or none
        spared=(
            "notes-fig52",
            "notes-fig52-depth-1",
            "depth-limit",
            "budget-just-enough",
            "budget-runs-out-mid-iteration",
            "budget-runs-out-in-first-reply",
            "budget-spent-by-iteration-1",
            "no-budget-left",
            "depth-0",
        ),
    ),
    # clock tree, budget 12: iteration 1 costs 4 ticks, A B B1 B2 C C1 C2 D 8 more; on
    # entering D1 no time is left. Read at the root only, iteration 2 runs on: D1 = 3 is
    # evaluated and 5 by a2 returned instead of iteration 1's 6 by a1
    "clock_at_root_only": Mistake(
        named="clock-at-root-only",
        shows_in={
            "budget-runs-out-mid-iteration": (
                "visit 13: you evaluated D1; the reference had stopped",
                "root value: expected 6, got 5",
            ),
        },
        checks=SEARCH | ANSWERS,
        spared=tuple(t for t in TESTS if t not in CLOCK_RUNS_OUT),
    ),
    # the same run stopped on entering D1, but the root keeps what iteration 2 found:
    # B = 1, C = 5, so 5 by a2
    "unfinished_iteration": Mistake(
        named="unfinished-iteration",
        shows_in={
            "budget-runs-out-mid-iteration": (
                "root value: expected 6, got 5",
                "root action: expected a1, got a2",
            ),
        },
        checks=ANSWERS,
        spared=tuple(t for t in TESTS if t not in CLOCK_RUNS_OUT),
    ),
    # range(1, depth): fig 5.2 at depth 2 stops after iteration 1, B's eval 5 by a1
    "last_iteration_short": Mistake(
        named="depth-minus-one",
        shows_in={
            "notes-fig52": (
                "visit 5: you stopped; the reference expanded A",
                "root value: expected 3, got 5",
            ),
        },
        # depth 0; the clock allows one iteration only; iteration 4 is cut at its root
        spared=("depth-0", "budget-spent-by-iteration-1", "no-budget-left", "random-b2-budget-23"),
    ),
}
