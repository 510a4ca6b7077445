"""Known wrong versions of MCTS (:func:`reference.mcts.mcts`), one fault each."""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from reference.api import Action, Game, check_two_player
from reference.mcts import SQRT2, Node, node_of
from reference.variants.faults import Fault, variants

NO_LOG = Fault("ucb-without-log")
TWO_UNDER_ROOT = Fault("ucb-two-under-the-root")
BY_VALUE = Fault("move-by-value")
NO_SWITCH = Fault("no-perspective-switch")
EXPAND_ALL = Fault("expands-every-child")
FIRST_ACTION = Fault("playout-not-random")



@dataclass(frozen=True)
class _Rules:
    fault: Fault | None
    c: float

    def ucb(self, parent: Node, child: Node) -> float:
        """UCB1 of ``child`` for ``parent``'s mover, as this variant computes it."""
        if child.visits == 0:
            return math.inf  # EXPAND_ALL's children not played out yet: tried first
        mean = child.total / child.visits  # NO_SWITCH: player 0's mean, MIN's nodes too
        if self.fault is NO_LOG:
            return mean + self.c * math.sqrt(parent.visits / child.visits)  # the mistake
        if self.fault is TWO_UNDER_ROOT:  # the mistake: a 2 under the root besides c
            return mean + self.c * math.sqrt(2 * math.log(parent.visits) / child.visits)
        return mean + self.c * math.sqrt(math.log(parent.visits) / child.visits)


def mcts_variant(
    fault: Fault | None,
    game: Game,
    state: Any,
    depth: int,
    *,
    exploration: float = SQRT2,
) -> tuple[list[int], Action]:
    """The root's visit counts and the chosen action, as :func:`reference.mcts.mcts`
    computes them but with ``fault`` (None: exactly the reference), drawing from the
    game's stream as a student's search does (it never sees the seed)."""
    check_two_player(game, "mcts")
    if depth < 1 or game.is_terminal(state):
        raise ValueError("mcts needs an iteration and a non-terminal root")
    rules = _Rules(fault, exploration)
    root = node_of(game, state)
    for _ in range(depth):
        _iterate(game, root, rules)
    visits = {a: child.visits for a, child in root.children}
    counts = [visits.get(a, 0) for a in game.actions(state)]
    return counts, _chosen(root, fault)


def _chosen(root: Node, fault: Fault | None) -> Action:
    if fault is BY_VALUE:  # the mistake: the best mean payoff, not the most visits
        return max(root.children, key=lambda p: p[1].total / p[1].visits)[0]
    return max(root.children, key=lambda p: p[1].visits)[0]


def _iterate(game: Game, root: Node, rules: _Rules) -> None:
    path = [root]
    node = root
    while node.children and not node.untried:
        node = _select(node, rules)
        path.append(node)
    if node.untried:
        expanded = list(node.untried) if rules.fault is EXPAND_ALL else node.untried[:1]
        for action in expanded:  # the mistake (EXPAND_ALL): every child at once
            node.untried.remove(action)
            node.children.append((action, node_of(game, game.result(node.state, action))))
        path.append(node.children[-len(expanded)][1])  # the first child added
    payoff = _playout(game, path[-1].state, rules.fault)
    root.visits += 1
    for parent, child in pairwise(path):
        child.visits += 1
        switch = parent.mover != 0 and rules.fault is not NO_SWITCH
        child.total += -payoff if switch else payoff


def _select(node: Node, rules: _Rules) -> Node:
    best, best_ucb = node.children[0][1], -math.inf
    for _, child in node.children:
        ucb = rules.ucb(node, child)
        if ucb > best_ucb:
            best, best_ucb = child, ucb
    return best


def _playout(game: Game, s: Any, fault: Fault | None) -> float:
    while not game.is_terminal(s):
        actions = game.actions(s)
        if fault is FIRST_ACTION:
            s = game.result(s, actions[0])  # the mistake: no draw, always the first move
        else:
            s = game.result(s, game.random_choice(actions))
    return game.utility(s, 0)


VARIANTS = variants(
    "mcts",
    mcts_variant,
    [NO_LOG, TWO_UNDER_ROOT, NO_SWITCH, BY_VALUE, EXPAND_ALL, FIRST_ACTION],
    {
        NO_LOG: "your UCB1 leaves out the logarithm: its exploration term is "
        "c * sqrt(ln N / n), N the parent's visits and n the child's",
        TWO_UNDER_ROOT: "your UCB1 puts a 2 under the root besides the constant "
        "(c * sqrt(2 ln N / n)); with the test's c = game.exploration it is c * sqrt(ln N / n)",
        NO_SWITCH: "you back-propagate player 0's payoff to every node and MIN picks the "
        "child best for player 0; each node holds the payoff of the player who moved into "
        "it (negated for player 1), so MIN picks the child best for MIN",
        BY_VALUE: "you pick the root move with the best mean payoff; MCTS plays the move "
        "with the most visits",
        EXPAND_ALL: "you expand every child of the node you select at once; an iteration "
        "adds one child (the first untried action) and plays out from it",
        FIRST_ACTION: "your playout always takes the first action; a playout picks each "
        "move with game.random_choice(game.actions(s)), from the game's random stream",
    },
)
"""MCTS's variants, the simplest mistake first."""
