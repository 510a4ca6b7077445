"""The wrong examples of examples/minimax/ and what each must do to its grade."""

from __future__ import annotations

from tests.examples.expected import Mistake, names_of

MINIMAX_TESTS = names_of("minimax")

MISTAKES: dict[str, Mistake] = {
    # fig 5.2: B(min) 3 12 8 | C(min) 2 4 6 | D(min) 14 5 2. Stopping at depth 1 asks B
    # for an eval it does not have; the cut-off tree has evals at depth 1 and 2.
    "depth_off_by_one": Mistake(
        named="depth-minus-one",
        shows_in={
            "aima-fig5.2": ("the tree gives B no eval",),
            "cutoff-depth-2": ("you evaluated B (depth cut-off) but B is at depth 1 of 2",),
        },
        # depth 0 evaluates the root either way; depth 6 on fig 5.2 meets terminals first
        spared=("cutoff-depth-0", "depth-beyond-tree"),
        statuses=frozenset({"failed", "error"}),
    ),
    # ties: A(max) -> B(min) 5 7 5 | C(min) 6 5 8 | D(min) 9 5: all worth 5, last is a3
    "ties_to_last": Mistake(
        named="ties-to-last",
        shows_in={"first-best-tie": ("root action: expected a1, got a3",)},
        checks=frozenset({"action"}),
        # fig 5.2's root values 3, 2, 2 have one best; depth 0 has no action
        spared=("aima-fig5.2", "cutoff-depth-0"),
    ),
    # min-at-root: A(min) -> B(max): 3 12 | C(max): 2 4 | D(max): 14 1; B = 12, C = 4,
    # D = 14, A = 4 by a2. A flag that calls the root MAX: B = 3, C = 2, D = 1, A = 3 by a1.
    # extra-moves has a player moving twice; every other tree alternates from a MAX root.
    "turn_by_flag": Mistake(
        named="turn-by-parity",
        shows_in={"min-at-root": ("root value: expected 4, got 3",
                                  "root action: expected a2, got a1")},
        checks=frozenset({"value", "action"}),
        spared=tuple(t for t in MINIMAX_TESTS if t not in ("min-at-root", "extra-moves")),
    ),
    # min-at-root read for player 1, the root's mover: the same search, value -4
    "root_player_value": Mistake(
        named="root-player-value",
        shows_in={"min-at-root": ("root value: expected 4, got -4",)},
        checks=frozenset({"value"}),
        spared=tuple(t for t in MINIMAX_TESTS if t != "min-at-root"),
    ),
    # fig 5.2: B, C, D searched as MAX with the full depth: 12, 6, 14, so a3 = 14
    "successors_full_depth": Mistake(
        named="successors-full-depth-as-max",
        shows_in={"aima-fig5.2": ("root value: expected 3, got 14",
                                  "root action: expected a1, got a3")},
        checks=frozenset({"value", "action", "expanded"}),
    ),
}
