"""Transposition table: a state reached again is answered from the table, exact or bound."""

from __future__ import annotations

from tests.reference.runs import full, run

# A(max) -a1-> B(min) -b1-> D(max) -d1-> D1 = 3, -d2-> D2 = 5    D = 5, exact (full window)
#                     -b2-> E = 8                                B = 5, alpha = 5
#        -a2-> C(min) -c1-> D   (again: 5 from the table)        5 <= alpha: cut, F pruned
#                     -c2-> F = 2
#  A = 5 by a1 (the tie with C keeps the first)
EXACT = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "C"}},
        "B": {"to_move": 1, "children": {"b1": "D", "b2": "E"}},
        "C": {"to_move": 1, "children": {"c1": "D", "c2": "F"}},
        "D": {"to_move": 0, "children": {"d1": "D1", "d2": "D2"}},
        "D1": {"utility": 3},
        "D2": {"utility": 5},
        "E": {"utility": 8},
        "F": {"utility": 2},
    },
)

# A(max) -a1-> P = 6                                  alpha = 6
#        -a2-> B(min) -b1-> D(max) -d1-> 3, -d2-> 4   D fails low in [6, inf]: upper bound 6
#                     -b2-> G = 0                     B cut after D (6 <= alpha)
#        -a3-> C(min) -c1-> D                         table: D <= 6, window [6, 6] closes: 6
#                     -c2-> H = 1
#  A = 6 by a1
UPPER_BOUND = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "P", "a2": "B", "a3": "C"}},
        "B": {"to_move": 1, "children": {"b1": "D", "b2": "G"}},
        "C": {"to_move": 1, "children": {"c1": "D", "c2": "H"}},
        "D": {"to_move": 0, "children": {"d1": "D1", "d2": "D2"}},
        "P": {"utility": 6},
        "D1": {"utility": 3},
        "D2": {"utility": 4},
        "G": {"utility": 0},
        "H": {"utility": 1},
    },
)

# A(max) -a1-> B(min) -b1-> D(max) -d1-> E(min, eval 7) -e1-> E1 = 0
#                                  -d2-> D2 = 3
#        -a2-> D
# depth 3: via a1, D has 1 ply to go: E is evaluated, D = 7 is stored for depth 1.
# Via a2, D has 2 plies to go: the entry is too shallow, so D is searched again
# (E = 0 <= alpha 7 cuts E; D = 7).  A = 7 by a1.
TOO_SHALLOW = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "D"}},
        "B": {"to_move": 1, "children": {"b1": "D"}},
        "D": {"to_move": 0, "children": {"d1": "E", "d2": "D2"}},
        "E": {"to_move": 1, "children": {"e1": "E1"}, "eval": 7},
        "E1": {"utility": 0},
        "D2": {"utility": 3},
    },
)


def test_exact_entry_answers_a_transposition() -> None:
    got = run("transposition", EXACT, 3)
    assert (got.value, got.action) == (5, "a1")
    assert got.expanded == ["A", "B", "D", "C"]
    assert got.evaluated == ["D1", "D2", "E"]
    plain = run("alphabeta", EXACT, 3)
    assert plain.expanded == ["A", "B", "D", "C", "D"]  # without the table D is searched again


def test_bound_entry_closes_the_window() -> None:
    got = run("transposition", UPPER_BOUND, 3)
    assert (got.value, got.action) == (6, "a1")
    assert got.expanded == ["A", "B", "D", "C"]
    assert got.evaluated == ["P", "D1", "D2"]


def test_entry_searched_shallower_is_not_used() -> None:
    got = run("transposition", TOO_SHALLOW, 3)
    assert (got.value, got.action) == (7, "a1")
    assert got.expanded == ["A", "B", "D", "D", "E"]
    assert got.evaluated == ["E", "D2", "E1", "D2"]
