"""A game from a position, unfolded into the in-memory tree that a tree test reads.

A positions test names a game, a position and a depth; :func:`unfold` lays the game out
from the position down to the depth, plus one ply (so that a search going one ply too
deep visits real positions, and its record shows it, as on a tree that is deeper than a
test's depth). Node ids are the positions' texts, so a position reached by two move
orders is one shared node (a transposition), and node names in feedback are boards.
Nodes at the cut-off carry the game's built-in evaluation; nodes on the last ply are
left unexpanded. Grading, explanations and drawings then work on it as on a tree file.

The unfolding is bounded: :data:`MAX_POSITIONS` nodes and :data:`MAX_VISITS` visits of
plain minimax at the test's depth, so no test asks the grader or a sandbox for more than
a test's time allows; a depth past either is refused, saying by how much.
"""

from __future__ import annotations

import hashlib

from grader.games.board import BoardGame
from grader.trees.record import baseline_visits
from grader.trees.tree import Node, Tree

MAX_POSITIONS = 60_000  # nodes of one unfolded tree
MAX_VISITS = 250_000  # visits of plain minimax at the test's depth
_QUIET: frozenset[str] = frozenset()


class UnfoldTooLarge(ValueError):
    """A depth whose unfolding is too large: the message says how large, and the bound."""


def unfold(game: BoardGame, position: str, depth: int) -> Tree:
    """The tree of ``game`` from ``position`` (a checked state) to ``depth`` plies and one
    ply more; :class:`UnfoldTooLarge` past the bounds."""
    nodes: dict[str, Node] = {}
    level = [position]
    for ply in range(depth + 2):
        below: dict[str, None] = {}  # the next ply's positions, in the order first reached
        for state in level:
            nodes[state] = _node(game, state, expand=ply <= depth, below=below)
        if len(nodes) + len(below) > MAX_POSITIONS:
            raise UnfoldTooLarge(
                f"depth {depth} unfolds to more than {MAX_POSITIONS:,} positions (past "
                f"{len(nodes) + len(below):,} at ply {ply + 1}); give a smaller depth or a "
                "later position")
        level = list(below)
    tree = Tree(name=f"{game.name} {position}", players=2, root=position, nodes=nodes,
                source=f"{game.name}:{position}", description=game.title)
    visits = baseline_visits(tree, depth)
    if visits > MAX_VISITS:
        raise UnfoldTooLarge(
            f"plain minimax to depth {depth} visits {visits:,} positions from here, more than "
            f"the {MAX_VISITS:,} a test may ask for; give a smaller depth or a later position")
    return tree


def _node(game: BoardGame, state: str, *, expand: bool, below: dict[str, None]) -> Node:
    facts = game.facts(state)
    terminal = facts.utility is not None
    actions = facts.actions if expand else ()
    children = tuple(game.result(state, a) for a in actions)
    below.update(dict.fromkeys(children))
    return Node(
        id=state,
        to_move=None if terminal else facts.mover,
        actions=actions,
        children=children,
        utility=None if facts.utility is None else (facts.utility, -facts.utility),
        eval=None if terminal else (facts.score, -facts.score),
        noisy=_QUIET,
        chance=False,
        probabilities=None,
    )


def tree_digest(tree: Tree) -> str:
    """SHA-256 of what a search can read of ``tree``: each node's moves, children and
    payoffs, in order (a golden made from it is stale when the game's rules change)."""
    digest = hashlib.sha256()
    for node in tree.nodes.values():
        digest.update(repr((node.id, node.to_move, node.actions, node.children, node.utility,
                            node.eval)).encode())
    return digest.hexdigest()
