"""Beam search (the notes' forward pruning): minimax over the best few moves of every node."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, Literal

from reference.api import Action, DepthUnit, Game, Value, check_two_player, plies

BeamRanking = Literal["eval", "actions"]


def beam(
    game: Game,
    state: Any,
    depth: int,
    *,
    beam_width: int = 2,
    beam_ranking: BeamRanking = "eval",
    depth_unit: DepthUnit = "ply",
) -> tuple[Value, Action | None]:
    """Minimax value for player 0 (MAX) of the tree cut to the ``beam_width`` most
    promising children of every node, and the first best action among them.

    Ranking ``"eval"`` (the notes' beam search, section 3.3): a node above the cut-off
    generates each of its children once, in action order, and scores each with
    ``game.evaluate(child, 0)``, player 0's evaluation (a terminal child's is its payoff:
    the notes score every child this way). MAX keeps the ``beam_width`` highest scores,
    MIN the lowest, equal scores in action order; then it searches the children kept,
    best first, from the states it generated. So every child of a searched node is
    evaluated, in action order, before any of them is searched.
    Ranking ``"actions"``: the first ``beam_width`` moves in action order are searched
    and nothing is scored (a game that lists its moves best first).
    Ties between equal values go to the first child searched. ``beam_width`` at least
    the branching factor gives the minimax value. ``action`` is None at a leaf.
    """
    check_two_player(game, "beam")
    if isinstance(beam_width, bool) or not isinstance(beam_width, int) or beam_width < 1:
        raise ValueError(f"beam_width must be a whole number >= 1, not {beam_width!r}")
    if beam_ranking not in ("eval", "actions"):
        raise ValueError(f"beam_ranking must be 'eval' or 'actions', not {beam_ranking!r}")
    beam_of = _best_by_eval if beam_ranking == "eval" else _first_in_order
    return _beam(game, state, plies(game, depth, depth_unit), beam_width, beam_of)


Beam = Callable[[Game, Any, int, bool], Iterable[tuple[Action, Any]]]
"""The children a node searches: ``(action, state)`` pairs, in the order searched."""


def _beam(game: Game, s: Any, depth: int, width: int, beam_of: Beam) -> tuple[Value, Action | None]:
    if game.is_terminal(s):
        return game.utility(s, 0), None
    if depth == 0:
        return game.evaluate(s, 0), None
    maximizing = game.to_move(s) == 0
    best_value: Value | None = None
    best_action: Action | None = None
    for a, child in beam_of(game, s, width, maximizing):
        value, _ = _beam(game, child, depth - 1, width, beam_of)
        if best_value is None or (value > best_value if maximizing else value < best_value):
            best_value, best_action = value, a
    assert best_value is not None, "a non-terminal node has at least one action"
    return best_value, best_action


def _best_by_eval(game: Game, s: Any, width: int, maximizing: bool) -> list[tuple[Action, Any]]:
    children = [(a, game.result(s, a)) for a in game.actions(s)]
    scores = [game.evaluate(child, 0) for _, child in children]  # a terminal's is its payoff
    ranked = sorted(range(len(children)), key=scores.__getitem__, reverse=maximizing)  # stable
    return [children[i] for i in ranked[:width]]  # cut-off: children past the beam are dropped


def _first_in_order(
    game: Game, s: Any, width: int, maximizing: bool
) -> Iterator[tuple[Action, Any]]:
    del maximizing  # the order of the moves is the ranking, for either player
    for a in list(game.actions(s))[:width]:  # cut-off: moves past the beam are never tried
        yield a, game.result(s, a)  # each generated only when the one before is searched
