"""Move ordering: promoted moves first, the rest in action order."""

from __future__ import annotations

import pytest

from reference.ordering import promote


@pytest.mark.parametrize(
    ("first", "order"),
    [
        pytest.param([], ["a", "b", "c"], id="nothing-promoted"),
        pytest.param(["c"], ["c", "a", "b"], id="one"),
        pytest.param(["c", "b"], ["c", "b", "a"], id="two-in-their-order"),
        pytest.param(["z", None, "b"], ["b", "a", "c"], id="illegal-and-none-ignored"),
        pytest.param(["b", "b"], ["b", "a", "c"], id="repeats-ignored"),
    ],
)
def test_promote(first: list[str | None], order: list[str]) -> None:
    assert promote(["a", "b", "c"], first) == order
