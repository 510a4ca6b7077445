"""Which explainer tells a search's divergence: one per family of searches.

:func:`explainer_family` reads each search's family from its entry in
:mod:`reference.algorithms`; everything else goes by family. A family without an
explainer of its own, or one not known here, gets the shared
:class:`~grader.feedback.explain.divergence.Explainer`, which gives no reason of a family's.
"""

from __future__ import annotations

from grader.feedback.explain.divergence import Conventions, Explainer
from grader.feedback.explain.exhaustive import ExhaustiveExplainer
from grader.feedback.explain.iterations import IterationsExplainer
from grader.feedback.explain.quiescence import QuiescenceExplainer
from grader.feedback.explain.window import WindowExplainer
from grader.trees.tree import Tree
from reference.algorithms import ALGORITHMS

GENERIC = "generic"

EXPLAINERS: dict[str, type[Explainer]] = {
    GENERIC: Explainer,
    "exhaustive": ExhaustiveExplainer,  # minimax-like: searches every child
    "window": WindowExplainer,  # alpha-beta: windows, cuts, prune-on-equality, fail-soft
    # max^n: its shallow pruning is told by the shared "the reference does not search:
    # it prunes X's remaining children"
    "vector": Explainer,
    "quiescence": QuiescenceExplainer,  # stand-pat, noisy moves past the horizon
    "chance": Explainer,  # expectimax: nothing chance-specific to tell yet
    "iterations": IterationsExplainer,  # MCTS: playout by playout, draws included
}
"""The explainer of each family of searches, keyed by the family's name."""


def explainer_family(algorithm: str) -> str:
    """The family whose explainer tells a divergence of the named search (its entry in
    ``reference.algorithms`` says); ``generic`` for a search that no family's reasons fit
    (which gets no family's reason), and for a name no search has."""
    entry = ALGORITHMS.get(algorithm)
    return entry.explainer if entry is not None else GENERIC


def explainer(tree: Tree, conventions: Conventions) -> Explainer:
    """The explainer of the graded search's family (the shared one if it has none)."""
    kind = EXPLAINERS.get(explainer_family(conventions.algorithm), Explainer)
    return kind(tree, conventions)
