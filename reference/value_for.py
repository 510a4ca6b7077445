"""Whose value a two-player search returns at its root: player 0's, or its mover's.

The notes write negamax, and quiescence in negamax form, to return the root's value for
the player to move there; the other searches report player 0's (MAX's). The two differ in
sign only, and only where MIN moves at a root that is not terminal (a terminal root is
valued for player 0 either way, as the notes' negamax gives its leaves ``color`` 1 there).
"""

from __future__ import annotations

from typing import Any

from reference.api import Game, Value
from reference.conventions import ValueFor


def check_value_for(value_for: Any) -> None:
    """Refuse a ``value_for`` that is neither ``"player0"`` nor ``"mover"``."""
    if value_for not in ("player0", "mover"):
        raise ValueError(f"value_for must be 'player0' or 'mover', not {value_for!r}")


def for_whom(game: Game, root: Any, value: Value, value_for: ValueFor) -> Value:
    """``value``, player 0's at ``root``, as ``value_for`` asks it returned."""
    if value_for == "player0" or game.is_terminal(root) or game.to_move(root) == 0:
        return value
    return -value
