"""Alpha-beta's messages (the ``window`` family): the comparison with the window that
says why a node had to search on, or is cut; one drawn tree each.

Every sign of the comparison: a MIN node against alpha, a MAX node against beta, cut or
not, pruning on equality or only past it. Trees are drawn in
:mod:`tests.grader.feedback.explain.drawn`.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest

from reference.variants import Fault
from tests.grader.feedback.explain.drawn import (
    FIG52,
    MAX_OVER,
    MAX_TIE,
    MAXN,
    Agent,
    alphabeta_first_two,
    drawn_said,
    leaves_b_early,
    said,
    stops_after_first_child,
    variant,
)

EQUAL = {"prune_on_equality": False}

CASES = [
    pytest.param(  # C1 = 2 <= alpha = 3 cuts C
        FIG52,
        2,
        variant("alphabeta", Fault.NO_PRUNING),
        {},
        "after evaluating C1 = 2 you evaluated C2, but 2 <= alpha = 3 at C (MIN), so C's "
        "remaining children are pruned",
        id="min-cut",
    ),
    pytest.param(  # pruning only on >: 2 < 3 still cuts C
        FIG52,
        2,
        variant("alphabeta", Fault.NO_PRUNING, **EQUAL),
        EQUAL,
        "after evaluating C1 = 2 you evaluated C2, but 2 < alpha = 3 at C (MIN), so C's "
        "remaining children are pruned",
        id="min-cut-past-alpha",
    ),
    pytest.param(  # B is the first MIN node: alpha is still -inf
        FIG52,
        2,
        leaves_b_early,
        {},
        "you left B after B1 = 3, but B (MIN) still had to look at B2: 3 > alpha = -inf",
        id="min-no-cut",
    ),
    pytest.param(  # nested: A -> B: 3 5 | C: 3 9 1 | D: 2 7; pruning only on >: C1 = 3 = alpha
        {"format": "game-tree/1", "nested": [[3, 5], [3, 9, 1], [2, 7]]},
        2,
        variant("alphabeta", Fault.PRUNE_ON_EQUALITY, **EQUAL),
        EQUAL,
        "you left C after C1 = 3, but C (MIN) still had to look at C2: 3 >= alpha = 3",
        id="min-no-cut-on-equality",
    ),
    pytest.param(  # D = 5 sets beta = 5 at B; E1 = 5 reaches it
        MAX_TIE,
        3,
        variant("alphabeta", Fault.NO_PRUNING),
        {},
        "after evaluating E1 = 5 you evaluated E2, but 5 >= beta = 5 at E (MAX), so E's "
        "remaining children are pruned",
        id="max-cut",
    ),
    pytest.param(  # pruning only on >: E1 = 6 > beta = 5 still cuts E
        MAX_OVER,
        3,
        variant("alphabeta", Fault.NO_PRUNING, **EQUAL),
        EQUAL,
        "after evaluating E1 = 6 you evaluated E2, but 6 > beta = 5 at E (MAX), so E's "
        "remaining children are pruned",
        id="max-cut-past-beta",
    ),
    pytest.param(  # B = 3 done, C searched (and cut), D left: the root's beta is inf
        FIG52,
        2,
        alphabeta_first_two,
        {},
        "you stopped after searching C, but A (MAX) still had to look at D: 3 < beta = inf",
        id="max-no-cut",
    ),
    pytest.param(  # pruning only on >: E1 = 5 = beta does not cut E
        MAX_TIE,
        3,
        variant("alphabeta", Fault.PRUNE_ON_EQUALITY, **EQUAL),
        EQUAL,
        "you left E after E1 = 5, but E (MAX) still had to look at E2: 5 <= beta = 5",
        id="max-no-cut-on-equality",
    ),
    pytest.param(  # no child of A done yet (B is still being searched): no window to tell
        FIG52,
        2,
        stops_after_first_child,
        {},
        "you stopped after searching B, but A (MAX) still had to look at C",
        id="no-child-done-no-window",
    ),
]


@pytest.mark.parametrize(("data", "depth", "agent", "conventions", "first"), CASES)
def test_a_divergence_is_told_by_the_window(
    data: dict[str, Any], depth: int, agent: Agent, conventions: dict[str, Any], first: str
) -> None:
    assert said(data, "alphabeta", depth, agent, **conventions)[0] == first


@pytest.mark.parametrize(
    ("agent", "first"),
    [
        pytest.param(
            variant("alphabeta", Fault.NO_PRUNING),
            "after evaluating C1 = 2 you evaluated C2, which the reference does not search: it "
            "prunes C's remaining children",
            id="searched-a-pruned-child",
        ),
        pytest.param(
            leaves_b_early,
            "you left B after B1 = 3, but B (MIN) still had to look at B2",
            id="left-a-node-early",
        ),
    ],
)
def test_without_the_reference_code_the_shared_message_stands(
    monkeypatch: pytest.MonkeyPatch, agent: Agent, first: str
) -> None:
    # a student's grader ships without reference/: there, importing its alpha-beta fails
    assert said(FIG52, "alphabeta", 2, agent)[0] != first  # here, the window is told
    monkeypatch.setitem(sys.modules, "reference.alphabeta", None)
    with pytest.raises(ImportError):
        import reference.alphabeta  # noqa: F401
    # the searches themselves were imported before: only the explanation misses it
    assert said(FIG52, "alphabeta", 2, agent)[0] == first


def test_a_tree_of_more_than_two_players_has_no_window() -> None:
    # MAXN (3 players), explained as alpha-beta: F2 searched after F1 gets the shared words
    expected = [
        ("actions", "A"),
        ("actions", "B"),
        ("utility", "E"),
        ("actions", "F"),
        ("utility", "F1"),
    ]
    assert drawn_said(MAXN, "alphabeta", 2, expected, [*expected, ("utility", "F2")]) == (
        "after evaluating F1 = (2, 7, 1) you evaluated F2, which the reference does not "
        "search: it prunes F's remaining children"
    )
