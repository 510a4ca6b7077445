"""The trace: calls kept flat, read back as pairs, and what follows from them."""

from __future__ import annotations

import gc

from grader.game import TreeGame
from grader.generate import as_tree, uniform_tree
from grader.trace import Trace
from reference.alphabeta import alphabeta

CALLS = [
    ("is_terminal", "A"),
    ("to_move", "A"),
    ("actions", "A"),
    ("result", "A"),
    ("utility", "B"),
    ("result", "A"),
    ("evaluate", "C"),
    ("actions", "A"),  # a repeat is kept
]


def test_the_calls_read_back_in_order_with_repeats() -> None:
    trace = Trace(CALLS)
    assert trace.calls == CALLS
    assert list(trace) == CALLS
    assert len(trace) == len(CALLS)
    assert trace == Trace(CALLS)
    assert trace != Trace(CALLS[:-1])


def test_what_follows_from_the_calls() -> None:
    trace = Trace(CALLS)
    assert trace.expanded() == ["A", "A"]
    assert trace.evaluated() == ["B", "C"]
    visits = [("actions", "A"), ("utility", "B"), ("evaluate", "C"), ("actions", "A")]
    assert trace.visits() == visits
    assert trace.generated() == 2


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
