"""Each family's own messages, one drawn tree each, and the one mapping that picks the
family's explainer. Alpha-beta's window: :mod:`tests.grader.feedback.explain.test_window`."""

from __future__ import annotations

from typing import Any

import pytest

from grader.feedback.explain import EXPLAINERS, Conventions, Explainer, explainer_family
from grader.feedback.explain.families import explainer
from grader.trees.tree import parse_tree
from reference.variants import Fault
from tests.grader.feedback.explain.drawn import (
    CHANCE,
    CUTOFF,
    FIG52,
    MAXN,
    QUIET,
    QUIET_DEEP,
    Agent,
    first_outcome_only,
    leaves_b_early,
    said,
    stops_after_first_child,
    stops_after_second_child,
    variant,
)

CASES = [
    # --- exhaustive (minimax): a node left early had to look at every child
    pytest.param(
        FIG52,
        "minimax",
        2,
        leaves_b_early,
        {},
        "you left B after B1 = 3, but B (MIN) still had to look at B2: minimax searches "
        "every child",
        id="exhaustive-left-a-node-early",
    ),
    pytest.param(
        FIG52,
        "minimax",
        2,
        stops_after_first_child,
        {},
        "you stopped after searching B, but A (MAX) still had to look at C: "
        "minimax searches every child",
        id="exhaustive-not-depth-first",
    ),
    pytest.param(  # the last child searched is named, not the one before it
        FIG52,
        "minimax",
        2,
        stops_after_second_child,
        {},
        "you stopped after searching C, but A (MAX) still had to look at D: "
        "minimax searches every child",
        id="exhaustive-stops-after-second-child",
    ),
    # --- vector (max^n): players by number, payoffs as vectors
    pytest.param(  # bound 10: F1 gives player 1 its bound 10 - 3 = 7, so F2 is pruned
        MAXN,
        "maxn",
        2,
        variant("maxn", Fault.NO_PRUNING, utility_bound=10),
        {"utility_bound": 10},
        "after evaluating F1 = (2, 7, 1) you evaluated F2, which the reference does not "
        "search: it prunes F's remaining children",
        id="vector-pruned-child",
    ),
    pytest.param(  # no bound: F2 had to be searched
        MAXN,
        "maxn",
        2,
        leaves_b_early,
        {},
        "you stopped after F1 = (2, 7, 1), but F (player 1) still had to look at F2",
        id="vector-left-a-node-early",
    ),
    # --- chance (expectimax): a chance node has no player
    pytest.param(
        CHANCE,
        "expectimax",
        2,
        first_outcome_only,
        {},
        "you left B after B1 = 2, but B still had to look at B2",
        id="chance-left-a-node-early",
    ),
    # --- quiescence: stand pat at the horizon, then noisy moves only
    pytest.param(
        QUIET,
        "quiescence",
        1,
        variant("quiescence", Fault.NO_STAND_PAT),
        {},
        "at B (the horizon, not quiet) you skipped the stand-pat: evaluate B first, then "
        "search only its noisy moves",
        id="quiescence-no-stand-pat",
    ),
    pytest.param(
        QUIET,
        "quiescence",
        1,
        variant("quiescence", Fault.NO_QUIESCENCE),
        {},
        "you stopped at B = 2, but B is not quiet: search its noisy moves",
        id="quiescence-none",
    ),
    pytest.param(
        QUIET,
        "quiescence",
        1,
        variant("quiescence", Fault.QUIET_MOVES_TOO),
        {},
        "at B, past the horizon, you searched every move: search only noisy_actions()",
        id="quiescence-quiet-moves-too",
    ),
    pytest.param(
        QUIET_DEEP,
        "quiescence",
        1,
        variant("quiescence", Fault.NO_QUIESCENCE_LIMIT),
        {"quiescence_depth": 1},
        "at B1 = 1 you searched its noisy moves, where the reference stands pat: either its "
        "evaluation, the stand-pat, is that node's first move in the window passed down to "
        "it, and already cuts it off (at least beta where MAX moves, at most alpha where MIN "
        "does), or the quiescence limit is reached (game.quiescence_depth: 1 noisy ply past "
        "the horizon)",
        id="quiescence-past-the-limit",
    ),
    pytest.param(  # a full-width search one ply deep: the shared words
        QUIET,
        "quiescence",
        1,
        variant("minimax", Fault.DEPTH_PLUS_ONE),
        {},
        "you expanded B, but B is at depth 1 of 1, the depth limit: evaluate it there",
        id="quiescence-cut-off-late",
    ),
]


@pytest.mark.parametrize(("data", "algorithm", "depth", "agent", "conventions", "first"), CASES)
def test_a_family_tells_its_own_divergences(
    data: dict[str, Any],
    algorithm: str,
    depth: int,
    agent: Agent,
    conventions: dict[str, Any],
    first: str,
) -> None:
    assert said(data, algorithm, depth, agent, **conventions)[0] == first


@pytest.mark.parametrize(
    ("algorithm", "family"),
    [
        pytest.param("minimax", "exhaustive", id="minimax"),
        pytest.param("alphabeta", "window", id="alphabeta"),
        pytest.param("maxn", "vector", id="maxn"),
        pytest.param("quiescence", "quiescence", id="quiescence"),
        pytest.param("expectimax", "chance", id="expectimax"),
        pytest.param("negamax", "generic", id="negamax"),
        pytest.param("no-such-search", "generic", id="unknown"),
    ],
)
def test_every_search_has_a_family_with_an_explainer(algorithm: str, family: str) -> None:
    assert explainer_family(algorithm) == family
    assert family in EXPLAINERS


def test_a_family_without_an_explainer_gets_the_shared_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(
        "grader.feedback.explain.families.explainer_family", lambda _: "no-such-family"
    )
    told = explainer(parse_tree(CUTOFF), Conventions("minimax", 2))
    assert type(told) is Explainer
