"""Known wrong variants: each is its reference with one fault, and is named wherever it shows.

The acceptance test runs every variant of a family as a student's agent (it reads the
conventions from ``game`` as a submission does) on every test of the built-in assignment
of its family, and asks the diagnosis about the record: where it differs from the
reference's, the variant must be named (alone, or with others that give the very same
record); where it does not, nothing may be claimed.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest

from grader.authoring.assignment import load_assignment
from grader.authoring.golden import load_golden
from grader.errors import GameError
from grader.feedback.diagnosis import diagnose
from grader.grading.scoring import values_match
from grader.trees.game import TreeGame
from grader.trees.record import SearchRecord, make_record
from grader.trees.tree import Tree, load_tree, parse_tree
from reference.algorithms import ALGORITHMS, search
from reference.conventions import CONVENTIONS, plies
from reference.variants import FAMILIES, Fault, Variant, variants_for
from reference.variants.faults import run_engine
from tests.reference.runs import full, student_game

Agent = Callable[[Any, Any, int], tuple[Any, Any]]


@dataclass(frozen=True)
class Case:
    """One test of a built-in assignment (or a drawn tree): what a submission is run on."""

    family: str
    test: str
    tree: Tree
    depth: int
    conventions: dict[str, Any]
    golden: SearchRecord

    @property
    def depth_plies(self) -> int:
        return plies(self.depth, self.conventions.get("depth_unit", "ply"), self.tree.players)


@cache
def builtin_cases(family: str) -> tuple[Case, ...]:
    loaded = load_assignment(family)
    return tuple(
        Case(
            family=family,
            test=spec.name,
            tree=load_tree(loaded.tree_path(spec)),
            depth=spec.depth,
            conventions=spec.conventions(),
            golden=load_golden(loaded.golden_path(spec)).record,
        )
        for spec in loaded.spec.tests
    )


def drawn_case(
    name: str, data: dict[str, Any], family: str, depth: int, **conventions: Any
) -> Case:
    """A drawn tree whose expected record is the reference's."""
    tree = parse_tree(data)
    game = TreeGame(tree)
    value, action = search(family, game, tree.root, depth, **conventions)
    golden = make_record(tree, game.trace, value, action, depth_plies=depth)
    return Case(family, name, tree, depth, conventions, golden)


# A(max) -a1-> B(chance) -b1 (1/2)-> B1 = 2
#                        -b2 (1/2)-> B2 = 8      B = 5 (max at chance: 8)
#        -a2-> C(chance) -c1 (1/2)-> C1 = 6
#                        -c2 (1/2)-> C2 = 6      C = 6
#        -a3-> D(min)    -d1-> D1 = 6, -d2-> D2 = 7      D = 6
#                                                  A = 6 by a2 (max at chance: 8 by a1)
CHANCE = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "C", "a3": "D"}},
        "B": {"chance": True, "children": {"b1": "B1", "b2": "B2"},
              "probabilities": {"b1": 0.5, "b2": 0.5}, "eval": 1},
        "C": {"chance": True, "children": {"c1": "C1", "c2": "C2"},
              "probabilities": {"c1": 0.5, "c2": 0.5}, "eval": 3},
        "D": {"to_move": 1, "children": {"d1": "D1", "d2": "D2"}, "eval": 2},
        "B1": {"utility": 2}, "B2": {"utility": 8}, "C1": {"utility": 6},
        "C2": {"utility": 6}, "D1": {"utility": 6}, "D2": {"utility": 7},
    },
)

# A(max) -a1-> B(min) -b1-> X(chance) -x1 (1/4)-> X1 = 4, -x2 (3/4)-> X2 = 0   X = 1
#                     -b2-> B2 = 3                                             B = 1
#        -a2-> C(chance, eval 1) -c1 (1/2)-> C1 = 1, -c2 (1/2)-> C2 = 1        C = 1
#                                          A = 1, a tie: a1 first (a2 for the last)
TIES = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "C"}},
        "B": {"to_move": 1, "children": {"b1": "X", "b2": "B2"}, "eval": 0},
        "X": {"chance": True, "children": {"x1": "X1", "x2": "X2"},
              "probabilities": {"x1": 0.25, "x2": 0.75}, "eval": 2},
        "C": {"chance": True, "children": {"c1": "C1", "c2": "C2"},
              "probabilities": {"c1": 0.5, "c2": 0.5}, "eval": 1},
        "X1": {"utility": 4}, "X2": {"utility": 0}, "B2": {"utility": 3},
        "C1": {"utility": 1}, "C2": {"utility": 1},
    },
)


# A(max) -a1-> B1 = 5                                    alpha = 5 at A
#        -a2-> C(min) -c1-> D(max) -d1-> D1 = 3         D: 3, fail-hard clamps it to 5
#                     -c2-> C2 = 9
# Pruning only on >: fail-hard C has 5 < 5 false and searches C2; fail-soft C has
# 3 < 5 and cuts. On >= both cut. At depth 1 the terminal B1 is at the horizon.
WINDOWS = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "B1", "a2": "C"}, "eval": 0},
        "C": {"to_move": 1, "children": {"c1": "D", "c2": "C2"}, "eval": 4},
        "D": {"to_move": 0, "children": {"d1": "D1"}, "eval": 6},
        "B1": {"utility": 5}, "D1": {"utility": 3}, "C2": {"utility": 9},
    },
)


def windows_cases(family: str) -> tuple[Case, ...]:
    """Where fail-soft, fail-hard, the prune comparison and a terminal horizon show."""
    return (
        drawn_case("windows-strict", WINDOWS, family, 3, prune_on_equality=False),
        drawn_case("windows-strict-soft", WINDOWS, family, 3, prune_on_equality=False,
                   fail_soft=True),
        drawn_case("windows-horizon", WINDOWS, family, 1),
    )


def cs188_tree(chance: bool) -> dict[str, Any]:
    """A CS188 tree of three agents, the ghosts MIN layers (or chance layers):
    a (Pacman) -> b1 (eval 8), b2 (eval 2) (ghost 1) -> c1..c4 (ghost 2) -> d1..d8 ends
    3 10 | 7 8 || 9 9 | 5 9. Minimax: b1 = 3, b2 = 5, Right; ghosts that maximise:
    b1 = 10, b2 = 9, Left; a depth spent on every agent's move evaluates b1 and b2."""
    ends = dict(zip([f"d{i}" for i in range(1, 9)], (3, 10, 7, 8, 9, 9, 5, 9), strict=True))
    ghost = {"chance": True, "probabilities": {"l": 0.5, "r": 0.5}} if chance else {"to_move": 1}
    nodes: dict[str, Any] = {
        "a": {"to_move": 0, "children": {"l": "b1", "r": "b2"}},
        "b1": {**ghost, "children": {"l": "c1", "r": "c2"}, "eval": 8},
        "b2": {**ghost, "children": {"l": "c3", "r": "c4"}, "eval": 2},
        **{f"c{i}": {**ghost, "children": {"l": f"d{2 * i - 1}", "r": f"d{2 * i}"}}
           for i in range(1, 5)},
        **{d: {"utility": v} for d, v in ends.items()},
    }
    return {"format": "game-tree/1", "agents": 3, "root": "a", "nodes": nodes}


@cache
def cases(family: str) -> tuple[Case, ...]:
    cs188: tuple[Case, ...] = ()
    if family in ("minimax", "alphabeta", "expectimax"):
        tree = cs188_tree(chance=family == "expectimax")
        cs188 = (drawn_case("cs188-three-agents", tree, family, 3),)
    if family == "expectimax":
        return builtin_cases(family) + cs188 + tuple(
            drawn_case(f"{name}-d{depth}", data, family, depth)
            for name, data in (("chance", CHANCE), ("ties", TIES))
            for depth in (1, 2, 3)
        )
    if family in ("alphabeta", "quiescence", "killers"):
        return builtin_cases(family) + windows_cases(family) + cs188
    return builtin_cases(family) + cs188


def as_agent(variant: Variant) -> Agent:
    """The variant as a student writes it: conventions read from ``game``."""

    def agent(game: Any, state: Any, depth: int) -> tuple[Any, Any]:
        found = {k: getattr(game, k) for k in CONVENTIONS if hasattr(game, k)}
        return variant.search(game, state, depth, **found)

    return agent


def submit(agent: Agent, case: Case) -> SearchRecord:
    """Run ``agent`` on the case's tree as the sandbox does; its record."""
    record, refused = attempt(agent, case)
    if refused is not None:
        raise refused
    return record


def attempt(agent: Agent, case: Case) -> tuple[SearchRecord, GameError | None]:
    """Run ``agent`` as :func:`submit` does; its record, up to the call the game refused
    if it refused one (and then that refusal)."""
    game = student_game(case.tree, case.conventions)  # as the sandbox offers it
    try:
        value, action = agent(game, case.tree.root, case.depth)
    except GameError as exc:
        return make_record(case.tree, game.trace, None, None, depth_plies=case.depth_plies), exc
    return make_record(case.tree, game.trace, value, action, depth_plies=case.depth_plies), None


WRONG_DEPTH = (Fault.DEPTH_MINUS_ONE, Fault.DEPTH_PLUS_ONE)
"""The faults that ask for an eval the tree does not give, where it gives none below the
test's depth; any other fault the game refuses is named as the student's crash is."""


def same(a: SearchRecord, b: SearchRecord) -> bool:
    return a.visits == b.visits and a.action == b.action and values_match(a.value, b.value)


def first_difference(expected: SearchRecord, got: SearchRecord) -> str | None:
    """The node of the first visit where ``got`` leaves ``expected`` (None: no visit does)."""
    for i, visit in enumerate(got.visits):
        if i >= len(expected.visits) or expected.visits[i] != visit:
            return visit[1]
    if len(got.visits) < len(expected.visits):
        return expected.visits[len(got.visits)][1]
    return None


def variant_cases() -> list[Any]:
    return [
        pytest.param(variant, case, id=f"{family}-{variant.name}-{case.test}")
        for family, family_variants in FAMILIES.items()
        for variant in family_variants
        for case in cases(family)
    ]


def family_cases() -> list[Any]:
    return [
        pytest.param(family, case, id=f"{family}-{case.test}")
        for family in FAMILIES
        for case in cases(family)
    ]


@pytest.mark.parametrize(("family", "case"), family_cases())
def test_without_a_fault_the_family_search_is_the_reference(family: str, case: Case) -> None:
    engine = variants_for(family)[0].engine

    def agent(game: Any, state: Any, depth: int) -> tuple[Any, Any]:
        return run_engine(engine, None, game, state, depth, **case.conventions)

    assert same(submit(agent, case), case.golden)


@pytest.mark.parametrize(("variant", "case"), variant_cases())
def test_a_variant_is_named_wherever_it_shows(variant: Variant, case: Case) -> None:
    got, refused = attempt(as_agent(variant), case)
    if refused is not None and variant.fault in WRONG_DEPTH:
        return  # a search of the wrong depth asks for an eval the tree does not give
    found = diagnose(
        tree=case.tree, algorithm=case.family, depth=case.depth,
        conventions=case.conventions, expected=case.golden, got=got,
        crashed=refused is not None,
    )
    if refused is not None:  # a mistake the game refuses (a killer that is not legal)
        assert found is not None
        assert variant.name in found.names
        return
    if same(got, case.golden):
        assert found is None  # the mistake does not show here: nothing is claimed
        return
    assert found is not None
    assert variant.name in found.names
    for named in found.variants:  # never a wrong name: each one named gives this record
        known = next(v for v in variants_for(case.family) if v.name == named.name)
        assert same(submit(as_agent(known), case), got), named.name
        assert named.mistake in found.sentence
    assert found.node == first_difference(case.golden, got)


def test_every_family_has_its_variants_and_names_are_unique() -> None:
    assert set(FAMILIES) == {n for n, entry in ALGORITHMS.items() if entry.variants}
    assert {"minimax", "alphabeta", "maxn", "quiescence", "expectimax"} <= set(FAMILIES)
    for family, family_variants in FAMILIES.items():
        names = [v.name for v in family_variants]
        assert len(names) == len(set(names)), family
        assert all(v.family == family for v in family_variants)
        assert all(v.mistake and v.mistake[0].islower() for v in family_variants)
    assert variants_for("paranoid") == ()


@pytest.mark.parametrize(
    "variant", [pytest.param(v, id=f"{f}-{v.name}") for f, vs in FAMILIES.items() for v in vs]
)
def test_every_variant_shows_on_some_case(variant: Variant) -> None:
    # so the naming test above names every variant at least once
    shown = []
    for case in cases(variant.family):
        got, refused = attempt(as_agent(variant), case)
        if refused is not None:
            if variant.fault not in WRONG_DEPTH:
                shown.append(case.test)  # named as a crash: see the test above
            continue
        if not same(got, case.golden):
            shown.append(case.test)
    assert shown


# --- each fault on a tree drawn by hand ------------------------------------------------

# fig 5.2:  A(max) -> B(min): 3 12 8 | C(min): 2 4 6 | D(min): 14 5 2
FIG52 = {"format": "game-tree/1", "nested": [[3, 12, 8], [2, 4, 6], [14, 5, 2]]}
# equality: A(max) -> B(min): 3 5 | C(min): 3 9 1 | D(min): 2 7;  C1 = 3 = alpha
EQUALITY = {"format": "game-tree/1", "nested": [[3, 5], [3, 9, 1], [2, 7]]}
# ties: A(max) -> B(min): 5 7 5 | C(min): 6 5 8 | D(min): 9 5;  every root move is worth 5
ROOT_TIES = {"format": "game-tree/1", "nested": [[5, 7, 5], [6, 5, 8], [9, 5]]}
# A(max) -a1-> B(min, eval 4) -b1-> B1 = 3, -b2-> B2 = 9
#        -a2-> C2 = 5 (a terminal one ply down)
# depth 1: B evaluated (4), C2 scored; depth 2: B = min(3, 9) = 3.  A = 5 by a2 either way
SHALLOW = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "C2"}, "eval": 0},
        "B": {"to_move": 1, "children": {"b1": "B1", "b2": "B2"}, "eval": 4},
        "B1": {"utility": 3}, "B2": {"utility": 9}, "C2": {"utility": 5},
    },
)


def run_fault(
    family: str, fault: Fault, data: dict[str, Any], depth: int, **conventions: Any
) -> tuple[Any, Any, list[str], list[tuple[str, str]]]:
    tree = parse_tree(data)
    game = TreeGame(tree)
    variant = next(v for v in variants_for(family) if v.fault is fault)
    value, action = variant.search(game, tree.root, depth, **conventions)
    return value, action, game.trace.evaluated(), game.trace.visits()


@pytest.mark.parametrize(
    ("fault", "data", "value", "action", "evaluated"),
    [
        # every leaf; the value is minimax's
        pytest.param(Fault.NO_PRUNING, FIG52, 3, "a1",
                     ["B1", "B2", "B3", "C1", "C2", "C3", "D1", "D2", "D3"], id="no-pruning"),
        # C1 = 3 = alpha no longer cuts C: C2 = 9, C3 = 1 are searched
        pytest.param(Fault.PRUNE_STRICT, EQUALITY, 3, "a1",
                     ["B1", "B2", "C1", "C2", "C3", "D1"], id="prune-strict"),
        # C is searched with (-inf, inf): C1 = 2 cuts nothing
        pytest.param(Fault.ROOT_WINDOW, FIG52, 3, "a1",
                     ["B1", "B2", "B3", "C1", "C2", "C3", "D1", "D2", "D3"], id="root-window"),
        # D first: D = 2; C: C1 = 2 <= 2 cuts; B = 3 by a1
        pytest.param(Fault.RIGHT_TO_LEFT, FIG52, 3, "a1",
                     ["D3", "D2", "D1", "C3", "C2", "C1", "B3", "B2", "B1"],
                     id="right-to-left"),
        # B = 5 (alpha 5); C2 = 5 and D2 = 5 cut at 5: values 5, 5, 5, the last is a3
        pytest.param(Fault.TIES_LAST, ROOT_TIES, 5, "a3",
                     ["B1", "B2", "B3", "C1", "C2", "D1", "D2"], id="ties-last"),
        # A minimises, B, C, D maximise: B = 12, C = 6; D1 = 14 >= beta = 6 cuts D
        pytest.param(Fault.PERSPECTIVE, FIG52, 6, "a2",
                     ["B1", "B2", "B3", "C1", "C2", "C3", "D1"], id="perspective"),
        # B gets (inf, -inf): B1 cuts at once and B clamps to -inf; so do C and D
        pytest.param(Fault.WINDOW_SWAPPED, FIG52, -math.inf, "a1", ["B1", "C1", "D1"],
                     id="window-swapped"),
        # MIN's B1 = 3 <= beta = inf cuts B; MAX's 3 >= alpha = -inf cuts A
        pytest.param(Fault.BOUNDS_SWAPPED, FIG52, 3, "a1", ["B1"], id="bounds-swapped"),
    ],
)
def test_alphabeta_faults_by_hand(
    fault: Fault, data: dict[str, Any], value: Any, action: str, evaluated: list[str]
) -> None:
    got_value, got_action, got_evaluated, _ = run_fault("alphabeta", fault, data, 2)
    assert (got_value, got_action, got_evaluated) == (value, action, evaluated)


@pytest.mark.parametrize(
    ("fault", "depth", "value", "action", "visits"),
    [
        # depth 1 + 1: B's leaves are read, B = 3
        pytest.param(Fault.DEPTH_PLUS_ONE, 1, 5, "a2",
                     [("actions", "A"), ("actions", "B"), ("utility", "B1"), ("utility", "B2"),
                      ("utility", "C2")], id="depth-plus-one"),
        # depth 2 - 1: B is evaluated, B = 4
        pytest.param(Fault.DEPTH_MINUS_ONE, 2, 5, "a2",
                     [("actions", "A"), ("evaluate", "B"), ("utility", "C2")],
                     id="depth-minus-one"),
        # depth 1: the terminal C2 at the horizon is evaluated, not scored
        pytest.param(Fault.EVALUATE_FIRST, 1, 5, "a2",
                     [("actions", "A"), ("evaluate", "B"), ("evaluate", "C2")],
                     id="evaluate-first"),
    ],
)
def test_minimax_depth_faults_by_hand(
    fault: Fault, depth: int, value: Any, action: str, visits: list[tuple[str, str]]
) -> None:
    got_value, got_action, _, got_visits = run_fault("minimax", fault, SHALLOW, depth)
    assert (got_value, got_action, got_visits) == (value, action, visits)


def test_expectimax_max_at_chance_by_hand() -> None:
    # B is worth its best outcome 8, so a1 wins: see CHANCE above
    value, action, _, _ = run_fault("expectimax", Fault.MAX_AT_CHANCE, CHANCE, 2)
    assert (value, action) == (8, "a1")


# A(p0) -a1-> B(p1) -b1-> B1 (6, 3, 1)
#                   -b2-> B2 (2, 5, 0)    own (p1): B = (2, 5, 0); by p0's or p2's: (6, 3, 1)
#       -a2-> C(p1) -c1-> C1 (3, 2, 5)
#                   -c2-> C2 (1, 4, 4)    own (p1): C = (1, 4, 4); by p0's or p2's: (3, 2, 5)
# A, own (p0): 2 vs 1 -> a1 (2, 5, 0);  by p0's: 6 vs 3 -> a1 (6, 3, 1);
# by the next player's (p1): 3 vs 2 -> a1 (6, 3, 1)
THREE = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "C"}},
        "B": {"to_move": 1, "children": {"b1": "B1", "b2": "B2"}},
        "C": {"to_move": 1, "children": {"c1": "C1", "c2": "C2"}},
        "B1": {"utility": [6, 3, 1]}, "B2": {"utility": [2, 5, 0]},
        "C1": {"utility": [3, 2, 5]}, "C2": {"utility": [1, 4, 4]},
    },
    players=3,
)


@pytest.mark.parametrize(
    ("fault", "value", "action"),
    [
        pytest.param(Fault.PLAYER_ZERO, [6, 3, 1], "a1", id="player-zero"),
        pytest.param(Fault.NEXT_PLAYER, [6, 3, 1], "a1", id="next-player"),
    ],
)
def test_maxn_component_faults_by_hand(fault: Fault, value: list[int], action: str) -> None:
    got_value, got_action, _, _ = run_fault("maxn", fault, THREE, 2)
    assert (got_value, got_action) == (value, action)


# A(max) -a1-> B(min, eval 5, noisy b1) -b1-> B1 = 1, quiet -b2-> B2 = -4
#        -a2-> C(min, eval 2, quiet)    -c1-> C1 = 0
# depth 1: B = min(5, 1) = 1, C = 2: A = 2 by a2.  No stand-pat: B = 1 from B1 alone.
# Quiet moves too: B = min(5, 1, -4) = -4.  No quiescence: B = 5, A = 5 by a1.
HORIZON = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "C"}},
        "B": {"to_move": 1, "children": {"b1": "B1", "b2": "B2"}, "eval": 5, "noisy": ["b1"]},
        "C": {"to_move": 1, "children": {"c1": "C1"}, "eval": 2},
        "B1": {"utility": 1}, "B2": {"utility": -4}, "C1": {"utility": 0},
    },
)


@pytest.mark.parametrize(
    ("fault", "value", "action", "evaluated"),
    [
        pytest.param(Fault.NO_QUIESCENCE, 5, "a1", ["B", "C"], id="no-quiescence"),
        pytest.param(Fault.NO_STAND_PAT, 2, "a2", ["B1", "C"], id="no-stand-pat"),
        pytest.param(Fault.QUIET_MOVES_TOO, 2, "a2", ["B", "B1", "B2", "C"],
                     id="quiet-moves-too"),
    ],
)
def test_quiescence_faults_by_hand(
    fault: Fault, value: Any, action: str, evaluated: list[str]
) -> None:
    got_value, got_action, got_evaluated, _ = run_fault("quiescence", fault, HORIZON, 1)
    assert (got_value, got_action, got_evaluated) == (value, action, evaluated)
