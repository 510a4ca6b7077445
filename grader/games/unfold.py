"""A game from a position, unfolded into the in-memory tree that a tree test reads.

A positions test names a game, a position and a depth; :func:`unfold` lays the game out
from the position down to the depth, plus one ply (so that a search going one ply too
deep visits real positions, and its record shows it, as on a tree that is deeper than a
test's depth). Node ids are the positions' texts, so a position reached by two move
orders is one shared node (a transposition), and node names in feedback are boards.
Nodes at the cut-off carry the game's built-in evaluation; nodes on the last ply are
left unexpanded. Grading, explanations and drawings then work on it as on a tree file.

For a quiescence search, ``noisy_plies`` goes on past the depth: a node reached from the
cut-off by noisy moves only (captures) is expanded too, while it is at most that many
plies past the cut-off (``math.inf``: until the positions are quiet). Each expanded node
lists all its moves and marks the noisy ones, so a search that plays quiet moves past
the horizon, or noisy plies past the limit, also visits real positions, one ply deep.

The unfolding is bounded: :data:`MAX_POSITIONS` nodes (or the game's own smaller
``max_positions``, for a game slow to unfold) and :data:`MAX_VISITS` visits of
plain minimax at the test's depth, so no test asks the grader or a sandbox for more than
a test's time allows; a depth past either is refused, saying by how much.
"""

from __future__ import annotations

import hashlib
import math

from grader.games.rules import Facts, GameRules
from grader.trees.record import baseline_visits
from grader.trees.tree import Node, Tree

MAX_POSITIONS = 60_000  # nodes of one unfolded tree
MAX_VISITS = 250_000  # visits of plain minimax at the test's depth
_QUIET: frozenset[str] = frozenset()


class UnfoldTooLarge(ValueError):
    """A depth whose unfolding is too large: the message says how large, and the bound."""


def unfold(game: GameRules, position: str, depth: int, *, noisy_plies: float = 0) -> Tree:
    """The tree of ``game`` from ``position`` (a checked state) to ``depth`` plies and one
    ply more, and on noisy moves ``noisy_plies`` plies past ``depth`` and one ply more;
    :class:`UnfoldTooLarge` past the bounds."""
    bound = min(MAX_POSITIONS, game.max_positions or MAX_POSITIONS)
    nodes: dict[str, Node] = {}
    level: dict[str, bool] = {position: True}  # each position of a ply: whether to expand it
    ply = 0
    while level:
        below: dict[str, bool] = {}  # the next ply's positions, in the order first reached
        for state, expand in level.items():
            if state not in nodes or (expand and not nodes[state].actions):
                nodes[state] = _node(game, state, expand=expand, below=below,
                                     noisy_too=ply >= depth and ply - depth < noisy_plies,
                                     main=ply < depth)
            if len(nodes) + len(below) > bound:  # refused as soon as it is known
                raise UnfoldTooLarge(_too_many(depth, ply, bound, noisy_plies))
        level = below
        ply += 1
    tree = Tree(name=f"{game.name} {position}", players=2, root=position, nodes=nodes,
                source=f"{game.name}:{position}", description=game.title)
    visits = baseline_visits(tree, depth)
    if visits > MAX_VISITS:
        raise UnfoldTooLarge(
            f"plain minimax to depth {depth} visits {visits:,} positions from here, more than "
            f"the {MAX_VISITS:,} a test may ask for; give a smaller depth or a later position")
    return tree


def _too_many(depth: int, ply: int, bound: int, noisy_plies: float) -> str:
    """Why an unfolding that passed ``bound`` positions on reaching ``ply + 1`` is refused."""
    if ply <= depth:  # the ply past the depth is the depth's own
        return (f"depth {depth} unfolds to more than {bound:,} positions (past them at ply "
                f"{ply + 1}); give a smaller depth or a later position")
    past = "until quiet" if noisy_plies == math.inf else f"{noisy_plies:g} plies"
    return (f"depth {depth}, with noisy moves {past} past it, unfolds to more than "
            f"{bound:,} positions (past them at ply {ply + 1}); give a smaller depth, a "
            "quieter position, or a quiescence_depth")


def _node(
    game: GameRules, state: str, *, expand: bool, below: dict[str, bool], noisy_too: bool,
    main: bool,
) -> Node:
    """The node of ``state``; if ``expand``, with its moves, its children put in ``below``
    (to be expanded themselves if ``main``, or if ``noisy_too`` and reached by a noisy
    move)."""
    facts: Facts = game.facts(state) if expand else game.leaf_facts(state)
    terminal = facts.utility is not None
    actions = facts.actions if expand else ()
    children = game.successors(state) if actions else ()
    noisy = frozenset(facts.noisy) if actions else _QUIET
    for action, child in zip(actions, children, strict=True):
        below[child] = below.get(child, False) or main or (noisy_too and action in noisy)
    return Node(
        id=state,
        to_move=None if terminal else facts.mover,
        actions=actions,
        children=children,
        utility=None if facts.utility is None else (facts.utility, -facts.utility),
        eval=None if terminal else (facts.score, -facts.score),
        noisy=noisy,
        chance=False,
        probabilities=None,
    )


def tree_digest(tree: Tree) -> str:
    """SHA-256 of what a search can read of ``tree``: each node's moves, children and
    payoffs, in order (a golden made from it is stale when the game's rules change)."""
    digest = hashlib.sha256()
    for node in tree.nodes.values():
        read: tuple[object, ...] = (node.id, node.to_move, node.actions, node.children,
                                    node.utility, node.eval)
        if node.noisy:  # a game without captures keeps the digest it had before they were
            read += (sorted(node.noisy),)
        digest.update(repr(read).encode())
    return digest.hexdigest()
