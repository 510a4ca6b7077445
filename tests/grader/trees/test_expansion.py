"""Counting an expansion when children are generated keeps every known mistake in sight.

Before, a node counted as expanded whenever its moves were listed. For every known wrong
variant of each family, on every case the variants are tried on (the built-in
assignments' tests and the drawn trees), a variant whose listings told it apart from the
reference is still told apart by its expansions: no mistake became invisible.
(The examples in ``examples/`` keep their verdicts too: tests/examples/test_examples.py.)
"""

from __future__ import annotations

import pytest

from grader.errors import GameError
from grader.grading.scoring import values_match
from grader.trees.trace import EVALUATE_OPS, VISIT_OPS, Trace
from reference.algorithms import search
from reference.variants import Variant
from tests.reference.runs import student_game
from tests.reference.test_variants import Case, as_agent, variant_cases


def listed_visits(trace: Trace) -> list[tuple[str, str]]:
    """The visits as they were counted before: every listing, and every payoff the first
    time it is asked (a beam reads again, as it searches them, the payoffs it ranked)."""
    read: set[str] = set()
    visits = []
    for op, node in trace:
        if op in EVALUATE_OPS:
            if node in read:
                continue
            read.add(node)
        if op in VISIT_OPS:
            visits.append((op, node))
    return visits


def run(agent: object, case: Case) -> tuple[Trace, object, object]:
    game = student_game(case.tree, case.conventions)
    value, action = agent(game, case.tree.root, case.depth)  # type: ignore[operator]
    return game.trace, value, action


@pytest.mark.parametrize(("variant", "case"), variant_cases())
def test_a_mistake_seen_by_its_listings_is_seen_by_its_expansions(
    variant: Variant, case: Case
) -> None:
    try:
        got, value, action = run(as_agent(variant), case)
    except GameError:
        return  # an error is a verdict of its own, whatever is counted
    expected, ref_value, ref_action = run(
        lambda g, s, d: search(case.family, g, s, d, **case.conventions), case
    )
    answer_differs = action != ref_action or not values_match(ref_value, value)
    if answer_differs:
        return
    if listed_visits(got) != listed_visits(expected):
        assert got.visits() != expected.visits(), "this mistake is no longer seen"
