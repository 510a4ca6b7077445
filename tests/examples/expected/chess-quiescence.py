"""The wrong examples of examples/chess-quiescence/ and what each must do to its grade."""

from __future__ import annotations

from tests.examples.expected import Mistake

_CHECKS = frozenset({"value", "action", "expanded", "evaluated"})

MISTAKES: dict[str, Mistake] = {
    # poisoned-pawn: Qxd5 is a pawn up at the horizon (800 for White), and e6xd5 takes the
    # queen back one ply past it (-100); with quiescence the first quiet move, Qa1, keeps
    # the 700 White has. promotion-depth-3: three plies see f7, a black move and f8=Q, and
    # no position at the horizon of that line has a capture; quiet-pawns has none at all.
    "no_quiescence": Mistake(
        named="no-quiescence",
        shows_in={
            "poisoned-pawn": ("root value: expected 700, got 800",
                              "root action: expected d1a1 (Qa1), got d1d5 (Qxd5)",
                              "you were after Qe1; the reference was after Qxd5"),
        },
        checks=_CHECKS,
        spared=("quiet-pawns", "promotion-depth-3"),
    ),
    # stand-pat: after a4, Black may take on a4 (the pawn is lost, -800) and stands pat
    # elsewhere (-700); forced to capture, Black takes a3 or a4 and b2xa3 wins the queen,
    # so White's quiet moves look worth 100.
    "no_stand_pat": Mistake(
        named="no-stand-pat",
        shows_in={
            "stand-pat": ("you skipped the stand-pat", "root value: expected -700, got 100"),
        },
        checks=_CHECKS,
        spared=("quiet-pawns", "promotion-depth-3"),
    ),
    # exchange-on-d5: after Bxd5 Black's capture e6xd5 is searched, and then every quiet
    # move of the position after it. poisoned-pawn (black-poisoned-pawn likewise): after
    # Qxd5, e6d5 comes first in the list of every move, and its value cuts the rest off,
    # as among the captures alone.
    "all_moves_at_horizon": Mistake(
        named="quiet-moves-too",
        shows_in={
            "exchange-on-d5": ("past the horizon, you searched every move",
                               "search only noisy_actions()"),
        },
        checks=_CHECKS,
        spared=("poisoned-pawn", "black-poisoned-pawn", "quiet-pawns", "promotion-depth-3"),
    ),
}
