"""The shared explainer: where a student's search first left the reference's, in words.

:class:`Explainer` walks the reference's visits up to the first one the student did
differently and says what went wrong there, in terms every search shares: a child
searched that the reference prunes, a node left before all its children were searched,
a cut-off one ply too early or late, children out of order. A family of searches
refines it through two hooks, :meth:`Explainer.left_reason` (why the node still had to
look at the child) and :meth:`Explainer.cut` (why the child searched is pruned), or by
telling a divergence of its own first (quiescence's stand-pat).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from grader.feedback.explain.formatting import fmt
from grader.feedback.explain.walk import Frame, Visit, Walk, common_prefix
from grader.trees.trace import EVALUATE_OPS, EXPAND_OPS
from grader.trees.tree import Tree
from reference.conventions import ConventionValue

_VERBS = {
    "actions": "expanded",
    "noisy_actions": "expanded (noisy moves)",
    "chance_outcomes": "expanded",
    "utility": "evaluated",
    "evaluate": "evaluated",
}


@dataclass(frozen=True)
class Conventions:
    """What the explanation needs to know of the graded search."""

    algorithm: str
    depth: int  # plies
    prune_on_equality: bool = True
    fail_soft: bool = False
    transposition_table: ConventionValue = None  # the form graded, where the search takes one
    quiescence_depth: ConventionValue = None  # quiescence's noisy plies past the horizon
    chance_counts_as_ply: bool = True  # expectimax: a chance node is a ply of the depth


class Explainer:
    """The explanation every search shares; the fallback for a family without its own."""

    def __init__(self, tree: Tree, conv: Conventions) -> None:
        self.tree = tree
        self.conv = conv
        self.kept_payoffs = True  # the student's answer is the expected one, and it read
        # no payoff twice: as a search that keeps the payoffs it read

    # --- what a family adds --------------------------------------------------------------
    def left_reason(self, walk: Walk, k: int) -> str:
        """Why frame ``k``'s node still had to search on (``": ..."``), or nothing."""
        return ""

    def cut(self, walk: Walk, k: int, head: str) -> str | None:
        """The message for ``head`` (the student searching a child the reference prunes)
        when the family can say why frame ``k``'s node is cut there; None otherwise."""
        return None

    # --- words ---------------------------------------------------------------------------
    def who(self, node: str) -> str:
        mover = self.tree.nodes[node].to_move
        if mover is None:
            return node
        if self.tree.players == 2:
            return f"{node} ({'MAX' if mover == 0 else 'MIN'})"
        return f"{node} (player {mover})"

    def payoff(self, node: str) -> str | None:
        n = self.tree.nodes[node]
        values = n.utility if n.utility is not None else n.eval
        if values is None:
            return None
        return fmt(values[0] if self.tree.players == 2 else list(values))

    def leaf(self, node: str) -> str:
        value = self.payoff(node)
        return node if value is None else f"{node} = {value}"

    def last_done(self, frame: Frame) -> str | None:
        """What the search last did at ``frame``: the child it is in, or its last child."""
        if frame.current is not None:
            return f"searching {frame.kids[frame.current]}"
        if not frame.done:
            return None
        kid = frame.kids[frame.done[-1]]
        if self.tree.nodes[kid].children:
            return f"searching {kid}"
        return self.leaf(kid)

    # --- the divergence ------------------------------------------------------------------
    def divergence(self, expected: Sequence[Visit], got: Sequence[Visit]) -> str:
        i = common_prefix(expected, got)
        walk = Walk(self.tree, chance_is_ply=self.conv.chance_counts_as_ply)
        if not all(walk.step(op, node) for op, node in expected[:i]):
            return generic(i, expected, got)
        e = expected[i] if i < len(expected) else None
        g = got[i] if i < len(got) else None
        if e is None:
            return self.went_on(walk, i, expected, got)
        if g is not None and e[1] == g[1]:
            return self.same_node(walk, e, g)
        return self.elsewhere(walk, e, g, got[i:]) or generic(i, expected, got)

    def went_on(self, walk: Walk, i: int, expected: Sequence[Visit], got: Sequence[Visit]) -> str:
        """The reference had stopped; the student searched on."""
        place = walk.locate(got[i][1]) if i < len(got) else None
        if place is None:
            return generic(i, expected, got)
        return self.searched_pruned(walk, place, got[i])

    def elsewhere(self, walk: Walk, e: Visit, g: Visit | None, rest: Sequence[Visit]) -> str | None:
        """The student visited another node than ``e`` (or stopped): left a node too
        early, searched out of order, or searched a child the reference prunes."""
        le = walk.locate(e[1])
        lg = walk.locate(g[1]) if g is not None else None
        if le is None:
            return None if g is None or lg is None else self.searched_pruned(walk, lg, g)
        if g is None or lg is None or lg[0] < le[0]:
            return self.left_early(walk, le, e, g)
        if lg[0] == le[0] and lg[1] > le[1]:
            if e in rest:
                return (
                    f"you searched {g[1]} before {e[1]}: children are "
                    "searched in the order actions() lists them"
                )
            return self.left_early(walk, le, e, g)
        return self.searched_pruned(walk, lg, g)

    def same_node(self, walk: Walk, e: Visit, g: Visit) -> str:
        """Both visited ``e``'s node, in different ways."""
        node = e[1]
        depth = walk.depth_of(node)
        at = f"depth {depth} of {self.conv.depth}" if depth is not None else "this depth"
        if g[0] in EVALUATE_OPS and e[0] in EXPAND_OPS:
            return (f"you evaluated {node} (depth cut-off) but {node} is at {at}"
                    f"{_above(depth, self.conv.depth)}")
        if g[0] in EXPAND_OPS and e[0] in EVALUATE_OPS:
            if self.tree.nodes[node].terminal:
                return f"you expanded {node}, but {node} is terminal: take its utility"
            if depth is not None and depth < self.conv.depth:  # a beam scores it, say
                return f"you expanded {node} at {at}, where the reference evaluates it"
            return f"you expanded {node}, but {node} is at {at}, the depth limit: evaluate it there"
        return f"at {node} you called {g[0]}(), where the reference calls {e[0]}()"

    def left_early(self, walk: Walk, place: tuple[int, int], e: Visit, g: Visit | None) -> str:
        """The student left (or stopped at) frame ``place`` before it searched ``e``."""
        k, _ = place
        frame = walk.stack[k]
        after = self.last_done(frame)
        start = "you stopped" if g is None else f"you left {frame.node}"
        head = f"{start} after {after}" if after else start
        again = self.not_searched_again(walk, k, e)
        if again is not None:
            return again
        reason = self.left_reason(walk, k)
        return f"{head}, but {self.who(frame.node)} still had to look at {e[1]}{reason}"

    def not_searched_again(self, walk: Walk, k: int, e: Visit) -> str | None:
        """The student did not search ``e``'s node, searched before, when frame ``k``'s
        node reached it again by another path (it kept a table, or a payoff): why the
        reference searches it again. None when the node was not searched before, or is
        reached again on the same path (iterative deepening's next iteration, say)."""
        frame = walk.stack[k]
        before, now = walk.depths.get(e[1]), frame.depth + 1
        joined = self._joined(walk, k, e[1])
        if before is None or joined is None or (joined != e[1] and not self.kept_payoffs):
            return None  # below the node reached again, and not as kept payoffs read
        did = "evaluate" if e[0] in EVALUATE_OPS else "search"
        if joined == e[1]:
            head = f"you did not {did} {e[1]} again when {self.who(frame.node)} reached it " \
                "by another path"
        else:  # a node below the one reached twice: X1 under X, X the transposition
            head = f"you did not {did} {e[1]} again when the search reached " \
                f"{self.who(joined)} again by another path"
        if before != now:
            to_go, left = self.conv.depth - before, self.conv.depth - now
            return (
                f"{head}: you had searched it with {to_go} plies to go, here it has {left}; "
                "a table answers only for the same depth to go: key it by (state, depth to go)"
            )
        if self.conv.transposition_table == "none":
            return (
                f"{head}, with as many plies to go; the reference searches it again here "
                "(a test that sets game.transposition_table = 'none' wants no table)"
            )
        if e[0] in EVALUATE_OPS and self.kept_payoffs:
            return (
                f"{head}, where the reference {verb(e)} it again: keep no payoff from an "
                "earlier visit (this test counts every read)"
            )
        return f"{head}, where the reference {verb(e)} it again"

    def _joined(self, walk: Walk, k: int, node: str) -> str | None:
        """The node reached by two paths that brings the search back to ``node``:
        ``node`` itself, or the nearest of frame ``k``'s node and the nodes above it on
        the stack; None when the path holds none."""
        parents = Counter(c for n in self.tree.nodes.values() for c in n.children)
        path = [node, *(f.node for f in reversed(walk.stack[: k + 1]))]
        return next((n for n in path if parents[n] >= 2), None)

    def searched_pruned(self, walk: Walk, place: tuple[int, int], g: Visit) -> str:
        """The student searched ``g``, a child of frame ``place`` the reference prunes."""
        k, _ = place
        frame = walk.stack[k]
        after = self.last_done(frame)
        did = f"you {verb(g)} {g[1]}"
        head = did
        if after:
            head = f"after {'evaluating ' if '=' in after else ''}{after} {did}"
        told = self.cut(walk, k, head)
        if told is not None:
            return told
        return (
            f"{head}, which the reference does not search: "
            f"it prunes {frame.node}'s remaining children"
        )


def generic(i: int, expected: Sequence[Visit], got: Sequence[Visit]) -> str:
    """The divergence as the two visits at ``i``, when nothing more telling applies."""
    want = expected[i] if i < len(expected) else None
    have = got[i] if i < len(got) else None
    if want is None and have is not None:
        return f"visit {i + 1}: you {verb(have)} {have[1]}; the reference had stopped"
    if have is None and want is not None:
        return f"visit {i + 1}: you stopped; the reference {verb(want)} {want[1]}"
    assert want is not None and have is not None
    return f"visit {i + 1}: the reference {verb(want)} {want[1]}, you {verb(have)} {have[1]}"


def verb(visit: Visit) -> str:
    """What a visit did, as a past-tense verb: expanded, evaluated."""
    return _VERBS.get(visit[0], visit[0])


def _above(depth: int | None, limit: int) -> str:
    """How far above the depth limit a node the search evaluated is, and what to do."""
    if depth is None or depth >= limit:
        return ": search one ply deeper"
    plies = limit - depth
    return (f", {plies} {'ply' if plies == 1 else 'plies'} above the depth limit: evaluate only "
            "there (or at a terminal)")
