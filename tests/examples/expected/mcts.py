"""The wrong examples of examples/mcts/ and what each must do to its grade."""

from __future__ import annotations

from tests.examples.expected import Mistake

OUTCOME = ("one-winning-move", "deep-win")  # graded by the move found: every mistake finds it
RECORD = frozenset({"value", "action", "expanded", "evaluated"})

MISTAKES: dict[str, Mistake] = {
    # fig 5.2, twelve iterations: the reference's UCB1 of a1 (3 playouts) stays below a3's
    # at iteration 10; without ln N the exploration term grows as sqrt(N) and B is chosen
    "ucb_without_log": Mistake(
        named="ucb-without-log",
        shows_in={
            "notes-fig52-12": ("root value: expected (3, 2, 7), got (4, 2, 6)",),
            "exploration-5": ("playout 5: the reference expanded B",),
        },
        checks=RECORD,
        spared=(*OUTCOME, "exploration-0"),  # c = 0: no exploration term at all
    ),
    "ucb_two_under_the_root": Mistake(
        named="ucb-two-under-the-root",
        shows_in={
            "exploration-5": ("playout 9: the reference expanded D",),
            "notes-fig52-60": ("root value: expected (32, 9, 19), got (31, 10, 19)",),
        },
        checks=RECORD,
        spared=(*OUTCOME, "exploration-0"),
    ),
    # MIN at the root picks the child best for player 0: a1, where MAX wins 1
    "no_perspective_switch": Mistake(
        named="no-perspective-switch",
        shows_in={
            "min-at-root": (
                "playout 3: the reference expanded C",
                "root action: expected a2, got a1",
            ),
            "trap": ("root action: expected a2, got a1",),
        },
        checks=RECORD,
        spared=OUTCOME,
    ),
    # the visits say a3 (7 of 12), the mean payoff a1
    "move_by_value": Mistake(
        named="move-by-value",
        shows_in={"notes-fig52-12": ("root action: expected a3, got a1",)},
        checks=frozenset({"action"}),
        spared=("notes-fig52-60", "exploration-0", "another-seed", "min-at-root", "trap",
                "ties-first", *OUTCOME),
    ),
    "expands_every_child": Mistake(
        named="expands-every-child",
        shows_in={
            "notes-fig52-12": (
                "you expanded A, expanded A, expanded A",
                "an iteration expands one child",
            ),
        },
        checks=RECORD,
        spared=(*OUTCOME, "trap"),
    ),
    "playout_not_random": Mistake(
        named="playout-not-random",
        shows_in={
            "notes-fig52-12": (
                "you expanded A, expanded B, drew no number",
                "a playout draws once a move",
            ),
        },
        checks=RECORD,
        spared=(*OUTCOME, "trap"),
    ),
}
