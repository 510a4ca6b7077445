"""Beam search: minimax over the first ``beam_width`` moves of every node, in action order."""

from __future__ import annotations

import pytest

from tests.reference.runs import run

# A(max) -a1-> B(min): 3 12 8     first two: 3      all: 3
#        -a2-> C(min): 2 4 6      first two: 2      all: 2
#        -a3-> D(min): 14 5 9     outside a beam of 2; all: 5  (minimax: 5 by a3)
TREE = {"format": "game-tree/1", "nested": [[3, 12, 8], [2, 4, 6], [14, 5, 9]]}


@pytest.mark.parametrize(
    ("width", "value", "action", "evaluated"),
    [
        pytest.param(1, 3, "a1", ["B1"], id="width-1-follows-the-first-moves"),
        pytest.param(2, 3, "a1", ["B1", "B2", "C1", "C2"], id="width-2-misses-D"),
        pytest.param(
            3,
            5,
            "a3",
            ["B1", "B2", "B3", "C1", "C2", "C3", "D1", "D2", "D3"],
            id="full-width-is-minimax",
        ),
    ],
)
def test_only_the_first_moves_are_searched(
    width: int, value: int, action: str, evaluated: list[str]
) -> None:
    got = run("beam", TREE, 2, beam_width=width)
    assert (got.value, got.action, got.evaluated) == (value, action, evaluated)


@pytest.mark.parametrize("width", [0, -1, True, 1.5], ids=["zero", "negative", "bool", "float"])
def test_refuses_a_width_below_one(width: object) -> None:
    with pytest.raises(ValueError, match="beam_width"):
        run("beam", TREE, 2, beam_width=width)
