"""The conventions' registry: a value written on a command line, read or refused."""

from __future__ import annotations

import pytest

from reference.conventions import CONVENTIONS


@pytest.mark.parametrize(
    ("name", "text", "value"),
    [
        pytest.param("prune_on_equality", "false", False, id="bool-false"),
        pytest.param("fail_soft", " TRUE ", True, id="bool-any-case"),
        pytest.param("beam_width", "3", 3, id="int"),
        pytest.param("probcut_sigma", "1.5", 1.5, id="float"),
        pytest.param("probcut_sigma", "0", 0.0, id="float-at-its-least"),
        pytest.param("transposition_table", "searched", "searched", id="choice"),
    ],
)
def test_a_value_is_read_as_its_kind(name: str, text: str, value: object) -> None:
    parsed = CONVENTIONS[name].parse(text)
    assert parsed == value
    assert type(parsed) is type(value)


@pytest.mark.parametrize(
    ("name", "text", "says"),
    [
        pytest.param("prune_on_equality", "yes", "takes true or false", id="bool-word"),
        pytest.param("beam_width", "1.5", "takes a whole number", id="int-fraction"),
        pytest.param("beam_width", "0", "must be at least 1", id="below-ge"),
        pytest.param("probcut_a", "0", "must be more than 0", id="not-above-gt"),
        pytest.param("probcut_a", "nan", "takes a finite number", id="nan"),
        pytest.param("probcut_b", "-inf", "takes a finite number", id="infinite"),
        pytest.param("transposition_table", "some", "is one of none, searched, all", id="choice"),
    ],
)
def test_a_value_out_of_its_kind_or_bounds_is_refused(name: str, text: str, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        CONVENTIONS[name].parse(text)
