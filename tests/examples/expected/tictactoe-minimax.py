"""The wrong examples of examples/tictactoe-minimax/ and what each must do to its grade."""

from __future__ import annotations

from tests.examples.expected import Mistake, names_of

O_TO_MOVE = ("o-must-block", "o-to-move-draw")  # the positions where o moves at the root

MISTAKES: dict[str, Mistake] = {
    # x.x/.o./... with o to move: o must block b1 (a draw); searched as if x moved at the
    # root, a3 wins for x at once (100). The order of the search is the same.
    "x_always_first": Mistake(
        named="turn-by-parity",
        shows_in={"o-must-block": ("root value: expected 0, got 100",
                                   "root action: expected b1, got a3")},
        checks=frozenset({"value", "action"}),
        spared=tuple(t for t in names_of("tictactoe-minimax") if t not in O_TO_MOVE),
    ),
}
