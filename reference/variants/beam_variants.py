"""Known wrong versions of beam search (:func:`reference.beam.beam`), one fault each."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from reference.api import Action, DepthUnit, Game, Value, check_two_player, plies
from reference.beam import BeamRanking
from reference.variants.faults import (
    Fault,
    improves,
    maximizes,
    start_depth,
    variants,
)

MAX_KEEPS_LOWEST = Fault("max-keeps-lowest")
MIN_KEEPS_HIGHEST = Fault("min-keeps-highest")
FIRST_IN_ORDER = Fault("first-k-in-action-order")
ROOT_ONLY = Fault("beam-at-root-only")
WIDTH_PLUS_ONE = Fault("beam-width-plus-one")
WIDTH_MINUS_ONE = Fault("beam-width-minus-one")
KEPT_IN_ACTION_ORDER = Fault("kept-searched-in-action-order")
RANK_TIES_REVERSED = Fault("rank-ties-last-action-first")
GENERATED_AGAIN = Fault("kept-children-generated-again")


@dataclass(frozen=True)
class _Rules:
    """How a faulty beam picks and orders the children it searches."""

    fault: Fault | None
    width: int
    ranking: BeamRanking

    def children(
        self, game: Game, s: Any, maximizing: bool, root: bool
    ) -> Iterator[tuple[Action, Any]]:
        """The ``(action, state)`` pairs a node searches, in the order searched."""
        if self.fault is ROOT_ONLY and not root:  # the mistake: plain minimax below the root
            for a in game.actions(s):
                yield a, game.result(s, a)
        elif self.ranking == "actions":
            for a in list(game.actions(s))[: self.width]:
                yield a, game.result(s, a)
        else:
            yield from self._ranked(game, s, maximizing)

    def _ranked(self, game: Game, s: Any, maximizing: bool) -> Iterator[tuple[Action, Any]]:
        children = [(a, game.result(s, a)) for a in game.actions(s)]
        scores = [game.evaluate(child, 0) for _, child in children]
        order = list(range(len(children)))
        if self.fault is RANK_TIES_REVERSED:
            order.reverse()  # the mistake: equal scores ranked last action first
        highest_first = maximizing
        if self.fault is MAX_KEEPS_LOWEST:
            highest_first = False  # the mistake: every player keeps the lowest
        elif self.fault is MIN_KEEPS_HIGHEST:
            highest_first = True  # the mistake: every player keeps the highest
        kept = sorted(order, key=scores.__getitem__, reverse=highest_first)[: self.width]
        if self.fault is KEPT_IN_ACTION_ORDER:
            kept.sort()  # the mistake: the children kept are searched in action order
        for i in kept:
            a, child = children[i]
            if self.fault is GENERATED_AGAIN:
                child = game.result(s, a)  # the mistake: the kept child is generated anew
            yield a, child


def beam_variant(
    fault: Fault | None,
    game: Game,
    state: Any,
    depth: int,
    *,
    beam_width: int = 2,
    beam_ranking: BeamRanking = "eval",
    depth_unit: DepthUnit = "ply",
) -> tuple[Value, Action | None]:
    """Beam search's value of ``state`` for player 0 (MAX) and the first best action, as
    the reference computes them but with ``fault`` (None: exactly the reference)."""
    check_two_player(game, "beam")
    width = beam_width
    if fault is WIDTH_PLUS_ONE:
        width += 1  # the mistake: one child too many
    elif fault is WIDTH_MINUS_ONE:
        width = max(width - 1, 1)  # the mistake: one child too few (none would crash)
    ranking: BeamRanking = "actions" if fault is FIRST_IN_ORDER else beam_ranking
    d = start_depth(plies(game, depth, depth_unit), fault)
    return _beam(game, state, d, _Rules(fault, width, ranking), root=True)


def _beam(game: Game, s: Any, depth: int, rules: _Rules, root: bool) -> tuple[Value, Action | None]:
    if game.is_terminal(s):
        return game.utility(s, 0), None
    if depth == 0:
        return game.evaluate(s, 0), None
    maximizing = maximizes(game, s, rules.fault)
    best_value: Value | None = None
    best_action: Action | None = None
    for a, child in rules.children(game, s, maximizing, root):
        value, _ = _beam(game, child, depth - 1, rules, root=False)
        if improves(value, best_value, maximizing, rules.fault):
            best_value, best_action = value, a
    assert best_value is not None, "a non-terminal node has at least one action"
    return best_value, best_action


VARIANTS = variants(
    "beam",
    beam_variant,
    [
        FIRST_IN_ORDER,
        MAX_KEEPS_LOWEST,
        MIN_KEEPS_HIGHEST,
        ROOT_ONLY,
        WIDTH_PLUS_ONE,
        WIDTH_MINUS_ONE,
        KEPT_IN_ACTION_ORDER,
        RANK_TIES_REVERSED,
        GENERATED_AGAIN,
        Fault.TIES_LAST,
        Fault.DEPTH_MINUS_ONE,
        Fault.DEPTH_PLUS_ONE,
        Fault.PERSPECTIVE,
    ],
    {
        FIRST_IN_ORDER: "you keep the first beam_width children in action order; rank "
        "every child by game.evaluate(child, 0) and keep the best ones",
        MAX_KEEPS_LOWEST: "at MAX's nodes you keep the children with the lowest "
        "evaluation; MAX keeps the highest, MIN the lowest (evaluations are player 0's)",
        MIN_KEEPS_HIGHEST: "at MIN's nodes you keep the children with the highest "
        "evaluation; MIN keeps the lowest, MAX the highest (evaluations are player 0's)",
        ROOT_ONLY: "you apply the beam at the root only and search every child below it; "
        "every node keeps only its beam_width best children",
        WIDTH_PLUS_ONE: "you keep beam_width + 1 children at each node; keep exactly beam_width",
        WIDTH_MINUS_ONE: "you keep beam_width - 1 children at each node; keep exactly beam_width",
        KEPT_IN_ACTION_ORDER: "you search the children you keep in action order; search "
        "them best first, in the order of their ranking",
        RANK_TIES_REVERSED: "children with equal evaluations are ranked last action first "
        "(as sorting (score, move) pairs in reverse does); equal scores keep action order",
        GENERATED_AGAIN: "you call game.result again for each child you keep, which "
        "searches its parent again; keep the states you generated to rank the children "
        "and search those",
        Fault.TIES_LAST: "on ties you keep the last best child searched; keep the first",
        Fault.PERSPECTIVE: "you maximise for player 1 and minimise for player 0 (and rank "
        "the children that way); player 0 is MAX",
    },
)
"""Beam search's variants, the simplest mistake first."""
