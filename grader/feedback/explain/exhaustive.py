"""Minimax's explainer: a search that looks at every child of every node it expands."""

from __future__ import annotations

from grader.feedback.explain.divergence import Explainer
from grader.feedback.explain.walk import Walk


class ExhaustiveExplainer(Explainer):
    """A node left early had to look at every child: nothing is ever pruned."""

    def left_reason(self, walk: Walk, k: int) -> str:
        return ": minimax searches every child"
