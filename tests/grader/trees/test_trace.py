"""The trace: calls kept flat, read back as pairs, and what follows from them."""

from __future__ import annotations

import gc
from typing import get_args

import pytest

from grader.trees.game import TreeGame
from grader.trees.generate import as_tree, uniform_tree
from grader.trees.trace import QUERY_OPS, VISIT_OPS, Op, Trace
from reference.alphabeta import alphabeta

CALLS = [
    ("is_terminal", "A"),
    ("to_move", "A"),
    ("actions", "A"),
    ("result", "A", "a1"),
    ("utility", "B"),
    ("result", "A", "a2"),
    ("evaluate", "C"),
    ("actions", "A"),  # a repeat is kept
]


def test_the_calls_read_back_in_order_with_repeats() -> None:
    trace = Trace(CALLS)
    assert trace.calls == [call[:2] for call in CALLS]
    assert list(trace) == trace.calls
    assert trace.moves == ["a1", "a2"]
    assert len(trace) == len(CALLS)
    assert trace == Trace(CALLS)
    assert trace != Trace(CALLS[:-1])
    assert trace != Trace([*CALLS[:3], ("result", "A", "a2"), *CALLS[4:]])


def test_what_follows_from_the_calls() -> None:
    trace = Trace(CALLS)
    assert trace.expanded() == ["A"]
    assert trace.evaluated() == ["B", "C"]
    assert trace.visits() == [("actions", "A"), ("utility", "B"), ("evaluate", "C")]
    assert trace.generated() == 2


# A(max) -a1-> B(min) -b1-> X(max) -x1-> X1 = 1   (X is reached twice: a transposition)
#        -a2-> C(min) -c1-> X            -x2-> X2 = 2
#        -a3-> T = 0 (terminal)  -c2-> L
# and in the cases below, B's b2 is X too, its b3 is T, and A's a4 is X.
CHILDREN = {"A": {"a1": "B", "a2": "C", "a3": "T"}, "B": {"b1": "X"},
            "C": {"c1": "X", "c2": "L"}, "X": {"x1": "X1", "x2": "X2"}}
SEARCHES = {
    "plain": (
        [("actions", "A"), ("result", "A", "a1"), ("actions", "B"), ("result", "B", "b1"),
         ("evaluate", "X"), ("result", "A", "a3"), ("utility", "T")],
        ["A", "B"], ["X", "T"],
    ),
    "moves-listed-twice-to-count-them": (
        [("actions", "A"), ("actions", "A"), ("result", "A", "a1"), ("actions", "B"),
         ("actions", "B"), ("result", "B", "b1"), ("evaluate", "X")],
        ["A", "B"], ["X"],
    ),
    "moves-listed-again-at-the-end": (
        [("actions", "A"), ("result", "A", "a3"), ("utility", "T"), ("actions", "A")],
        ["A"], ["T"],
    ),
    "moves-listed-at-a-terminal": (
        [("actions", "A"), ("result", "A", "a3"), ("actions", "T"), ("utility", "T")],
        ["A"], ["T"],
    ),
    "moves-listed-at-the-depth-limit": (
        [("actions", "A"), ("result", "A", "a1"), ("actions", "B"), ("evaluate", "B")],
        ["A"], ["B"],
    ),
    "moves-listed-before-each-child": (
        [("actions", "A"), ("result", "A", "a1"), ("evaluate", "B"), ("actions", "A"),
         ("result", "A", "a2"), ("evaluate", "C")],
        ["A"], ["B", "C"],
    ),
    "children-generated-twice-before-searching": (
        [("actions", "A"), ("result", "A", "a1"), ("result", "A", "a2"), ("result", "A", "a1"),
         ("result", "A", "a2"), ("evaluate", "B"), ("evaluate", "C")],
        ["A"], ["B", "C"],
    ),
    "quiet-position-asked-for-its-noisy-moves": (
        [("evaluate", "X"), ("noisy_actions", "X")],
        [], ["X"],
    ),
    "payoff-asked-twice-at-once": (
        [("utility", "T"), ("utility", "T"), ("evaluate", "X")],
        [], ["T", "X"],
    ),
    "searched-again-without-a-table": (
        [("actions", "A"), ("result", "A", "a1"), ("actions", "B"), ("result", "B", "b1"),
         ("actions", "X"), ("result", "X", "x1"), ("utility", "X1"), ("result", "X", "x2"),
         ("utility", "X2"), ("result", "A", "a2"), ("actions", "C"), ("result", "C", "c1"),
         ("result", "X", "x1"), ("utility", "X1"), ("result", "X", "x2"), ("utility", "X2")],
        ["A", "B", "X", "C", "X"], ["X1", "X2", "X1", "X2"],
    ),
    "one-leaf-reached-by-two-moves": (  # X is B's child by b1 and by b2: evaluated twice
        [("actions", "B"), ("result", "B", "b1"), ("evaluate", "X"), ("result", "B", "b2"),
         ("evaluate", "X")],
        ["B"], ["X", "X"],
    ),
    "best-child-generated-again-at-the-end": (  # getAction's result(s, best) once more
        [("actions", "A"), ("result", "A", "a1"), ("evaluate", "B"), ("result", "A", "a2"),
         ("evaluate", "C"), ("result", "A", "a1")],
        ["A"], ["B", "C"],
    ),
    "best-child-state-kept-after-its-search": (  # best = result(s, a) after searching a
        [("actions", "A"), ("result", "A", "a1"), ("actions", "B"), ("result", "B", "b1"),
         ("evaluate", "X"), ("result", "A", "a1"), ("result", "A", "a2"), ("evaluate", "C")],
        ["A", "B"], ["X", "C"],
    ),
    "children-counted-then-generated-again-one-by-one": (
        [("actions", "A"), ("result", "A", "a1"), ("result", "A", "a2"), ("result", "A", "a1"),
         ("evaluate", "B"), ("result", "A", "a2"), ("evaluate", "C")],
        ["A"], ["B", "C"],
    ),
    "child-searched-again-by-its-parent": (  # the same move taken twice, B searched twice
        [("actions", "A"), ("result", "A", "a1"), ("actions", "B"), ("result", "B", "b1"),
         ("evaluate", "X"), ("result", "A", "a1"), ("actions", "B"), ("result", "B", "b1"),
         ("evaluate", "X")],
        ["A", "B", "A", "B"], ["X", "X"],
    ),
    # A search that generates all of a node's children before it searches any (AIMA's
    # successor list): a child generated early by one parent, and searched first under
    # another, is searched again when the first parent's turn comes (A's a4 is X, B's b3
    # is T), and a node whose children are all generated again is expanded again once.
    "all-children-generated-first-a-node-searched-deeper-first": (
        [("actions", "A"), ("result", "A", "a1"), ("result", "A", "a4"), ("actions", "B"),
         ("result", "B", "b1"), ("actions", "X"), ("result", "X", "x1"), ("result", "X", "x2"),
         ("utility", "X1"), ("utility", "X2"), ("actions", "X"), ("result", "X", "x1"),
         ("result", "X", "x2"), ("utility", "X1"), ("utility", "X2")],
        ["A", "B", "X", "X"], ["X1", "X2", "X1", "X2"],
    ),
    "all-children-generated-first-a-leaf-searched-deeper-first": (
        [("actions", "A"), ("result", "A", "a1"), ("result", "A", "a3"), ("actions", "B"),
         ("result", "B", "b3"), ("utility", "T"), ("utility", "T")],
        ["A", "B"], ["T", "T"],
    ),
    "all-children-generated-first-the-root-searched-again": (
        [("actions", "A"), ("result", "A", "a1"), ("result", "A", "a2"), ("evaluate", "B"),
         ("evaluate", "C"), ("actions", "A"), ("result", "A", "a1"), ("result", "A", "a2"),
         ("evaluate", "B"), ("evaluate", "C")],
        ["A", "A"], ["B", "C", "B", "C"],
    ),
    "all-children-generated-first-a-payoff-asked-again": (
        [("actions", "A"), ("result", "A", "a1"), ("result", "A", "a3"), ("evaluate", "B"),
         ("utility", "T"), ("utility", "T")],
        ["A"], ["B", "T"],
    ),
    "all-children-generated-first-then-each-again-as-it-is-searched": (
        [("actions", "A"), ("result", "A", "a1"), ("result", "A", "a4"), ("result", "A", "a1"),
         ("actions", "B"), ("result", "B", "b1"), ("evaluate", "X"), ("result", "A", "a4"),
         ("evaluate", "X")],
        ["A", "B"], ["X", "X"],
    ),
    "root-searched-again-by-iterative-deepening": (
        [("actions", "A"), ("result", "A", "a1"), ("evaluate", "B"), ("result", "A", "a2"),
         ("evaluate", "C"), ("actions", "A"), ("result", "A", "a1"), ("actions", "B"),
         ("result", "B", "b1"), ("evaluate", "X")],
        ["A", "A", "B"], ["B", "C", "X"],
    ),
}


@pytest.mark.parametrize(
    ("calls", "expanded", "evaluated"),
    [pytest.param(*case, id=name) for name, case in SEARCHES.items()],
)
def test_a_node_is_expanded_when_its_children_are_generated(
    calls: list[tuple[str, ...]], expanded: list[str], evaluated: list[str]
) -> None:
    children = {**CHILDREN, "A": {**CHILDREN["A"], "a4": "X"},
                "B": {"b1": "X", "b2": "X", "b3": "T"}}
    trace = Trace(calls, children=children)
    assert trace.expanded() == expanded
    assert trace.evaluated() == evaluated


def test_an_expansion_is_named_by_the_listing_before_it() -> None:
    trace = Trace([("evaluate", "X"), ("noisy_actions", "X"), ("result", "X", "x1"),
                   ("utility", "X1"), ("result", "A", "a1")])
    assert trace.visits() == [
        ("evaluate", "X"), ("noisy_actions", "X"), ("utility", "X1"), ("actions", "A")
    ]


def test_recording_a_call_appends_it() -> None:
    trace = Trace()
    trace.record("actions", "A")
    trace.record("utility", "B")
    assert trace.calls == [("actions", "A"), ("utility", "B")]


def test_a_traced_search_builds_no_object_a_call() -> None:
    # the game appends existing strings; only the search's own results are new objects,
    # so the garbage collector's count of new tracked objects stays flat
    tree = as_tree(uniform_tree(4, 4, seed=3))
    game = TreeGame(tree)
    gc.collect()
    before = gc.get_count()[0]
    alphabeta(game, tree.root, 4)
    assert len(game.trace) > 300
    assert gc.get_count()[0] - before < 50


def test_every_op_is_a_visit_or_a_query_or_result() -> None:
    ops = set(get_args(Op))
    assert ops == VISIT_OPS | QUERY_OPS | {"result"}
    assert not VISIT_OPS & QUERY_OPS
