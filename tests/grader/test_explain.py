"""The first divergence, in words: one small drawn tree per message of :mod:`grader.explain`.

Each case runs the reference and one known wrong variant (or a hand-written search) on a
traced game and asks :func:`explain` about the two records.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from grader.explain import Conventions, explain, fmt
from grader.game import TreeGame
from grader.record import SearchRecord, make_record
from grader.tree import parse_tree
from reference.registry import search
from reference.variants import Fault, variants_for
from tests.reference.runs import full

Agent = Callable[[Any, Any, int], tuple[Any, Any]]
ALL = ["value", "action", "expanded", "evaluated", "prunes"]

# fig 5.2:  A(max) -> B(min): 3 12 8 | C(min): 2 4 6 | D(min): 14 5 2
FIG52 = {"format": "game-tree/1", "nested": [[3, 12, 8], [2, 4, 6], [14, 5, 2]]}
# A(max, eval 0) -a1-> B(min, eval 4) -b1-> B1 = 3, -b2-> B2 = 9
#                -a2-> C(min, eval 6) -c1-> C1 = 5, -c2-> C2 = 1
CUTOFF = full("A", {
    "A": {"to_move": 0, "children": {"a1": "B", "a2": "C"}, "eval": 0},
    "B": {"to_move": 1, "children": {"b1": "B1", "b2": "B2"}, "eval": 4},
    "C": {"to_move": 1, "children": {"c1": "C1", "c2": "C2"}, "eval": 6},
    "B1": {"utility": 3}, "B2": {"utility": 9}, "C1": {"utility": 5}, "C2": {"utility": 1},
})
# ties: A(max) -> B(min): 5 7 5 | C(min): 6 5 8 | D(min): 9 5;  every root move is worth 5
ROOT_TIES = {"format": "game-tree/1", "nested": [[5, 7, 5], [6, 5, 8], [9, 5]]}
# 3 players, bound 10: A(p0) -a1-> B(p1) -b1-> E = (3, 3, 4)
#                            -a2-> F(p1) -f1-> F1 = (2, 7, 1), -f2-> F2 = (0, 1, 9)
# A's best after B is 3 for p0, so F's p1 bound is 10 - 3 = 7: F1 gives p1 7, F2 is pruned
MAXN = full("A", {
    "A": {"to_move": 0, "children": {"a1": "B", "a2": "F"}},
    "B": {"to_move": 1, "children": {"b1": "E"}},
    "F": {"to_move": 1, "children": {"f1": "F1", "f2": "F2"}},
    "E": {"utility": [3, 3, 4]}, "F1": {"utility": [2, 7, 1]}, "F2": {"utility": [0, 1, 9]},
}, players=3)
# quiescence, depth 1: A(max) -a1-> B(min, eval 2, noisy b1) -b1-> B1 (max, eval 8, quiet)
#                                                       -b2-> B2 (max, eval 2)
#                           -a2-> C(min, eval 1, quiet) -c1-> C1 = 0
# B stands pat at 2 (capturing b1 only helps MAX); C is quiet: 1. A = 2 by a1
QUIET_NODES: dict[str, Any] = {
    "A": {"to_move": 0, "children": {"a1": "B", "a2": "C"}},
    "B": {"to_move": 1, "children": {"b1": "B1", "b2": "B2"}, "eval": 2, "noisy": ["b1"]},
    "B1": {"to_move": 0, "children": {"b11": "B11"}, "eval": 8},
    "B2": {"to_move": 0, "children": {"b21": "B21"}, "eval": 2},
    "C": {"to_move": 1, "children": {"c1": "C1"}, "eval": 1},
    "B11": {"utility": 9}, "B21": {"utility": 1}, "C1": {"utility": 0},
}
QUIET = full("A", QUIET_NODES)
# QUIET, but B1 (eval 1, under B's stand-pat 2: no cut) has a noisy b11 too: with
# quiescence_depth 1, B1 stands pat, where a search without the limit captures on
QUIET_DEEP = full("A", {**QUIET_NODES, "B1": {"to_move": 0, "children": {"b11": "B11"},
                                              "eval": 1, "noisy": ["b11"]}})


def record(data: dict[str, Any], agent: Agent, depth: int) -> SearchRecord:
    tree = parse_tree(data)
    game = TreeGame(tree)
    value, action = agent(game, tree.root, depth)
    return make_record(tree, game.trace, value, action, depth_plies=depth)


def said(data: dict[str, Any], algorithm: str, depth: int, agent: Agent,
         failed: list[str] | None = None, **conventions: Any) -> list[str]:
    expected = record(data, lambda g, s, d: search(algorithm, g, s, d, **conventions), depth)
    got = record(data, agent, depth)
    conv = Conventions(algorithm=algorithm, depth=depth,
                       prune_on_equality=conventions.get("prune_on_equality", True))
    return explain(tree=parse_tree(data), conventions=conv, expected=expected, got=got,
                   failed=failed or ALL)


def variant(algorithm: str, fault: Fault, **conventions: Any) -> Agent:
    found = next(v for v in variants_for(algorithm) if v.fault is fault)
    return lambda game, state, depth: found.search(game, state, depth, **conventions)


def stops_after_first_child(game: Any, state: Any, depth: int) -> tuple[Any, Any]:
    """A minimax that searches only the root's first move."""
    return search("minimax", game, game.result(state, "a1"), depth - 1)[0], "a1"


def stops_after_second_child(game: Any, state: Any, depth: int) -> tuple[Any, Any]:
    """A minimax that searches the root's first two moves only."""
    values = [search("minimax", game, game.result(state, a), depth - 1)[0]
              for a in game.actions(state)[:2]]
    return max(values), game.actions(state)[values.index(max(values))]


def leaves_b_early(game: Any, state: Any, depth: int) -> tuple[Any, Any]:
    """A minimax whose MIN nodes look only at their first child."""
    values = []
    for a in game.actions(state):
        child = game.result(state, a)
        first = game.actions(child)[0]
        values.append(game.utility(game.result(child, first), 0))
    return max(values), game.actions(state)[values.index(max(values))]


CASES = [
    pytest.param(  # C1 = 2 <= alpha = 3 cuts C
        FIG52, "alphabeta", 2, variant("alphabeta", Fault.NO_PRUNING), {},
        "after evaluating C1 = 2 you evaluated C2, but 2 <= alpha = 3 at C (MIN), so C's "
        "remaining children are pruned", id="searched-a-pruned-child",
    ),
    pytest.param(  # pruning only on >, C1 = 3 = alpha does not cut C
        {"format": "game-tree/1", "nested": [[3, 5], [3, 9, 1], [2, 7]]}, "alphabeta", 2,
        variant("alphabeta", Fault.PRUNE_ON_EQUALITY), {"prune_on_equality": False},
        "you left C after C1 = 3, but C (MIN) still had to look at C2: 3 >= alpha = 3",
        id="left-a-node-early-window",
    ),
    pytest.param(
        FIG52, "minimax", 2, leaves_b_early, {},
        "you left B after B1 = 3, but B (MIN) still had to look at B2: minimax searches "
        "every child", id="left-a-node-early-minimax",
    ),
    pytest.param(
        FIG52, "alphabeta", 2, variant("alphabeta", Fault.RIGHT_TO_LEFT), {},
        "you searched D before B: children are searched in the order actions() lists them",
        id="out-of-order",
    ),
    pytest.param(  # one ply short: B evaluated at depth 1
        CUTOFF, "minimax", 2, variant("minimax", Fault.DEPTH_MINUS_ONE), {},
        "you evaluated B (depth cut-off) but B is at depth 1 of 2: search one ply deeper",
        id="cut-off-early",
    ),
    pytest.param(  # one ply deep: B searched at the limit
        CUTOFF, "minimax", 1, variant("minimax", Fault.DEPTH_PLUS_ONE), {},
        "you expanded B, but B is at depth 1 of 1, the depth limit: evaluate it there",
        id="cut-off-late",
    ),
    pytest.param(
        FIG52, "minimax", 2, stops_after_first_child, {},
        "you stopped after searching B, but A (MAX) still had to look at C: "
        "minimax searches every child", id="not-depth-first",
    ),
    pytest.param(  # the last child searched is named, not the one before it
        FIG52, "minimax", 2, stops_after_second_child, {},
        "you stopped after searching C, but A (MAX) still had to look at D: "
        "minimax searches every child", id="stops-after-second-child",
    ),
    pytest.param(  # bound 10: F1 gives player 1 its bound 10 - 3 = 7, so F2 is pruned
        MAXN, "maxn", 2, variant("maxn", Fault.NO_PRUNING, utility_bound=10),
        {"utility_bound": 10},
        "after evaluating F1 = (2, 7, 1) you evaluated F2, which the reference does not "
        "search: it prunes F's remaining children", id="maxn-pruned-child",
    ),
    pytest.param(
        QUIET, "quiescence", 1, variant("quiescence", Fault.NO_STAND_PAT), {},
        "at B (the horizon, not quiet) you skipped the stand-pat: evaluate B first, then "
        "search only its noisy moves", id="no-stand-pat",
    ),
    pytest.param(
        QUIET, "quiescence", 1, variant("quiescence", Fault.NO_QUIESCENCE), {},
        "you stopped at B = 2, but B is not quiet: search its noisy moves", id="no-quiescence",
    ),
    pytest.param(
        QUIET, "quiescence", 1, variant("quiescence", Fault.QUIET_MOVES_TOO), {},
        "at B, past the horizon, you searched every move: search only noisy_actions()",
        id="quiet-moves-too",
    ),
    pytest.param(
        QUIET_DEEP, "quiescence", 1, variant("quiescence", Fault.NO_QUIESCENCE_LIMIT),
        {"quiescence_depth": 1},
        "at B1 = 1 you searched its noisy moves, where the reference stands pat: past the "
        "quiescence limit (game.quiescence_depth), return the evaluation",
        id="past-the-quiescence-limit",
    ),
]


@pytest.mark.parametrize(("data", "algorithm", "depth", "agent", "conventions", "first"), CASES)
def test_the_first_line_names_the_first_divergence(
    data: dict[str, Any], algorithm: str, depth: int, agent: Agent,
    conventions: dict[str, Any], first: str | None,
) -> None:
    assert said(data, algorithm, depth, agent, **conventions)[0] == first


def test_a_tie_kept_last_is_said_so() -> None:
    lines = said(ROOT_TIES, "minimax", 2, variant("minimax", Fault.TIES_LAST), ["action"])
    assert lines == [
        "root action: expected a1, got a3 (on a tie, keep the first best action in action order)"
    ]


def test_more_visits_than_minimax_is_said_never_a_negative_count() -> None:
    # one ply too deep on CUTOFF at depth 1: minimax visits A B C (3); this search 7
    lines = said(CUTOFF, "alphabeta", 1, variant("alphabeta", Fault.DEPTH_PLUS_ONE), ["prunes"])
    assert lines[-1] == (
        "prunes: expected 0, but your search made 4 more visits than plain minimax makes at "
        "this depth: it visited positions minimax never visits (below the depth limit) or "
        "searched some again"
    )
    assert "-" not in lines[-1]


@pytest.mark.parametrize(("value", "shown"), [
    pytest.param(3, "3", id="int"), pytest.param(2.5, "2.5", id="float"),
    pytest.param(float("-inf"), "-inf", id="minus-inf"),
    pytest.param(10**400, "an integer of about 400 digits", id="huge-int"),
    pytest.param(-(10**5000), "-an integer of about 5000 digits", id="too-long-to-print"),
    pytest.param(True, "True", id="bool"), pytest.param([1, 2.5], "(1, 2.5)", id="vector"),
    pytest.param(list(range(20)), "(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, ...)", id="long"),
    pytest.param(None, "nothing", id="none"), pytest.param("x" * 200, "x" * 77 + "...",
                                                           id="long-text"),
])
def test_a_value_is_shown_as_a_student_reads_it_and_never_raises(value: Any,
                                                                 shown: str) -> None:
    assert fmt(value) == shown


def test_a_search_expected_past_minimax_depth_is_told_in_visits() -> None:
    # quiescence at depth 1 on QUIET visits A, B, B (noisy), B1, C: past where minimax
    # stops (A, B, C), so its own prune count is below zero; no stand-pat at B: A B B1 C
    lines = said(QUIET, "quiescence", 1, variant("quiescence", Fault.NO_STAND_PAT), ["prunes"])
    assert lines[-1] == (
        "visits: expected 5, got 4 (the expected search goes on past the depth where plain "
        "minimax stops)"
    )


def visits_record(*visits: tuple[str, str]) -> SearchRecord:
    """A record of the given visits alone (the answer plays no part in the first line)."""
    return SearchRecord(value=3, action="a1", expanded=[n for o, n in visits if o == "actions"],
                        evaluated=[n for o, n in visits if o != "actions"], generated=0,
                        prunes=0, visits=list(visits))  # type: ignore[arg-type]


FIG52_MINIMAX = [("actions", "A"), ("actions", "B"), ("utility", "B1"), ("utility", "B2")]


@pytest.mark.parametrize(("got", "first"), [
    pytest.param([("actions", "A"), ("actions", "B"), ("actions", "B1")],
                 "you expanded B1, but B1 is terminal: take its utility", id="terminal-expanded"),
    pytest.param([("actions", "A"), ("actions", "B"), ("evaluate", "B1")],
                 "at B1 you called evaluate(), where the reference calls utility()",
                 id="another-call"),
    pytest.param([], "visit 1: you stopped; the reference expanded A", id="nothing-visited"),
    pytest.param([*FIG52_MINIMAX, ("utility", "C1")],
                 "visit 5: you evaluated C1; the reference had stopped", id="went-on"),
])
def test_the_first_line_of_a_drawn_trace(got: list[tuple[str, str]], first: str) -> None:
    # fig 5.2 (minimax, depth 2), the expected visits cut to A, B, B1, B2
    lines = explain(tree=parse_tree(FIG52), conventions=Conventions("minimax", 2),
                    expected=visits_record(*FIG52_MINIMAX), got=visits_record(*got),
                    failed=["expanded"])
    assert lines[0] == first
