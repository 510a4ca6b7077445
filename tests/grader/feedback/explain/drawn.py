"""Small drawn trees, searches on them, and the first line :func:`explain` says of two.

A case runs the reference and a known wrong variant (or a hand-written search) on a
traced game and asks :func:`explain` about the two records; where no search makes the
visits a message needs, a case draws the visits themselves (:func:`drawn_said`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

from grader.feedback.explain import Conventions, explain
from grader.trees.game import TreeGame
from grader.trees.record import SearchRecord, make_record
from grader.trees.tree import parse_tree
from reference.algorithms import search
from reference.variants import Fault, variants_for
from tests.reference.runs import full

Agent = Callable[[Any, Any, int], tuple[Any, Any]]
ALL = ["value", "action", "expanded", "evaluated", "prunes"]

# fig 5.2:  A(max) -> B(min): 3 12 8 | C(min): 2 4 6 | D(min): 14 5 2
FIG52 = {"format": "game-tree/1", "nested": [[3, 12, 8], [2, 4, 6], [14, 5, 2]]}
# A(max, eval 0) -a1-> B(min, eval 4) -b1-> B1 = 3, -b2-> B2 = 9
#                -a2-> C(min, eval 6) -c1-> C1 = 5, -c2-> C2 = 1
CUTOFF = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "C"}, "eval": 0},
        "B": {"to_move": 1, "children": {"b1": "B1", "b2": "B2"}, "eval": 4},
        "C": {"to_move": 1, "children": {"c1": "C1", "c2": "C2"}, "eval": 6},
        "B1": {"utility": 3},
        "B2": {"utility": 9},
        "C1": {"utility": 5},
        "C2": {"utility": 1},
    },
)
# ties: A(max) -> B(min): 5 7 5 | C(min): 6 5 8 | D(min): 9 5;  every root move is worth 5
ROOT_TIES = {"format": "game-tree/1", "nested": [[5, 7, 5], [6, 5, 8], [9, 5]]}
# three plies, MAX nodes under MIN:  A(max) -> B(min) -> D(max): 5 1  = 5
#                                                      -> E(max): 5 9  (beta = 5 at E)
#                                             -> C(min) -> F(max): 0 2
MAX_TIE = {"format": "game-tree/1", "nested": [[[5, 1], [5, 9]], [[0, 2]]]}
# as MAX_TIE, but E's first child 6 is over beta = 5
MAX_OVER = {"format": "game-tree/1", "nested": [[[5, 1], [6, 9]], [[0, 2]]]}
# 3 players, bound 10: A(p0) -a1-> B(p1) -b1-> E = (3, 3, 4)
#                            -a2-> F(p1) -f1-> F1 = (2, 7, 1), -f2-> F2 = (0, 1, 9)
# A's best after B is 3 for p0, so F's p1 bound is 10 - 3 = 7: F1 gives p1 7, F2 is pruned
MAXN = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "F"}},
        "B": {"to_move": 1, "children": {"b1": "E"}},
        "F": {"to_move": 1, "children": {"f1": "F1", "f2": "F2"}},
        "E": {"utility": [3, 3, 4]},
        "F1": {"utility": [2, 7, 1]},
        "F2": {"utility": [0, 1, 9]},
    },
    players=3,
)
# A(max) -a1-> B(chance) -b1 (1/2)-> B1 = 2, -b2 (1/2)-> B2 = 4      B = 3
#        -a2-> C(chance) -c1 (1/4)-> C1 = 0, -c2 (3/4)-> C2 = 8      C = 6
CHANCE = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "B", "a2": "C"}},
        "B": {
            "chance": True,
            "children": {"b1": "B1", "b2": "B2"},
            "probabilities": {"b1": 0.5, "b2": 0.5},
        },
        "C": {
            "chance": True,
            "children": {"c1": "C1", "c2": "C2"},
            "probabilities": {"c1": 0.25, "c2": 0.75},
        },
        "B1": {"utility": 2},
        "B2": {"utility": 4},
        "C1": {"utility": 0},
        "C2": {"utility": 8},
    },
)
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
    "B11": {"utility": 9},
    "B21": {"utility": 1},
    "C1": {"utility": 0},
}
QUIET = full("A", QUIET_NODES)
# QUIET, but B1 (eval 1, under B's stand-pat 2: no cut) has a noisy b11 too: with
# quiescence_depth 1, B1 stands pat, where a search without the limit captures on
QUIET_DEEP = full(
    "A",
    {**QUIET_NODES, "B1": {"to_move": 0, "children": {"b11": "B11"}, "eval": 1, "noisy": ["b11"]}},
)


# A(max) -a1-> B(min) -b1-> X(max) -x1-> X1 = 3, -x2-> X2 = 7
#                     -b2-> B2 = 4
#        -a2-> C(min) -c1-> C1 = 6, -c2-> X (the same X: a transposition)
TRANSPOSITION = json.loads(
    (Path(__file__).parents[4] / "assignments/minimax/trees/transposition.tree.json").read_text()
)


def record(data: dict[str, Any], agent: Agent, depth: int) -> SearchRecord:
    tree = parse_tree(data)
    game = TreeGame(tree)
    value, action = agent(game, tree.root, depth)
    return make_record(tree, game.trace, value, action, depth_plies=depth)


def said(
    data: dict[str, Any],
    algorithm: str,
    depth: int,
    agent: Agent,
    failed: list[str] | None = None,
    **conventions: Any,
) -> list[str]:
    """What :func:`explain` says of ``agent`` against the named reference search."""
    expected = record(data, lambda g, s, d: search(algorithm, g, s, d, **conventions), depth)
    got = record(data, agent, depth)
    conv = Conventions(
        algorithm=algorithm,
        depth=depth,
        prune_on_equality=conventions.get("prune_on_equality", True),
        fail_soft=conventions.get("fail_soft", False),
        transposition_table=conventions.get("transposition_table"),
        quiescence_depth=conventions.get("quiescence_depth"),
    )
    return explain(
        tree=parse_tree(data), conventions=conv, expected=expected, got=got, failed=failed or ALL
    )


def variant(algorithm: str, fault: Fault, **conventions: Any) -> Agent:
    found = next(v for v in variants_for(algorithm) if v.fault is fault)
    return lambda game, state, depth: found.search(game, state, depth, **conventions)


def visits_record(*visits: tuple[str, str]) -> SearchRecord:
    """A record of the given visits alone (the answer plays no part in the first line)."""
    recorded: list[Any] = list(visits)  # drawn ops, checked by the model
    return SearchRecord(
        value=3,
        action="a1",
        expanded=[n for o, n in visits if o == "actions"],
        evaluated=[n for o, n in visits if o != "actions"],
        generated=0,
        prunes=0,
        visits=recorded,
    )


def drawn_said(
    data: dict[str, Any],
    algorithm: str,
    depth: int,
    expected: list[tuple[str, str]],
    got: list[tuple[str, str]],
) -> str:
    """The first line :func:`explain` says of two drawn lists of visits."""
    return explain(
        tree=parse_tree(data),
        conventions=Conventions(algorithm, depth),
        expected=visits_record(*expected),
        got=visits_record(*got),
        failed=["expanded"],
    )[0]


# --- hand-written wrong searches ----------------------------------------------------------
def stops_after_first_child(game: Any, state: Any, depth: int) -> tuple[Any, Any]:
    """A minimax that searches only the root's first move."""
    return search("minimax", game, game.result(state, "a1"), depth - 1)[0], "a1"


def stops_after_second_child(game: Any, state: Any, depth: int) -> tuple[Any, Any]:
    """A minimax that searches the root's first two moves only."""
    values = [
        search("minimax", game, game.result(state, a), depth - 1)[0]
        for a in game.actions(state)[:2]
    ]
    return max(values), game.actions(state)[values.index(max(values))]


def alphabeta_first_two(game: Any, state: Any, depth: int) -> tuple[Any, Any]:
    """An alpha-beta that searches the root's first two moves only."""
    alpha, best = -math.inf, None
    for a in game.actions(state)[:2]:
        value = search("alphabeta", game, game.result(state, a), depth - 1, alpha=alpha)[0]
        if value > alpha:
            alpha, best = value, a
    return alpha, best


def leaves_b_early(game: Any, state: Any, depth: int) -> tuple[Any, Any]:
    """A minimax whose MIN nodes look only at their first child."""
    values = []
    for a in game.actions(state):
        child = game.result(state, a)
        first = game.actions(child)[0]
        values.append(game.utility(game.result(child, first), 0))
    return max(values), game.actions(state)[values.index(max(values))]


def first_outcome_only(game: Any, state: Any, depth: int) -> tuple[Any, Any]:
    """An expectimax whose chance nodes look only at their first outcome."""
    values = []
    for a in game.actions(state):
        child = game.result(state, a)
        first, _ = game.chance_outcomes(child)[0]
        values.append(game.utility(game.result(child, first), 0))
    return max(values), game.actions(state)[values.index(max(values))]


def generates_and_leaves(game: Any, state: Any, depth: int) -> tuple[Any, Any]:
    """A search that generates every child of the root's children and looks at none."""
    for a in game.actions(state):
        child = game.result(state, a)
        for b in game.actions(child):
            game.result(child, b)
    return 0, game.actions(state)[0]


def generates_first_child_only(game: Any, state: Any, depth: int) -> tuple[Any, Any]:
    """A search that generates the root's first child and stops there."""
    game.result(state, game.actions(state)[0])
    return 0, game.actions(state)[0]


def one_iteration(game: Any, state: Any, depth: int) -> tuple[Any, Any]:
    """An iterative deepening that stops after its depth-1 iteration."""
    return search("minimax", game, state, 1)


def never_deepens(game: Any, state: Any, depth: int) -> tuple[Any, Any]:
    """An iterative deepening whose every iteration searches depth 1."""
    for _ in range(depth):
        found = search("minimax", game, state, 1)
    return found


def evaluates_root_after_one_iteration(game: Any, state: Any, depth: int) -> tuple[Any, Any]:
    """An iterative deepening that, after depth 1, evaluates the root instead of
    searching it deeper."""
    _, action = search("minimax", game, state, 1)
    return game.evaluate(state, 0), action


def skips_the_middle_move(game: Any, state: Any, depth: int) -> tuple[Any, Any]:
    """A minimax that searches the root's first and last moves only."""
    moves = [game.actions(state)[0], game.actions(state)[-1]]
    values = [search("minimax", game, game.result(state, a), depth - 1)[0] for a in moves]
    return max(values), moves[values.index(max(values))]


class _KeptPayoffs:
    """A game that reads each terminal's payoff once and keeps it: the student's cache."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.kept: dict[Any, Any] = {}

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def utility(self, state: Any, player: int = 0) -> Any:
        if state not in self.kept:
            self.kept[state] = self.game.utility(state, player)
        return self.kept[state]


def keeps_payoffs(algorithm: str) -> Agent:
    """The reference search, each payoff read once and then kept (a cache of payoffs)."""
    return lambda game, state, depth: search(algorithm, _KeptPayoffs(game), state, depth)


def skips_the_last_child_in_a_window(game: Any, state: Any, depth: int) -> tuple[Any, Any]:
    """An alpha-beta whose MAX nodes below the root skip their last move once alpha is
    finite: a wrong cut, which leaves a payoff read before unread, as a kept payoff would."""

    def value(s: Any, d: int, alpha: float, beta: float) -> tuple[Any, Any]:
        if game.is_terminal(s):
            return game.utility(s, 0), None
        maximizing = game.to_move(s) == 0
        moves = game.actions(s)
        if maximizing and s != state and alpha > -math.inf:
            moves = moves[:-1]
        best, best_action = (-math.inf if maximizing else math.inf), None
        for a in moves:
            v, _ = value(game.result(s, a), d - 1, alpha, beta)
            if (v > best) if maximizing else (v < best):
                best, best_action = v, a
            if maximizing:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best, best_action

    return value(state, depth, -math.inf, math.inf)


def skips_the_first_child_when_searched_again(game: Any, state: Any, depth: int
                                              ) -> tuple[Any, Any]:
    """A minimax that, at a node it searches a second time, skips the node's first move: a
    wrong cut that leaves a payoff read before unread, and reads the other one again."""
    searched: set[Any] = set()

    def value(s: Any, d: int) -> Any:
        if game.is_terminal(s):
            return game.utility(s, 0)
        moves = game.actions(s)[1:] if s in searched else game.actions(s)
        searched.add(s)
        values = [value(game.result(s, a), d - 1) for a in moves]
        return max(values) if game.to_move(s) == 0 else min(values)

    values = [value(game.result(state, a), depth - 1) for a in game.actions(state)]
    return max(values), game.actions(state)[values.index(max(values))]
