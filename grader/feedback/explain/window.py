"""Alpha-beta's explainer: a divergence told by the window (alpha, beta) at that point.

The window comes from re-running the reference alpha-beta on the children already
searched, under the test's conventions (prune on equality or not, fail-soft or hard). A
student's grader ships without the reference code: there, and on a tree of more than two
players, the shared explanation stands.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from grader.feedback.explain.divergence import Explainer
from grader.feedback.explain.formatting import fmt
from grader.feedback.explain.walk import Frame, Walk
from grader.trees.game import TreeGame

_INF = math.inf


def _reference_alphabeta() -> Callable[..., tuple[Any, Any]] | None:
    """The reference alpha-beta, or None where it is not installed (a student's grader)."""
    try:
        from reference.alphabeta import alphabeta
    except ImportError:
        return None
    return alphabeta


class WindowExplainer(Explainer):
    """Alpha-beta: why a node had to search on, or is cut, as a comparison with its window."""

    def left_reason(self, walk: Walk, k: int) -> str:
        told = self.compared(walk, k)
        return "" if told is None else f": {told[1]}"

    def cut(self, walk: Walk, k: int, head: str) -> str | None:
        told = self.compared(walk, k)
        if told is None or not told[0]:
            return None
        node = walk.stack[k].node
        return (
            f"{head}, but {told[1]} at {self.who(node)}, so {node}'s remaining children are pruned"
        )

    def compared(self, walk: Walk, k: int) -> tuple[bool, str] | None:
        """Whether frame ``k`` cuts with its best so far, and the comparison that says so;
        None when there is no window to tell (no reference search, no child searched)."""
        search = _reference_alphabeta() if self.tree.players == 2 else None
        if search is None:
            return None
        alpha, beta, best = self.window(search, walk.stack, k)
        if best is None:
            return None
        return self.cuts(walk.stack[k].node, best, alpha, beta)

    def window(
        self, search: Callable[..., tuple[Any, Any]], stack: Sequence[Frame], k: int
    ) -> tuple[Any, Any, Any]:
        """(alpha, beta, best so far) at frame ``k``, as the reference had them."""
        alpha: Any = -_INF
        beta: Any = _INF
        best: Any = None
        for i, frame in enumerate(stack[: k + 1]):
            maximizing = self.tree.nodes[frame.node].to_move == 0
            best = None
            for j in frame.done:
                left = max(self.conv.depth - frame.depth - 1, 0)
                value, _ = search(
                    TreeGame(self.tree),
                    frame.kids[j],
                    left,
                    alpha=alpha,
                    beta=beta,
                    prune_on_equality=self.conv.prune_on_equality,
                    fail_soft=self.conv.fail_soft,
                )
                if maximizing:
                    best = value if best is None else max(best, value)
                    if i < k:
                        alpha = max(alpha, best)
                else:
                    best = value if best is None else min(best, value)
                    if i < k:
                        beta = min(beta, best)
        return alpha, beta, best

    def cuts(self, node: str, best: Any, alpha: Any, beta: Any) -> tuple[bool, str]:
        """Whether alpha-beta cuts at ``node`` with ``best`` so far, and the comparison."""
        eq = self.conv.prune_on_equality
        if self.tree.nodes[node].to_move == 0:
            cut = best >= beta if eq else best > beta
            sign = (">=" if eq else ">") if cut else ("<" if eq else "<=")
            return cut, f"{fmt(best)} {sign} beta = {fmt(beta)}"
        cut = best <= alpha if eq else best < alpha
        sign = ("<=" if eq else "<") if cut else (">" if eq else ">=")
        return cut, f"{fmt(best)} {sign} alpha = {fmt(alpha)}"
