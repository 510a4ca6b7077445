"""The lines after the first divergence: the answer and the record, expected against got,
for the checks that failed; and values as a student reads them."""

from __future__ import annotations

from typing import Any

import pytest

from grader.feedback.explain import Conventions, explain, fmt
from grader.trees.record import SearchRecord
from grader.trees.tree import parse_tree
from reference.algorithms import search
from reference.variants import Fault
from tests.grader.feedback.explain.drawn import (
    ALL,
    CUTOFF,
    FIG52,
    QUIET,
    ROOT_TIES,
    TRANSPOSITION,
    keeps_payoffs,
    said,
    skips_the_first_child_when_searched_again,
    skips_the_last_child_in_a_window,
    variant,
)

# fig 5.2 at depth 2, alpha-beta: C2 and C3 pruned (2 prunes, 10 children generated)
NO_PRUNING_FIRST = (
    "after evaluating C1 = 2 you evaluated C2, but 2 <= alpha = 3 at C (MIN), so C's "
    "remaining children are pruned"
)


@pytest.mark.parametrize(
    ("algorithm", "agent", "failed", "lines"),
    [
        pytest.param(  # players swapped: B = 12, C = 6, D = 14 (MAX), A = 6 by a2 (MIN)
            "minimax",
            variant("minimax", Fault.PERSPECTIVE),
            ["value"],
            ["root value: expected 3, got 6"],
            id="value",
        ),
        pytest.param(
            "alphabeta",
            variant("alphabeta", Fault.NO_PRUNING),
            ["prunes"],
            [NO_PRUNING_FIRST, "prunes: expected 2, got 0"],
            id="prunes",
        ),
        pytest.param(
            "alphabeta",
            variant("alphabeta", Fault.NO_PRUNING),
            ["generated"],
            [NO_PRUNING_FIRST, "children generated (result calls): expected 10, got 12"],
            id="generated",
        ),
    ],
)
def test_a_failed_check_is_told_expected_against_got(
    algorithm: str, agent: Any, failed: list[str], lines: list[str]
) -> None:
    assert said(FIG52, algorithm, 2, agent, failed) == lines


def test_a_tie_kept_last_is_said_so() -> None:
    lines = said(ROOT_TIES, "minimax", 2, variant("minimax", Fault.TIES_LAST), ["action"])
    assert lines == [
        "root action: expected a1, got a3 (on a tie, keep the first best action in action order)"
    ]


def test_a_wrong_action_that_is_no_tie_is_said_plainly() -> None:
    # players swapped: A = 6 by a2, where minimax gives 3 by a1
    lines = said(FIG52, "minimax", 2, variant("minimax", Fault.PERSPECTIVE), ["action"])
    assert lines == ["root action: expected a1, got a2"]


def test_more_visits_than_minimax_is_said_never_a_negative_count() -> None:
    # one ply too deep on CUTOFF at depth 1: minimax visits A B C (3); this search 7
    lines = said(CUTOFF, "alphabeta", 1, variant("alphabeta", Fault.DEPTH_PLUS_ONE), ["prunes"])
    assert lines[-1] == (
        "prunes: expected 0, but your search made 4 more visits than plain minimax makes at "
        "this depth: it visited positions minimax never visits (below the depth limit) or "
        "searched some again"
    )
    assert "-" not in lines[-1]


def test_a_search_expected_past_minimax_depth_is_told_in_visits() -> None:
    # quiescence at depth 1 on QUIET visits A, B, B (noisy), B1, C: past where minimax
    # stops (A, B, C), so its own prune count is below zero; no stand-pat at B: A B B1 C
    lines = said(QUIET, "quiescence", 1, variant("quiescence", Fault.NO_STAND_PAT), ["prunes"])
    assert lines[-1] == (
        "visits: expected 5, got 4 (the expected search goes on past the depth where plain "
        "minimax stops)"
    )


def test_payoffs_kept_from_an_earlier_visit_are_not_called_pruning() -> None:
    # TRANSPOSITION (drawn in test_shared): minimax evaluates X1 and X2 under B, then
    # again under C; a search that keeps them visits each node, two visits fewer
    lines = said(TRANSPOSITION, "minimax", 3, keeps_payoffs("minimax"), ["prunes"])
    assert lines[-1] == (
        "prunes: expected 0, got 2 (no pruning: you made each visit of the expected search, "
        "but 2 fewer in all: nodes reached again were not visited again)"
    )


def test_a_search_that_prunes_is_not_told_it_kept_payoffs() -> None:
    # alpha-beta's own visits are a subset of minimax's: fewer, and not all of them
    lines = said(FIG52, "minimax", 2, variant("minimax", Fault.PERSPECTIVE), ["prunes"])
    assert not any("no pruning" in line for line in lines)
    lines = said(FIG52, "minimax", 2, lambda g, s, d: search("alphabeta", g, s, d), ["prunes"])
    assert lines[-1] == "prunes: expected 0, got 2"


def _record(expanded: list[str], evaluated: list[str]) -> SearchRecord:
    visits: list[Any] = [("actions", "A"), ("utility", "B1")]
    return SearchRecord(
        value=3,
        action="a1",
        expanded=expanded,
        evaluated=evaluated,
        generated=1,
        prunes=0,
        visits=visits,
    )


@pytest.mark.parametrize(
    ("failed", "line"),
    [
        pytest.param(["expanded"], "expanded: expected ['A', 'B'], got ['A']", id="expanded"),
        pytest.param(["evaluated"], "evaluated: expected ['B1', 'B2'], got ['B1']", id="evaluated"),
    ],
)
def test_lists_that_differ_where_the_visits_do_not_are_shown_whole(
    failed: list[str], line: str
) -> None:
    # records of the same visits whose lists disagree (drawn: a search's lists follow
    # from its visits), so there is no divergence to tell
    expected, got = _record(["A", "B"], ["B1", "B2"]), _record(["A"], ["B1"])
    lines = explain(
        tree=parse_tree(FIG52),
        conventions=Conventions("minimax", 2),
        expected=expected,
        got=got,
        failed=failed,
    )
    assert lines == [line]


class _Unprintable:
    def __str__(self) -> str:
        raise RuntimeError("no")


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        pytest.param(3, "3", id="int"),
        pytest.param(2.5, "2.5", id="float"),
        pytest.param(float("-inf"), "-inf", id="minus-inf"),
        pytest.param(float("inf"), "inf", id="inf"),
        pytest.param(10**400, "an integer of about 400 digits", id="huge-int"),
        pytest.param(-(10**5000), "-an integer of about 5000 digits", id="too-long-to-print"),
        pytest.param(True, "True", id="bool"),
        pytest.param([1, 2.5], "(1, 2.5)", id="vector"),
        pytest.param(list(range(20)), "(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, ...)", id="long"),
        pytest.param(None, "nothing", id="none"),
        pytest.param("x" * 200, "x" * 77 + "...", id="long-text"),
        pytest.param(_Unprintable(), "<a _Unprintable>", id="unprintable"),
    ],
)
def test_a_value_is_shown_as_a_student_reads_it_and_never_raises(value: Any, shown: str) -> None:
    assert fmt(value) == shown


def test_a_wrong_cut_that_leaves_a_payoff_unread_is_not_called_a_kept_payoff() -> None:
    # TRANSPOSITION: under C, X's last child X2 is skipped (alpha finite there): X2 was
    # read under B, but the root value changes (4, not 6): a wrong cut, not a cache
    lines = said(TRANSPOSITION, "alphabeta", 3, skips_the_last_child_in_a_window, ALL)
    assert not any("keep no payoff" in line or "no pruning" in line for line in lines)
    assert lines[0] == "you stopped after X1 = 3, but X (MAX) still had to look at X2: 3 < beta = 6"


def test_a_wrong_cut_that_reads_a_payoff_twice_is_not_called_a_kept_payoff() -> None:
    # TRANSPOSITION: X searched again from C without X1, X2 read again: the answer is
    # the expected one (7 > 3 either way), but nothing was kept
    lines = said(TRANSPOSITION, "minimax", 3, skips_the_first_child_when_searched_again, ALL)
    assert lines and not any("keep no payoff" in line or "no pruning" in line
                             for line in lines)
