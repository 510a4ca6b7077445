"""Known wrong versions of negamax (:func:`reference.negamax.negamax`), one fault each."""

from __future__ import annotations

from typing import Any

from reference.api import Action, DepthUnit, Game, Value, check_two_player, plies
from reference.conventions import ValueFor
from reference.variants.faults import (
    SEARCH_FAULTS,
    Fault,
    evaluates_first,
    improves,
    in_order,
    start_depth,
    variants,
)

SIGN_SLIP = Fault("sign-slip")
LEAF_WITHOUT_COLOR = Fault("leaf-without-color")
ROOT_COLOR = Fault("root-color-plus-one")
OTHER_PLAYER = Fault("root-value-other-player")


def negamax_variant(
    fault: Fault | None,
    game: Game,
    state: Any,
    depth: int,
    *,
    value_for: ValueFor = "mover",
    depth_unit: DepthUnit = "ply",
) -> tuple[Value, Action | None]:
    """Negamax value of ``state`` (for its player to move, or player 0's with
    ``value_for`` "player0") and the first best action, as the reference computes them
    but with ``fault`` (None: exactly the reference)."""
    check_two_player(game, "negamax")
    d = start_depth(plies(game, depth, depth_unit), fault)
    color = _root_color(game, state, fault)
    value, action = _negamax(game, state, d, color, fault)
    if fault is OTHER_PLAYER:  # the mistake: the other of the two players' values
        value_for = "mover" if value_for == "player0" else "player0"
    return (color * value if value_for == "player0" else value), action


def _root_color(game: Game, state: Any, fault: Fault | None) -> int:
    """The color the search starts with: +1 when MAX moves at the root (or it is terminal)."""
    if fault is ROOT_COLOR or game.is_terminal(state):
        return 1  # the mistake (ROOT_COLOR): +1 whoever moves at the root
    return 1 if game.to_move(state) == 0 else -1


def _negamax(
    game: Game, s: Any, depth: int, color: int, fault: Fault | None
) -> tuple[Value, Action | None]:
    if evaluates_first(fault, depth):
        return _leaf(color, game.evaluate(s, 0), fault), None  # the mistake: is_terminal unasked
    if game.is_terminal(s):
        return _leaf(color, game.utility(s, 0), fault), None
    if depth <= 0:
        return _leaf(color, game.evaluate(s, 0), fault), None
    mover = _mover(game, s, color, fault)
    best_value: Value | None = None
    best_action: Action | None = None
    for a in in_order(game.actions(s), fault):
        child_value, _ = _negamax(game, game.result(s, a), depth - 1, -mover, fault)
        value = child_value if fault is SIGN_SLIP else -child_value  # the mistake: not negated
        if improves(value, best_value, True, fault):
            best_value, best_action = value, a
    assert best_value is not None, "a non-terminal node has at least one action"
    return (best_value if mover == color else -best_value), best_action


def _mover(game: Game, s: Any, color: int, fault: Fault | None) -> int:
    """The color of the player to move at ``s``: +1 MAX, -1 MIN."""
    if fault is ROOT_COLOR:
        return color  # the mistake: colors alternate from +1 at the root, to_move unasked
    return 1 if game.to_move(s) == 0 else -1


def _leaf(color: int, payoff: Value, fault: Fault | None) -> Value:
    """A leaf's value for the player of ``color``."""
    if fault is LEAF_WITHOUT_COLOR:
        return payoff  # the mistake: player 0's payoff, whoever's turn it is
    return color * payoff


VARIANTS = variants(
    "negamax",
    negamax_variant,
    [
        SIGN_SLIP,
        LEAF_WITHOUT_COLOR,
        ROOT_COLOR,
        OTHER_PLAYER,
        *SEARCH_FAULTS,
    ],
    {
        SIGN_SLIP: "you take a child's value as it is; a child's value is for the other "
        "player, so negamax negates it: value = -negamax(child, depth - 1, -color)",
        LEAF_WITHOUT_COLOR: "at a leaf you return player 0's payoff as it is; negamax "
        "values a leaf for the player whose turn it is there: color * payoff, with "
        "color -1 on MIN's turn",
        ROOT_COLOR: "you start the search with color +1 whoever moves at the root; color "
        "is +1 when MAX (player 0) moves there and -1 when MIN does: ask game.to_move(state)",
        OTHER_PLAYER: "your root value is the other player's: this test sets "
        "game.value_for ('mover': the value for the player to move at the root, as the "
        "notes' negamax returns it; 'player0': player 0's value)",
    },
)
"""Negamax's variants, the simplest mistake first."""
