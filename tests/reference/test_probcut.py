"""ProbCut: at the nodes of one height, shallow null-window searches predict a cut-off."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grader.trees.game import TreeGame
from grader.trees.tree import Tree, parse_tree
from reference.probcut import probcut
from tests.reference.runs import full, is_subsequence, run
from tests.reference.test_properties import CONVENTIONS, PROPERTY, Case, searches

ORDERS = ("beta", "alpha", "mover", "opponent")


def two_ply(root_mover: int, *children: tuple[str, float, list[float]]) -> dict[str, Any]:
    """A root and one node a child, each with an eval and its leaves ``<name>1``, ... ."""
    nodes: dict[str, Any] = {
        "A": {"to_move": root_mover, "children": {f"a{i}": c for i, (c, _, _) in
                                                  enumerate(children, 1)}},
    }
    for name, value, leaves in children:
        nodes[name] = {"to_move": 1 - root_mover, "eval": value,
                       "children": {f"x{i}": f"{name}{i}" for i in range(1, len(leaves) + 1)}}
        nodes.update({f"{name}{i}": {"utility": u} for i, u in enumerate(leaves, 1)})
    return full("A", nodes)


ONE_PLY = {"probcut_depth": 1, "probcut_shallow": 0}

# A(max) -a1-> B(min, eval 9): 5, 7        B = 5 (open window: no test), alpha = 5
#        -a2-> C(min, eval 1): 6, 2        1 <= 5 - 1: C cut off with 5
#        -a3-> D(min, eval 6): 4, 9        6 > 4: D searched, 4 <= 5 cuts; A = 5 by a1
LOW_CUT = two_ply(0, ("B", 9, [5, 7]), ("C", 1, [6, 2]), ("D", 6, [4, 9]))
# A(min) -a1-> B(max, eval 0): 3, 4        B = 4, beta = 4
#        -a2-> C(max, eval 8): 2, 3        8 >= 4 + 1: C cut off with 4 (it is worth 3)
#        -a3-> D(max, eval 5): 1, 6        5 >= 4 + 1, exactly: cut off too; A = 4 by a1
HIGH_CUT = two_ply(1, ("B", 0, [3, 4]), ("C", 8, [2, 3]), ("D", 5, [1, 6]))
# A(max) -a1-> B(min, eval 3): 5, 7        B = 5, alpha = 5
#        -a2-> C(min, eval 4): 6, 8        C is worth 6: cut off only if 4 <= 5 - t * sigma
MARGIN = two_ply(0, ("B", 3, [5, 7]), ("C", 4, [6, 8]))
# A(max) -a1-> B(min, eval 0): 5, 6        B = 5, alpha = 5
#        -a2-> C(min, eval 5): 7, 9        a = 0.5, b = 1: 0.5 * 5 + 1 = 3.5 <= 5 - 1
SCALED = two_ply(0, ("B", 0, [5, 6]), ("C", 5, [7, 9]))
# A(max) -a1-> B(min) -b1-> B1(max): 5, 6 | -b2-> B2(max): 7, 2       B = 6, alpha = 6
#        -a2-> C(min) -c1-> C1(max, eval 1) | -c2-> C2(eval 2) | -c3-> C3(eval 8)
# d = 2, d' = 1: C's test against alpha searches C one ply with (5, 6): C1's 1 <= 5 cuts
# that search at once, and 5 <= 5 cuts C off with 6
SHALLOW = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "C"}},
        "B": {"to_move": 1, "children": {"b1": "B1", "b2": "B2"}, "eval": 4},
        "B1": {"to_move": 0, "children": {"x": "B1x", "y": "B1y"}, "eval": 5},
        "B2": {"to_move": 0, "children": {"x": "B2x", "y": "B2y"}, "eval": 7},
        "C": {"to_move": 1, "children": {"c1": "C1", "c2": "C2", "c3": "C3"}, "eval": 3},
        "C1": {"to_move": 0, "children": {"x": "C1x"}, "eval": 1},
        "C2": {"to_move": 0, "children": {"x": "C2x"}, "eval": 2},
        "C3": {"to_move": 0, "children": {"x": "C3x"}, "eval": 8},
        "B1x": {"utility": 5}, "B1y": {"utility": 6}, "B2x": {"utility": 7},
        "B2y": {"utility": 2}, "C1x": {"utility": 3}, "C2x": {"utility": 9},
        "C3x": {"utility": 0},
    },
)


@pytest.mark.parametrize(
    ("data", "conventions", "value", "action", "evaluated"),
    [
        pytest.param(LOW_CUT, ONE_PLY, 5, "a1", ["B1", "B2", "C", "D", "D1"], id="below-alpha"),
        pytest.param(HIGH_CUT, ONE_PLY, 4, "a1", ["B1", "B2", "C", "D"], id="above-beta"),
        # t * sigma = 2: 4 > 5 - 2, C is searched and a2 wins
        pytest.param(MARGIN, {**ONE_PLY, "probcut_t": 2}, 6, "a2", ["B1", "B2", "C", "C1", "C2"],
                     id="margin-keeps"),
        # t * sigma = 0.5: 4 <= 4.5, the better move is cut off
        pytest.param(MARGIN, {**ONE_PLY, "probcut_sigma": 0.5}, 5, "a1", ["B1", "B2", "C"],
                     id="margin-cuts"),
        pytest.param(SCALED, {**ONE_PLY, "probcut_a": 0.5, "probcut_b": 1}, 5, "a1",
                     ["B1", "B2", "C"], id="scaled"),
        # unscaled, 5 > 4 and C's 7 wins
        pytest.param(SCALED, ONE_PLY, 7, "a2", ["B1", "B2", "C", "C1", "C2"], id="unscaled"),
        pytest.param(SHALLOW, {"probcut_depth": 2, "probcut_shallow": 1}, 6, "a1",
                     ["B1x", "B1y", "B2x", "C1"], id="null-window-shallow-search"),
    ],
)
def test_probcut_by_hand(
    data: dict[str, Any], conventions: dict[str, Any], value: Any, action: str,
    evaluated: list[str],
) -> None:
    got = run("probcut", data, 3 if data is SHALLOW else 2, **conventions)
    assert (got.value, got.action, got.evaluated) == (value, action, evaluated)


def test_no_test_is_made_against_an_infinite_bound() -> None:
    # at depth 1 the root has one ply to go, but its window is open: nothing is searched twice
    got = run("probcut", LOW_CUT, 1, **ONE_PLY)
    assert got.visits == [("actions", "A"), ("evaluate", "B"), ("evaluate", "C"),
                          ("evaluate", "D")]
    assert (got.value, got.action) == (9, "a1")


def test_a_node_is_searched_again_after_its_shallow_search() -> None:
    # t * sigma = 10: C's test searches C one ply with (-4, -3) and reads 1, 2, 8: no cut;
    # C is expanded twice, once by the shallow search, once in full
    got = run("probcut", SHALLOW, 3, probcut_depth=2, probcut_shallow=1, probcut_t=10)
    assert got.expanded.count("C") == 2
    # the shallow search's leaves, then in full C1x = 3 <= alpha = 6 cuts C
    assert got.evaluated[-4:] == ["C1", "C2", "C3", "C1x"]
    assert (got.value, got.action) == (6, "a1")


@pytest.mark.parametrize(
    ("options", "words"),
    [
        pytest.param({"probcut_shallow": 2}, "less than probcut_depth", id="shallow-not-less"),
        pytest.param({"probcut_depth": -1}, "probcut_depth", id="negative-depth"),
        pytest.param({"probcut_shallow": 0.5}, "probcut_shallow", id="fractional-shallow"),
        pytest.param({"probcut_a": 0}, "probcut_a > 0", id="zero-slope"),
        pytest.param({"probcut_sigma": -1}, "probcut_sigma >= 0", id="negative-sigma"),
        pytest.param({"probcut_t": math.inf}, "probcut_t must be finite", id="infinite-t"),
        pytest.param({"probcut_b": "1"}, "probcut_b must be a number", id="text-offset"),
        pytest.param({"probcut_order": "gamma"}, "probcut_order", id="unknown-order"),
    ],
)
def test_preconditions_name_the_bad_convention(options: dict[str, Any], words: str) -> None:
    tree = parse_tree(LOW_CUT)
    with pytest.raises(ValueError, match=words):
        probcut(TreeGame(tree), tree.root, 2, **options)


def test_a_two_player_game_only() -> None:
    three = full("A", {"A": {"to_move": 0, "children": {"a": "B"}}, "B": {"utility": [1, 2, 3]}},
                 players=3)
    tree = parse_tree(three)
    with pytest.raises(ValueError, match="two-player"):
        probcut(TreeGame(tree), tree.root, 1)


# --- an independent formulation ---------------------------------------------------------


@dataclass(frozen=True)
class Rule:
    """ProbCut's conventions, exact in binary so any order of arithmetic agrees."""

    height: int
    shallow: int
    a: float
    b: float
    sigma: float
    t: float

    def keywords(self) -> dict[str, Any]:
        return {"probcut_depth": self.height, "probcut_shallow": self.shallow,
                "probcut_a": self.a, "probcut_b": self.b, "probcut_sigma": self.sigma,
                "probcut_t": self.t}


@st.composite
def rules(draw: st.DrawFn, depth: int) -> Rule:
    height = draw(st.integers(1, max(depth, 1)))
    return Rule(height, draw(st.integers(0, height - 1)),
                draw(st.sampled_from((0.5, 1.0, 2.0))), draw(st.integers(-2, 2)),
                draw(st.sampled_from((0.0, 0.5, 1.0, 2.0))),
                draw(st.sampled_from((0.0, 1.0, 1.5, 2.0))))


@st.composite
def probcut_cases(draw: st.DrawFn) -> tuple[Case, Rule]:
    case = draw(searches())
    return case, draw(rules(case.depth))


def leaf_value(tree: Tree, nid: str, depth: int) -> float | None:
    """Player 0's payoff where the search stops at ``nid`` (None: it goes on)."""
    node = tree.nodes[nid]
    if node.utility is not None:
        return node.utility[0]
    if depth == 0:
        assert node.eval is not None
        return node.eval[0]
    return None


def minimax_value(tree: Tree, nid: str, depth: int) -> float:
    """Plain minimax of ``nid`` to ``depth`` plies, for player 0."""
    leaf = leaf_value(tree, nid, depth)
    if leaf is not None:
        return leaf
    node = tree.nodes[nid]
    values = [minimax_value(tree, c, depth - 1) for c in node.children]
    return max(values) if node.to_move == 0 else min(values)


def independent(tree: Tree, nid: str, depth: int, alpha: float, beta: float,
                rule: Rule) -> float:
    """Fail-hard alpha-beta whose ProbCut decides on the exact shallow minimax value."""
    leaf = leaf_value(tree, nid, depth)
    if leaf is not None:
        return leaf
    node = tree.nodes[nid]
    if depth == rule.height:
        predicted = rule.a * minimax_value(tree, nid, rule.shallow) + rule.b
        margin = rule.t * rule.sigma
        if beta < math.inf and predicted - margin >= beta:
            return beta
        if alpha > -math.inf and predicted + margin <= alpha:
            return alpha
    for child in node.children:
        value = independent(tree, child, depth - 1, alpha, beta, rule)
        if node.to_move == 0:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha >= beta:
            break
    return alpha if node.to_move == 0 else beta


@PROPERTY
@given(probcut_cases())
def test_the_value_is_the_independent_formulations(drawn: tuple[Case, Rule]) -> None:
    # a null-window test at B reads "v' >= B" exactly, whatever else it prunes, so the
    # decisions, and the value, are those of a ProbCut deciding on the exact v'
    (case, rule), tree = drawn, drawn[0].tree
    expected = independent(tree, tree.root, case.depth, -math.inf, math.inf, rule)
    answers = set()
    for conv in CONVENTIONS:
        for order in ORDERS:
            got = run("probcut", tree, case.depth, probcut_order=order, **conv,
                      **rule.keywords())
            assert got.value == expected, (conv, order)
            answers.add(got.action)
    assert len(answers) == 1  # fail-hard or fail-soft, either order: the same move


@PROPERTY
@given(probcut_cases())
def test_with_no_cut_possible_probcut_is_alphabeta(drawn: tuple[Case, Rule]) -> None:
    case, rule = drawn
    never = Rule(rule.height, rule.shallow, rule.a, rule.b, sigma=1.0, t=1e6)
    for conv in CONVENTIONS:
        plain = run("alphabeta", case.tree, case.depth, **conv)
        got = run("probcut", case.tree, case.depth, **conv, **never.keywords())
        assert (got.value, got.action) == (plain.value, plain.action), conv
        # the same search, with the shallow searches' visits in between
        assert is_subsequence(plain.visits, got.visits), conv


def at_ply(tree: Tree, ply: int) -> set[str]:
    """The non-terminal nodes ``ply`` plies below the root."""
    layer = {tree.root}
    for _ in range(ply):
        layer = {c for n in layer for c in tree.nodes[n].children}
    return {n for n in layer if tree.nodes[n].utility is None}


@PROPERTY
@given(probcut_cases())
def test_an_honest_sigma_gives_the_minimax_value(drawn: tuple[Case, Rule]) -> None:
    # sigma at least the largest error of the prediction where ProbCut is tried: every cut
    # is right, so the value is minimax's
    (case, rule), tree = drawn, drawn[0].tree
    errors = [
        abs(minimax_value(tree, n, rule.height)
            - (rule.a * minimax_value(tree, n, rule.shallow) + rule.b))
        for n in at_ply(tree, case.depth - rule.height)
    ]
    honest = Rule(rule.height, rule.shallow, rule.a, rule.b, max(errors, default=0.0), 1.0)
    got = run("probcut", tree, case.depth, **honest.keywords())
    assert got.value == minimax_value(tree, tree.root, case.depth)
