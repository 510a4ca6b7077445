"""The wrong examples of examples/maxn/ and what each must do to its grade."""

from __future__ import annotations

from tests.examples.expected import SEARCH, Mistake

MISTAKES: dict[str, Mistake] = {
    # fig 5.4 maximising component 0 everywhere: D (4,2,3), E (7,4,1), B (7,4,1),
    # F (5,1,1), G (7,7,1), C (7,7,1); the root's tie 7 = 7 keeps a1, so only the value
    # differs. ties: B2 (9,5,0) beats C2 (4,1,8) and D2 (2,3,3).
    "player_zero_everywhere": Mistake(
        named="player-zero-component",
        shows_in={
            "aima-fig5.4": ("root value: expected (1, 2, 6), got (7, 4, 1)",),
            "first-best-tie": ("root value: expected (2, 5, 3), got (9, 5, 0)",),
        },
    ),
    # fig 5.4: A's children are worth 1 to player 0 both; the last is C = (1, 5, 2).
    # ties: B keeps B2 (9,5,0) over B1 (2,5,3), and A then takes a1 = (9,5,0).
    "ties_to_last": Mistake(
        named="ties-to-last",
        shows_in={
            "aima-fig5.4": (
                "root value: expected (1, 2, 6), got (1, 5, 2)",
                "root action: expected a1, got a2",
            ),
            "first-best-tie": ("root value: expected (2, 5, 3), got (9, 5, 0)",),
        },
        spared=("four-player",),  # no node of that tree has a tie for its mover
    ),
    # shallow-pruning, bound 10: B = (3,3,4) after E, so F's bound is 10 - 3 = 7 and
    # F1 = (1,2,7) reaches it: F2 is pruned. Strictly (7 > 7 fails) nothing is pruned.
    "no_shallow_pruning": Mistake(
        named="no-pruning",
        shows_in={
            "shallow-pruning": ("after evaluating F1 = (1, 2, 7) you evaluated F2",),
        },
        checks=SEARCH,
        spared=(
            "aima-fig5.4", "first-best-tie", "uneven-depths", "no-bound-no-pruning",
            "four-player", "cutoff-depth-2", "two-player-vectors", "shallow-pruning-strict",
            "cutoff-one-round", "cutoff-depth-4", "transposition", "random-ties",
        ),
    ),
}
