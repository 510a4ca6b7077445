"""Every reference search is registered, takes only documented conventions, and shares the
leaf rules: no action at a terminal or depth-0 root."""

from __future__ import annotations

import inspect

import pytest

from grader.game import TreeGame
from grader.tree import parse_tree
from reference.registry import ALGORITHMS, CONVENTIONS, accepted_options, get, search
from tests.reference.runs import full, run

TWO_PLAYER_ONLY = sorted(set(ALGORITHMS) - {"maxn", "paranoid"})

# A(max, eval 4) -a1-> A1 = 1, -a2-> A2 = 9
ROOT_WITH_EVAL = full(
    "A",
    {
        "A": {"to_move": 0, "children": {"a1": "A1", "a2": "A2"}, "eval": 4},
        "A1": {"utility": 1},
        "A2": {"utility": 9},
    },
)


def scalar(value: object) -> object:
    """Player 0's share of a value (max^n returns a vector)."""
    return value[0] if isinstance(value, list) else value


@pytest.mark.parametrize("name", sorted(ALGORITHMS))
def test_conventions_are_keyword_only_and_documented(name: str) -> None:
    params = list(inspect.signature(get(name)).parameters.values())
    assert [p.name for p in params[:3]] == ["game", "state", "depth"]
    assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in params[3:])
    assert accepted_options(name) - {"alpha", "beta"} <= set(CONVENTIONS)


@pytest.mark.parametrize("name", sorted(ALGORITHMS))
def test_terminal_root_has_its_payoff_and_no_action(name: str) -> None:
    got = run(name, full("X", {"X": {"utility": 6}}), 2)
    assert (scalar(got.value), got.action) == (6, None)


@pytest.mark.parametrize("name", sorted(ALGORITHMS))
def test_depth_zero_evaluates_the_root(name: str) -> None:
    got = run(name, ROOT_WITH_EVAL, 0)
    assert (scalar(got.value), got.action, got.evaluated) == (4, None, ["A"])


@pytest.mark.parametrize("name", sorted(ALGORITHMS))
def test_depth_one_picks_the_best_leaf(name: str) -> None:
    got = run(name, ROOT_WITH_EVAL, 1)
    assert (scalar(got.value), got.action) == (9, "a2")


@pytest.mark.parametrize("name", sorted(ALGORITHMS))
def test_refuses_a_negative_depth(name: str) -> None:
    with pytest.raises(ValueError, match="depth"):
        run(name, ROOT_WITH_EVAL, -1)


@pytest.mark.parametrize("name", TWO_PLAYER_ONLY)
def test_two_player_searches_refuse_three_players(name: str) -> None:
    three = full("X", {"X": {"utility": [1, 2, 3]}}, players=3)
    with pytest.raises(ValueError, match="two-player"):
        run(name, three, 1)


def test_search_passes_only_the_conventions_a_search_takes() -> None:
    tree = parse_tree(ROOT_WITH_EVAL)
    value, action = search(
        "beam", TreeGame(tree), tree.root, 1, beam_width=1, fail_soft=True, utility_bound=None
    )
    assert (value, action) == (1, "a1")  # beam_width reached beam; the others were dropped


def test_unknown_name_lists_the_known_ones() -> None:
    with pytest.raises(KeyError, match="known: alphabeta, beam"):
        get("nosuch")
