"""The messages every family shares (:class:`grader.feedback.explain.Explainer`): one drawn
tree each.

Trees are drawn in :mod:`tests.grader.feedback.explain.drawn`. A search outside every family
(negamax, beam, iterative deepening here) gets these messages with no family's reason.
"""

from __future__ import annotations

from typing import Any

import pytest

from reference.algorithms import search
from reference.variants import Fault
from tests.grader.feedback.explain.drawn import (
    CUTOFF,
    FIG52,
    TRANSPOSITION,
    Agent,
    drawn_said,
    evaluates_root_after_one_iteration,
    generates_and_leaves,
    generates_first_child_only,
    keeps_payoffs,
    leaves_b_early,
    never_deepens,
    one_iteration,
    said,
    skips_the_middle_move,
    stops_after_first_child,
    variant,
)
from tests.reference.runs import full

# A(max) -a1-> X(min) -x1-> Y1(max, eval 4) -y1-> T1 = 1; -x2-> Y2 = 6
#        -a2-> B(min) -b1-> X (one ply deeper than from A), -b2-> B2 = 5
TWO_DEPTHS = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "X", "a2": "B"}},
        "B": {"to_move": 1, "children": {"b1": "X", "b2": "B2"}},
        "X": {"to_move": 1, "children": {"x1": "Y1", "x2": "Y2"}},
        "Y1": {"to_move": 0, "children": {"y1": "T1"}, "eval": 4},
        "T1": {"utility": 1},
        "Y2": {"utility": 6},
        "B2": {"utility": 5},
    },
)


def keyed_by_state(game: Any, state: Any, depth: int) -> tuple[Any, Any]:
    """Minimax with a table keyed by state alone (wrong at a cut-off)."""
    table: dict[Any, tuple[Any, Any]] = {}

    def value(s: Any, d: int) -> tuple[Any, Any]:
        if game.is_terminal(s):
            return game.utility(s, 0), None
        if d == 0:
            return game.evaluate(s, 0), None
        if s not in table:
            pick = max if game.to_move(s) == 0 else min
            moves = game.actions(s)
            table[s] = pick(
                ((value(game.result(s, a), d - 1)[0], a) for a in moves), key=lambda found: found[0]
            )
        return table[s]

    return value(state, depth)


CASES = [
    pytest.param(  # one ply short: B evaluated at depth 1
        CUTOFF,
        "minimax",
        2,
        variant("minimax", Fault.DEPTH_MINUS_ONE),
        {},
        "you evaluated B (depth cut-off) but B is at depth 1 of 2, 1 ply above the depth limit: "
        "evaluate only there (or at a terminal)",
        id="cut-off-early",
    ),
    pytest.param(  # one ply deep: B searched at the limit
        CUTOFF,
        "minimax",
        1,
        variant("minimax", Fault.DEPTH_PLUS_ONE),
        {},
        "you expanded B, but B is at depth 1 of 1, the depth limit: evaluate it there",
        id="cut-off-late",
    ),
    pytest.param(  # iterative deepening: A B C at depth 1, then A again; no depth for A then
        CUTOFF,
        "iterative_deepening",
        2,
        evaluates_root_after_one_iteration,
        {},
        "you evaluated A (depth cut-off) but A is at this depth: search one ply deeper",
        id="cut-off-early-out-of-the-stack",
    ),
    pytest.param(
        FIG52,
        "alphabeta",
        2,
        variant("alphabeta", Fault.RIGHT_TO_LEFT),
        {},
        "you searched D before B: children are searched in the order actions() lists them",
        id="out-of-order",
    ),
    pytest.param(
        FIG52,
        "negamax",
        2,
        leaves_b_early,
        {},
        "you left B after B1 = 3, but B (MIN) still had to look at B2",
        id="left-after-a-leaf",
    ),
    pytest.param(  # B's children generated, none looked at; on to C
        FIG52,
        "negamax",
        2,
        generates_and_leaves,
        {},
        "you left B, but B (MIN) still had to look at B1",
        id="left-before-any-child",
    ),
    pytest.param(  # B, then D: C never searched
        FIG52,
        "negamax",
        2,
        skips_the_middle_move,
        {},
        "you left A after searching B, but A (MAX) still had to look at C",
        id="left-skipping-a-child",
    ),
    pytest.param(
        FIG52,
        "negamax",
        2,
        stops_after_first_child,
        {},
        "you stopped after searching B, but A (MAX) still had to look at C",
        id="stopped-after-a-subtree",
    ),
    pytest.param(  # A's first child generated, never looked at
        FIG52,
        "negamax",
        2,
        generates_first_child_only,
        {},
        "you stopped, but A (MAX) still had to look at B",
        id="stopped-before-any-child",
    ),
    pytest.param(  # beam width 1: A, B, B1 and no more
        FIG52,
        "beam",
        2,
        stops_after_first_child,
        {"beam_width": 1, "beam_ranking": "actions"},
        "after evaluating B1 = 3 you evaluated B2, which the reference does not search: it "
        "prunes B's remaining children",
        id="searched-a-pruned-leaf",
    ),
    pytest.param(  # beam width 1 below the root, every move at the root
        FIG52,
        "beam",
        2,
        leaves_b_early,
        {"beam_width": 1, "beam_ranking": "actions"},
        "after searching B you expanded C, which the reference does not search: it prunes "
        "A's remaining children",
        id="searched-a-pruned-subtree",
    ),
    pytest.param(  # the table knows X = 7 from B: C's c2 is not searched again
        TRANSPOSITION,
        "transposition",
        3,
        lambda g, s, d: search("alphabeta", g, s, d),
        {},
        "after evaluating C1 = 6 you expanded X, which the reference does not search: it "
        "prunes C's remaining children",
        id="searched-a-transposition-again",
    ),
    pytest.param(  # a memoised search where the test wants none: X read from its table
        TRANSPOSITION,
        "minimax",
        3,
        lambda g, s, d: search("minimax", g, s, d, transposition_table="all"),
        {"transposition_table": "none"},
        "you did not search X again when C (MIN) reached it by another path, with as many "
        "plies to go; the reference searches it again here (a test that sets "
        "game.transposition_table = 'none' wants no table)",
        id="a-table-where-the-test-wants-none",
    ),
    pytest.param(  # unset, graded as no table: the same, without blaming the test
        TRANSPOSITION,
        "minimax",
        3,
        lambda g, s, d: search("minimax", g, s, d, transposition_table="all"),
        {},
        "you did not search X again when C (MIN) reached it by another path, where the "
        "reference expanded it again",
        id="a-table-where-the-form-has-none",
    ),
    pytest.param(  # X searched again from C, its payoffs X1 and X2 kept from B's visit
        TRANSPOSITION,
        "minimax",
        3,
        keeps_payoffs("minimax"),
        {},
        "you did not evaluate X1 again when the search reached X (MAX) again by another "
        "path, where the reference evaluated it again: keep no payoff from an earlier visit "
        "(this test counts every read)",
        id="payoffs-kept-below-a-transposition",
    ),
    pytest.param(  # X is one ply below A and two below B: a table by state alone reads it
        TWO_DEPTHS,
        "minimax",
        3,
        keyed_by_state,
        {},
        "you did not search X again when B (MIN) reached it by another path: you had "
        "searched it with 2 plies to go, here it has 1; a table answers only for the same "
        "depth to go: key it by (state, depth to go)",
        id="a-table-keyed-by-state-alone",
    ),
    pytest.param(  # iterative deepening: A B C at depth 1, then A again
        CUTOFF,
        "iterative_deepening",
        2,
        one_iteration,
        {},
        "visit 4: you stopped; the reference expanded A",
        id="stopped-before-a-new-iteration",
    ),
    pytest.param(  # iterative deepening: A again, then C first (the best move so far)
        CUTOFF,
        "iterative_deepening",
        2,
        never_deepens,
        {},
        "visit 5: the reference expanded C, you evaluated B",
        id="iterations-differ",
    ),
]


@pytest.mark.parametrize(("data", "algorithm", "depth", "agent", "conventions", "first"), CASES)
def test_the_first_line_names_the_first_divergence(
    data: dict[str, Any],
    algorithm: str,
    depth: int,
    agent: Agent,
    conventions: dict[str, Any],
    first: str,
) -> None:
    assert said(data, algorithm, depth, agent, **conventions)[0] == first


# fig 5.2 (minimax, depth 2), the expected visits cut to A, B, B1, B2
FIG52_MINIMAX = [("actions", "A"), ("actions", "B"), ("utility", "B1"), ("utility", "B2")]


@pytest.mark.parametrize(
    ("expected", "got", "first"),
    [
        pytest.param(
            FIG52_MINIMAX,
            [("actions", "A"), ("actions", "B"), ("actions", "B1")],
            "you expanded B1, but B1 is terminal: take its utility",
            id="terminal-expanded",
        ),
        pytest.param(
            FIG52_MINIMAX,
            [("actions", "A"), ("actions", "B"), ("evaluate", "B1")],
            "at B1 you called evaluate(), where the reference calls utility()",
            id="another-call",
        ),
        pytest.param(
            FIG52_MINIMAX,
            [],
            "visit 1: you stopped; the reference expanded A",
            id="nothing-visited",
        ),
        pytest.param(
            FIG52_MINIMAX,
            [*FIG52_MINIMAX, ("utility", "C1")],
            "visit 5: you evaluated C1; the reference had stopped",
            id="went-on",
        ),
        pytest.param(  # a reference that expands A and looks at none of its children
            [("actions", "A")],
            [("actions", "A"), ("actions", "B")],
            "you expanded B, which the reference does not search: it prunes A's remaining children",
            id="searched-before-any-child",
        ),
    ],
)
def test_the_first_line_of_a_drawn_trace(
    expected: list[tuple[str, str]], got: list[tuple[str, str]], first: str
) -> None:
    assert drawn_said(FIG52, "minimax", 2, expected, got) == first
