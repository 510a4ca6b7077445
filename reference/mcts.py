"""Monte Carlo tree search (UCT): selection by UCB1, expansion of one child, a random
playout, back-propagation; the move with the most visits.

Every random choice comes from the game's stream (``game.random_choice``), so a run is
the same every time the test's seed is; ties go to the first in action order.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from reference.api import Action, Game, check_two_player

SQRT2 = math.sqrt(2)  # UCB1's constant where a test sets none


@dataclass
class Node:
    """One node of the search's own tree (the variants grow theirs of the same)."""

    state: Any
    mover: int | None  # the player to move (None: a terminal)
    untried: list[Action]  # actions not expanded yet, in action order
    children: list[tuple[Action, Node]] = field(default_factory=list)
    visits: int = 0
    total: float = 0  # the payoffs of its playouts for the player who moved into it


def mcts(
    game: Game,
    state: Any,
    depth: int,
    *,
    exploration: float = SQRT2,
    random_seed: int | None = None,
) -> tuple[list[int], Action]:
    """The root's visit counts (one per root action, in action order) and the action with
    the most visits (ties: the first in action order), after ``depth`` iterations.

    Each iteration selects from the root, while a node has every child expanded, the
    child with the highest UCB1 ``W/N + c * sqrt(ln N_parent / N)`` for the player to move
    there (``W``: the payoffs of the child's playouts for that player; ties: first in
    action order); expands the first untried action of the node reached (none at a
    terminal); plays out from the new child to a terminal, each move
    ``game.random_choice(game.actions(s))``; and adds the terminal's payoff to every node
    of the path, for the player who moved into it (player 0's payoff, negated for player
    1). ``random_seed`` is the test's: the game draws from it, the search never reads it
    (a student's game does not carry it); a game without a stream refuses the draws.
    """
    check_two_player(game, "mcts")
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        raise ValueError(f"mcts runs depth iterations: a whole number >= 1, not {depth!r}")
    del random_seed  # the game draws from it; taking it makes a test's golden keep it
    if game.is_terminal(state):
        raise ValueError("mcts needs a root where a player moves, not a terminal")
    root = node_of(game, state)
    for _ in range(depth):
        _iterate(game, root, exploration)
    visits = {a: child.visits for a, child in root.children}
    counts = [visits.get(a, 0) for a in game.actions(state)]
    best = max(root.children, key=lambda pair: pair[1].visits)  # the first of the most
    return counts, best[0]


def node_of(game: Game, s: Any) -> Node:
    """A new node of the tree for state ``s``: its mover and its untried actions."""
    if game.is_terminal(s):
        return Node(s, None, [])
    return Node(s, game.to_move(s), list(game.actions(s)))


def _iterate(game: Game, root: Node, c: float) -> None:
    """One iteration: select, expand, play out, back-propagate."""
    path = [root]
    node = root
    while not node.untried and node.children:  # every child expanded: select by UCB1
        node = _select(node, c)
        path.append(node)
    if node.untried:  # expansion: the first untried action, one child
        action = node.untried.pop(0)
        child = node_of(game, game.result(node.state, action))
        node.children.append((action, child))
        path.append(child)
    payoff = _playout(game, path[-1].state)
    root.visits += 1
    for parent, child in pairwise(path):
        child.visits += 1
        child.total += payoff if parent.mover == 0 else -payoff


def _select(node: Node, c: float) -> Node:
    """The child of highest UCB1 for ``node``'s mover; the first on ties."""
    log_n = math.log(node.visits)
    best, best_ucb = node.children[0][1], -math.inf
    for _, child in node.children:
        ucb = child.total / child.visits + c * math.sqrt(log_n / child.visits)
        if ucb > best_ucb:
            best, best_ucb = child, ucb
    return best


def _playout(game: Game, s: Any) -> float:
    """Player 0's payoff at the end of a random playout from ``s``."""
    while not game.is_terminal(s):
        s = game.result(s, game.random_choice(game.actions(s)))  # one draw a move
    return game.utility(s, 0)
