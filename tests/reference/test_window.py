"""The alpha-beta bookkeeping shared by the variants: ties, cut-offs, the fail-hard clamp."""

from __future__ import annotations

import math

import pytest

from reference.window import Window


def test_first_of_equal_values_is_kept() -> None:
    w = Window(True, -math.inf, math.inf, True)
    assert not w.offer(5, "a1")
    assert not w.offer(5, "a2")
    assert w.result(False) == (5, "a1")


@pytest.mark.parametrize(
    ("maximizing", "value", "eq", "cut"),
    [
        pytest.param(True, 10, True, True, id="max-reaches-beta-prunes-on-equality"),
        pytest.param(True, 10, False, False, id="max-reaches-beta-strict-keeps"),
        pytest.param(True, 11, False, True, id="max-passes-beta"),
        pytest.param(False, 0, True, True, id="min-reaches-alpha-prunes-on-equality"),
        pytest.param(False, 0, False, False, id="min-reaches-alpha-strict-keeps"),
        pytest.param(False, -1, False, True, id="min-passes-alpha"),
        pytest.param(True, 5, True, False, id="inside-the-window"),
    ],
)
def test_cut_off(maximizing: bool, value: int, eq: bool, cut: bool) -> None:
    assert Window(maximizing, 0, 10, eq).offer(value, "a") is cut


@pytest.mark.parametrize(
    ("maximizing", "values", "hard", "soft"),
    [
        pytest.param(True, [1, 2], 3, 2, id="max-fails-low"),
        pytest.param(False, [9, 8], 7, 8, id="min-fails-high"),
        pytest.param(True, [12], 7, 12, id="max-cut-off"),
        pytest.param(True, [5], 5, 5, id="exact"),
    ],
)
def test_fail_hard_clamps_fail_soft_does_not(
    maximizing: bool, values: list[int], hard: int, soft: int
) -> None:
    for soft_mode, expected in ((False, hard), (True, soft)):
        w = Window(maximizing, 3, 7, True)
        for v in values:
            w.offer(v, "a")
        assert w.result(soft_mode)[0] == expected


def test_window_narrows_as_values_come_in() -> None:
    w = Window(True, 0, 10, True)
    w.offer(4, "a1")
    assert (w.alpha, w.beta) == (4, 10)
    m = Window(False, 0, 10, True)
    m.offer(6, "a1")
    assert (m.alpha, m.beta) == (0, 6)
