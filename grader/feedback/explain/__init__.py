"""Feedback that names the first divergence of a student's search from the reference's.

The trusted record of a search is its ordered visits: expansions (``actions``,
``noisy_actions``, ``chance_outcomes``) and evaluations (``utility``, ``evaluate``).
:func:`explain` walks the reference's visits up to the first one the student did
differently, rebuilding the search stack (which node is searching which child, at which
depth, :mod:`~grader.feedback.explain.walk`), and says in one line what went wrong there. The
shared explainer (:mod:`~grader.feedback.explain.divergence`) tells what every search has in
common: a child searched that the reference prunes, a child skipped that it still had
to search, a cut-off one ply too early or late, children out of order. Each family of
searches refines it (:mod:`~grader.feedback.explain.families`): minimax searches every child
(:mod:`~grader.feedback.explain.exhaustive`), alpha-beta's window at that point comes from
re-running the reference on the children already searched
(:mod:`~grader.feedback.explain.window`), quiescence stands pat and searches only noisy moves
(:mod:`~grader.feedback.explain.quiescence`). Value, action, prune and generated counts follow,
expected against got (:mod:`~grader.feedback.explain.feedback`).
"""

from __future__ import annotations

from grader.feedback.explain.divergence import Conventions, Explainer
from grader.feedback.explain.families import EXPLAINERS, explainer_family
from grader.feedback.explain.feedback import explain
from grader.feedback.explain.formatting import MAX_SHOWN, fmt, short
from grader.feedback.explain.walk import Visit

__all__ = [
    "EXPLAINERS",
    "MAX_SHOWN",
    "Conventions",
    "Explainer",
    "Visit",
    "explain",
    "explainer_family",
    "fmt",
    "short",
]
