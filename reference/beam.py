"""Beam search: minimax that looks only at the first few moves of every node."""

from __future__ import annotations

from typing import Any

from reference.api import Action, DepthUnit, Game, Value, check_two_player, plies


def beam(
    game: Game,
    state: Any,
    depth: int,
    *,
    beam_width: int = 2,
    depth_unit: DepthUnit = "ply",
) -> tuple[Value, Action | None]:
    """Minimax value for player 0 (MAX) of the tree cut to the first ``beam_width`` moves
    of every node, and MAX's first best action among them.

    The beam keeps moves in *action order*: the game is trusted to list its moves best
    first, as a move generator with ordering does. Ranking children by ``evaluate``
    instead would read a payoff at every child, so the moves in the beam would cost
    more visits than the moves searched. ``beam_width`` at least the branching factor
    gives minimax. ``action`` is None at a leaf.
    """
    check_two_player(game, "beam")
    if isinstance(beam_width, bool) or not isinstance(beam_width, int) or beam_width < 1:
        raise ValueError(f"beam_width must be a whole number >= 1, not {beam_width!r}")
    return _beam(game, state, plies(game, depth, depth_unit), beam_width)


def _beam(game: Game, s: Any, depth: int, width: int) -> tuple[Value, Action | None]:
    if game.is_terminal(s):
        return game.utility(s, 0), None
    if depth == 0:
        return game.evaluate(s, 0), None
    maximizing = game.to_move(s) == 0
    best_value: Value | None = None
    best_action: Action | None = None
    for a in list(game.actions(s))[:width]:  # cut-off: moves past the beam are never tried
        value, _ = _beam(game, game.result(s, a), depth - 1, width)
        if best_value is None or (value > best_value if maximizing else value < best_value):
            best_value, best_action = value, a
    assert best_value is not None, "a non-terminal node has at least one action"
    return best_value, best_action
