"""Positions of an unfolded game tree, and a search's visits placed on them.

A *position* is a path from the root, written as child indices: a node reached by two
paths (a transposition) has two positions, and tuples of indices compare in preorder.
A report holds a search's visits as node ids (its ``expanded`` and ``evaluated`` lists);
:func:`place_run` puts each visit on a position in depth-first order: the first free
position with that id after the previous visit, among the children of positions
already expanded (a repeat visit goes back to a position taken before).
:func:`first_divergence` finds where a student's lists first leave the reference's, and
:class:`Values` gives each node's value at a depth (minimax, max^n, expectations).
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from grader.trees.trace import EXPAND_OPS
from grader.trees.tree import Node, Payoff, Tree
from reference.algorithms import ValueModel

Pos = tuple[int, ...]  # child indices from the root: tuples compare in preorder
Op = Literal["expanded", "evaluated"]


@dataclass(frozen=True)
class SearchRun:
    """What one search visited, as node ids in order (a report's or golden's lists)."""

    expanded: tuple[str, ...]
    evaluated: tuple[str, ...]
    visits: tuple[tuple[str, str], ...] = ()  # (op, node) interleaved, when known

    @classmethod
    def from_fields(cls, fields: Mapping[str, Any] | None) -> SearchRun | None:
        """The run in a report's expected/got dict; None unless both lists are there."""
        if fields is None:
            return None
        expanded, evaluated = fields.get("expanded"), fields.get("evaluated")
        if not isinstance(expanded, list) or not isinstance(evaluated, list):
            return None
        return cls(tuple(map(str, expanded)), tuple(map(str, evaluated)))




@dataclass
class Placed:
    """A run's visits on positions: where each visit went, and each position's visits."""

    at: dict[Op, list[Pos | None]]  # at[op][i]: position of the run's i-th visit of op
    ops: dict[Pos, set[Op]] = field(default_factory=dict)

    def state(self, pos: Pos) -> frozenset[Op]:
        return frozenset(self.ops.get(pos, ()))


class _Free:
    """Positions a visit may go to, by node id, in preorder; taken ones kept for repeats."""

    def __init__(self) -> None:
        self.free: dict[str, list[Pos]] = {}
        self.taken: dict[str, list[Pos]] = {}

    def add(self, nid: str, pos: Pos) -> None:
        insort(self.free.setdefault(nid, []), pos)

    def take(self, nid: str, cursor: Pos) -> tuple[Pos | None, bool]:
        """The first free position of ``nid`` at or after ``cursor`` (else the first one),
        and whether it is new; a repeat visit goes back to a taken position."""
        for pool, new in ((self.free, True), (self.taken, False)):
            found = pool.get(nid)
            if found:
                i = bisect_left(found, cursor)
                pos = found[i if i < len(found) else 0]
                if new:
                    found.remove(pos)
                    insort(self.taken.setdefault(nid, []), pos)
                return pos, new
        return None, False


def place_run(tree: Tree, run: SearchRun, *, playouts: bool = False) -> Placed:
    """Put each of ``run``'s visits on a position of the unfolded tree (see the module).
    With ``playouts`` (a search that grows a tree, MCTS), an evaluation below no expanded
    position was reached by a playout: it goes to the node's first position at or after
    the last one placed; otherwise it is not placed."""
    placed = Placed(at={"expanded": [], "evaluated": []})
    pool = _Free()
    pool.add(tree.root, ())
    cursor: Pos = ()
    for nid in run.expanded:
        pos, new = pool.take(nid, cursor)
        placed.at["expanded"].append(pos)
        if pos is None:
            continue
        cursor = pos
        placed.ops.setdefault(pos, set()).add("expanded")
        if new:
            for i, child in enumerate(tree.nodes[nid].children):
                pool.add(child, (*pos, i))
    leaves = _Free()
    leaves.add(tree.root, ())
    for pos in sorted(p for p, ops in placed.ops.items() if "expanded" in ops):
        for i, child in enumerate(tree.nodes[_node_at(tree, pos)].children):
            leaves.add(child, (*pos, i))
    cursor = ()
    for nid in run.evaluated:
        pos, _ = leaves.take(nid, cursor)
        if pos is None and playouts:  # below no expanded position: reached by a playout
            pos = _reached(tree, nid, cursor)
        placed.at["evaluated"].append(pos)
        if pos is not None:
            cursor = pos
            placed.ops.setdefault(pos, set()).add("evaluated")
    return placed


def _reached(tree: Tree, nid: str, cursor: Pos, most: int = 100_000) -> Pos | None:
    """The first position of ``nid`` at or after ``cursor`` in preorder (else its first),
    looking at ``most`` positions of the unfolded tree at the most; None if not found."""
    found: list[Pos] = []
    stack: list[tuple[str, Pos]] = [(tree.root, ())]
    while stack and most > 0:
        most -= 1
        node, pos = stack.pop()
        if node == nid:
            found.append(pos)
            if pos >= cursor:
                return pos
        kids = tree.nodes[node].children
        stack.extend((kids[i], (*pos, i)) for i in range(len(kids) - 1, -1, -1))
    return found[0] if found else None


def _node_at(tree: Tree, pos: Pos) -> str:
    nid = tree.root
    for i in pos:
        nid = tree.nodes[nid].children[i]
    return nid


@dataclass(frozen=True)
class Divergence:
    """The first visit where the student's run leaves the reference's."""

    op: Op
    index: int  # 0-based, into the op's list
    expected: str | None  # the reference's node there (None: the reference had stopped)
    got: str | None  # the student's node there (None: the student had stopped)

    def sentence(self) -> str:
        verb = "expansion" if self.op == "expanded" else "evaluation"
        head = f"first difference at {verb} #{self.index + 1}: "
        if self.got is None:
            return head + f"you stopped; the reference {self.op} {self.expected} next"
        if self.expected is None:
            return head + f"you {self.op} {self.got}; the reference had stopped"
        return head + f"you {self.op} {self.got}; the reference {self.op} {self.expected}"


def first_divergence(expected: SearchRun, got: SearchRun) -> Divergence | None:
    """Where the runs first differ, in the reference's visit order (expansions first when
    the interleaved order is unknown); None when both lists agree."""
    found: list[tuple[int, Divergence]] = []
    for op in ("expanded", "evaluated"):
        want: tuple[str, ...] = getattr(expected, op)
        have: tuple[str, ...] = getattr(got, op)
        i = next((k for k, (a, b) in enumerate(zip(want, have, strict=False)) if a != b), None)
        if i is None and len(want) != len(have):
            i = min(len(want), len(have))
        if i is not None:
            div = Divergence(op, i, _at(want, i), _at(have, i))
            found.append((_order(expected, op, i), div))
    return min(found, key=lambda f: f[0])[1] if found else None


def _at(items: Sequence[str], i: int) -> str | None:
    return items[i] if i < len(items) else None


def _order(run: SearchRun, op: Op, i: int) -> int:
    """Where the i-th visit of ``op`` falls in the run's interleaved visits."""
    seen = 0
    for k, (call, _) in enumerate(run.visits):
        if (call in EXPAND_OPS) == (op == "expanded"):
            if seen == i:
                return k
            seen += 1
    return len(run.visits) + (0 if op == "expanded" else 1)


class Values:
    """Every player's value of a node with some plies to go, memoised (None: unknown).

    Two players play minimax on player 0's payoff unless the search's value model is
    ``maxn``: then, as always with more players, each mover maximises its own payoff.
    Chance nodes take the expectation of their children.
    """

    def __init__(
        self, tree: Tree, *, model: ValueModel = "minimax", noisy_limit: int | None = None
    ) -> None:
        self.tree = tree
        self.minimax = tree.players == 2 and model != "maxn"
        self.quiescence = model == "quiescence" and tree.players == 2
        self.noisy_limit = noisy_limit  # quiescence: noisy plies past the horizon (None: all)
        self.memo: dict[tuple[str, int], Payoff | None] = {}

    def of(self, nid: str, left: int) -> Payoff | None:
        key = (nid, max(left, 0))
        if key not in self.memo:
            self.memo[key] = self._compute(self.tree.nodes[nid], key[1])
        return self.memo[key]

    def _compute(self, node: Node, left: int) -> Payoff | None:
        if node.utility is not None or left == 0:
            return self._at_horizon(node)
        kids = [self.of(c, left - 1) for c in node.children]
        known = [k for k in kids if k is not None]
        if len(known) != len(kids) or not kids:
            return None
        players = range(self.tree.players)
        if node.chance:
            probs = node.probabilities or ()
            return tuple(sum(p * v[i] for p, v in zip(probs, known, strict=True)) for i in players)
        return self._best(known, node.to_move or 0)

    def _at_horizon(self, node: Node) -> Payoff | None:
        """A terminal's payoff, or the value of a node the search cuts off: its evaluation
        (past it, quiescence's noisy moves too)."""
        if node.utility is not None:
            return node.utility
        if self.quiescence:
            return self._quiesce(node, -1 if self.noisy_limit is None else self.noisy_limit)
        return node.eval

    def _quiesce(self, node: Node, left: int) -> Payoff | None:
        """A horizon node's value past the horizon, ``left`` noisy plies to go (-1: all):
        its evaluation (the stand-pat), or a noisy move's value where the mover likes it
        better, as the quiescence search finds it."""
        if node.utility is not None or node.eval is None:
            return node.utility
        if left == 0 or not node.noisy:
            return node.eval
        values: list[Payoff] = [node.eval]
        for action, child in zip(node.actions, node.children, strict=True):
            if action in node.noisy:
                value = self._quiesce(self.tree.nodes[child], left - 1)
                if value is None:
                    return None
                values.append(value)
        return self._best(values, node.to_move or 0)

    def _best(self, known: Sequence[Payoff], mover: int) -> Payoff:
        """The mover's choice among its children's values, the first best kept."""
        best = known[0]
        for v in known[1:]:
            if self.minimax and mover != 0:
                if v[0] < best[0]:  # MIN minimises MAX's value
                    best = v
            elif v[mover] > best[mover]:
                best = v
        return best


def at(items: Sequence[Pos | None], i: int) -> Pos | None:
    """The i-th placed visit's position, or None past the end."""
    return items[i] if i < len(items) else None


def action_path(tree: Tree, pos: Pos) -> str:
    """The actions leading from the root to ``pos``, space-separated."""
    nid, path = tree.root, []
    for i in pos:
        node = tree.nodes[nid]
        path.append(node.actions[i])
        nid = node.children[i]
    return " ".join(path)
