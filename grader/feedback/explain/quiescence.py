"""Quiescence's explainer: the stand-pat and the noisy moves past the horizon."""

from __future__ import annotations

from collections.abc import Sequence

from grader.feedback.explain.divergence import Explainer
from grader.feedback.explain.walk import Visit, Walk
from grader.trees.trace import EVALUATE_OPS

_SAME_NODE = {  # (the student's call, the reference's) at one node, past the horizon
    ("noisy_actions", "evaluate"): "at {node} (the horizon, not quiet) you skipped the "
    "stand-pat: evaluate {node} first, then search only its noisy moves",
    ("evaluate", "noisy_actions"): "you stopped at {leaf}, but {node} is not quiet: "
    "search its noisy moves",
    ("actions", "noisy_actions"): "at {node}, past the horizon, you searched every move: "
    "search only noisy_actions()",
}


class QuiescenceExplainer(Explainer):
    """A node past the horizon stands pat (evaluates) first, then searches only its noisy
    moves, and only until it is quiet or the quiescence limit is reached."""

    def _why_stand_pat(self) -> str:
        """Why the reference returns a non-quiet node's evaluation past the horizon."""
        cut = ("its evaluation, the stand-pat, is that node's first move in the window "
               "passed down to it, and already cuts it off (at least beta where MAX moves, "
               "at most alpha where MIN does)")
        limit = self.conv.quiescence_depth
        if limit is None:
            return cut
        plies = "ply" if limit == 1 else "plies"
        return (f"either {cut}, or the quiescence limit is reached (game.quiescence_depth: "
                f"{limit} noisy {plies} past the horizon)")

    def same_node(self, walk: Walk, e: Visit, g: Visit) -> str:
        told = _SAME_NODE.get((g[0], e[0]))
        if told is not None:
            return told.format(node=e[1], leaf=self.leaf(e[1]))
        return super().same_node(walk, e, g)

    def elsewhere(self, walk: Walk, e: Visit, g: Visit | None, rest: Sequence[Visit]) -> str | None:
        if walk.last is not None and walk.last[1] == e[1] and e[0] == "noisy_actions":
            # the reference went on at the node the student had just evaluated
            return _SAME_NODE[("evaluate", e[0])].format(node=e[1], leaf=self.leaf(e[1]))
        if (
            g is not None
            and g[0] == "noisy_actions"
            and walk.last is not None
            and walk.last[1] == g[1]
            and walk.last[0] in EVALUATE_OPS
        ):
            # the student went on at the node both had just evaluated; the reference stood pat
            return f"at {self.leaf(g[1])} you searched its noisy moves, where the reference " \
                f"stands pat: {self._why_stand_pat()}"
        return super().elsewhere(walk, e, g, rest)
