"""Comparing a submission's values: exact for ints, never raising, never fooled."""

from __future__ import annotations

from typing import Any

import pytest

from grader.trees.values import plain_action, plain_number, plain_value, values_match


class LyingInt(int):
    """An int that claims to equal everything."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = int.__hash__


class LyingFloat(float):
    """A float that claims to equal everything and reads as 3 through float()."""

    def __eq__(self, other: object) -> bool:
        return True

    def __float__(self) -> float:
        return 3.0

    __hash__ = float.__hash__


class LyingList(list[Any]):
    def __len__(self) -> int:
        return 1

    def __iter__(self) -> Any:
        return iter([3])


class LyingStr(str):
    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = str.__hash__


@pytest.mark.parametrize(
    ("expected", "got", "same"),
    [
        pytest.param(3, 10**400, False, id="huge-int-vs-small"),
        pytest.param(10**400, 10**400, True, id="huge-ints-equal"),
        pytest.param(10**400, 10**400 + 1, False, id="huge-ints-exactly"),
        pytest.param(10**400, 1e300, False, id="huge-int-vs-float"),
        pytest.param(10**400, float("inf"), False, id="huge-int-vs-inf"),
        pytest.param(2_000_000, 2_000_001, False, id="ints-are-exact"),
        pytest.param(0, -0.0, True, id="minus-zero"),
        pytest.param(-0.0, 0, True, id="minus-zero-expected"),
        pytest.param(1, True, False, id="bool-is-no-number"),
        pytest.param(0, False, False, id="false-is-no-zero"),
        pytest.param(3, LyingInt(4), False, id="lying-int"),
        pytest.param(4, LyingInt(4), True, id="int-subclass-by-its-value"),
        pytest.param(3, LyingFloat(4.0), False, id="lying-float"),
        pytest.param([3, 3], LyingList([4, 4]), False, id="lying-list"),
        pytest.param(3, float("nan"), False, id="nan"),
        pytest.param(float("inf"), float("inf"), True, id="inf"),
        pytest.param(3, "3", False, id="string"),
        pytest.param(3, object(), False, id="object"),
        pytest.param([1, 2], [1, LyingInt(5)], False, id="lying-entry"),
    ],
)
def test_values_match_never_raises_and_is_never_fooled(expected: Any, got: Any,
                                                       same: bool) -> None:
    assert values_match(expected, got) is same
    assert values_match(got, expected) is same


def test_plain_numbers_are_read_by_the_builtin_types() -> None:
    assert type(plain_number(LyingInt(4))) is int and plain_number(LyingInt(4)) == 4
    assert plain_number(LyingFloat(2.5)) == 2.5  # not its __float__'s 3
    assert plain_number(True) is None
    assert plain_value(LyingList([4, 4])) == [4, 4]
    assert type(plain_action(LyingStr("a2"))) is str
    assert plain_action(LyingStr("a2")) != "a1"
