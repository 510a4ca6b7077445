"""MCTS's explainer: the first playout where a student's search left the reference's.

The record of a search that grows a tree (:mod:`grader.trees.trace`) is, playout by
playout, the node it expanded (the child it added), the numbers it drew from the game's
stream and the terminal whose payoff it read. The explanation names the first playout
that differs and what each search did in it.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import zip_longest

from grader.feedback.explain.divergence import Explainer
from grader.feedback.explain.walk import Visit
from grader.trees.trace import EVALUATE_OPS, EXPAND_OPS, RANDOM_OPS

Playout = tuple[Visit, ...]

DRAWS_HINT = (
    " (a playout draws once a move, game.random_choice(game.actions(s)), from the new child "
    "to a terminal, and nothing else draws)"
)
EXPAND_HINT = " (an iteration expands one child: the first untried action of the node selected)"


def playouts(visits: Sequence[Visit]) -> list[Playout]:
    """The visits cut after each payoff read: one run of them a playout (what follows the
    last read, if anything, is the last run)."""
    runs: list[Playout] = []
    run: list[Visit] = []
    for visit in visits:
        run.append(visit)
        if visit[0] in EVALUATE_OPS:
            runs.append(tuple(run))
            run = []
    if run:
        runs.append(tuple(run))
    return runs


class IterationsExplainer(Explainer):
    """Tells the first playout that differs, and a hint where the draws or the expansions
    are the difference."""

    def divergence(self, expected: Sequence[Visit], got: Sequence[Visit]) -> str:
        pairs = zip_longest(playouts(expected), playouts(got))
        k, (want, have) = next(
            ((k, p) for k, p in enumerate(pairs, 1) if p[0] != p[1]), (0, (None, None))
        )
        line = f"playout {k}: the reference {self.told(want, k)}; you {self.told(have, k)}"
        if want is not None and have is not None:
            if _count(want, RANDOM_OPS) != _count(have, RANDOM_OPS):
                return line + DRAWS_HINT
            if _count(have, EXPAND_OPS) > _count(want, EXPAND_OPS):
                return line + EXPAND_HINT
        return line

    def told(self, run: Playout | None, k: int) -> str:
        """What playout ``k`` did, in words."""
        if run is None:  # fewer iterations, or the last ones selected terminals held
            return f"read no new payoff after playout {k - 1}"
        words = [f"expanded {n}" for op, n in run if op in EXPAND_OPS]
        draws = _count(run, RANDOM_OPS)
        words.append("drew no number" if draws == 0 else
                     f"drew {draws} number{'s' if draws > 1 else ''}")
        words += [f"evaluated {self.leaf(n)}" for op, n in run if op in EVALUATE_OPS]
        return ", ".join(words)


def _count(run: Playout, ops: frozenset[str]) -> int:
    return sum(op in ops for op, _ in run)
