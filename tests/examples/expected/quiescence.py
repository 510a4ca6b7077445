"""The wrong examples of examples/quiescence/ and what each must do to its grade."""

from __future__ import annotations

from tests.examples.expected import Mistake

MISTAKES: dict[str, Mistake] = {
    # stand-pat: A(max) -> B(min, eval 2, noisy b1 -> B1 eval 8) | C(min, eval 1, quiet).
    # Forced to capture, B is worth 8 instead of standing pat at 2.
    "no_stand_pat": Mistake(
        named="no-stand-pat",
        shows_in={
            "stand-pat": ("at B (the horizon, not quiet) you skipped the stand-pat",
                          "root value: expected 2, got 8"),
        },
        checks=frozenset({"value", "action", "expanded", "evaluated"}),
        spared=("quiet",),  # no noisy moves anywhere
    ),
    # multi-noisy: B(min, stand pat 4) noisy b1 6, b2 -1, b4 0, quiet b3 -8; C(min,
    # stand pat 2) noisy c1 3, quiet c2 1. Noisy only: B = -1, C = 2, A = 2 by a2; every
    # move: B = -8, C = 1, A = 1.
    "all_moves_at_horizon": Mistake(
        named="quiet-moves-too",
        shows_in={
            "quiet-actions-ignored": ("at B, past the horizon, you searched every move",
                                      "root value: expected 2, got 1"),
        },
        checks=frozenset({"value", "action", "expanded", "evaluated"}),
        spared=("quiet",),
    ),
    # exchange, one noisy ply: X0 = min(stand pat 5, X1's eval -1) = -1 < Q = 1, so a2;
    # until quiet X0 is worth 4 and a1 wins.
    "ignores_quiescence_depth": Mistake(
        named="ignores-quiescence-depth",
        shows_in={
            "exchange-limit-1": ("root value: expected 1, got 4",
                                 "root action: expected a2, got a1"),
        },
        checks=frozenset({"value", "action", "expanded", "evaluated"}),
        spared=(  # every test that sets no quiescence_depth
            "horizon-trap", "stand-pat", "exchange", "quiet", "quiet-actions-ignored",
            "noisy-terminal", "deeper", "noisy-root", "random-a-depth-2", "random-a-depth-3",
            "random-b-depth-2", "random-transpositions",
        ),
    ),
}
