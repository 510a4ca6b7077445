"""Records of long searches: kept in a golden as counts and digests, compared either way."""

from __future__ import annotations

import json

import pytest

from grader.trees.record import LISTED_VISITS, SearchRecord, compacted, sequence_sha256


def record(expanded: int, evaluated: int, *, skew: bool = False) -> SearchRecord:
    """A record expanding ``n0 .. n<expanded-1>`` then evaluating ``l0 ..``; with ``skew``
    its last evaluated node is another one."""
    leaves = [f"l{i}" for i in range(evaluated)]
    if skew and leaves:
        leaves[-1] = "other"
    nodes = [f"n{i}" for i in range(expanded)]
    visits = [("actions", n) for n in nodes] + [("evaluate", leaf) for leaf in leaves]
    return SearchRecord(value=0, action="a1", expanded=nodes, evaluated=leaves,
                        generated=expanded + evaluated, prunes=0, visits=visits)


def test_a_short_record_keeps_its_lists_and_dumps_as_before() -> None:
    short = record(3, 4)
    assert compacted(short) is short
    assert "digest" not in short.model_dump(mode="json")


def test_a_long_record_keeps_counts_and_digests() -> None:
    long = record(LISTED_VISITS, 2)
    kept = compacted(long)
    assert kept.digest is not None
    assert (kept.digest.expanded, kept.digest.evaluated) == (LISTED_VISITS, 2)
    assert kept.digest.expanded_sha256 == sequence_sha256(long.expanded)
    assert (kept.expanded, kept.evaluated, kept.visits) == ([], [], [])
    assert (kept.value, kept.action, kept.prunes) == (long.value, long.action, long.prunes)
    assert SearchRecord.model_validate_json(json.dumps(kept.model_dump(mode="json"))) == kept


@pytest.mark.parametrize(
    ("got", "expanded", "evaluated"),
    [
        pytest.param(record(LISTED_VISITS, 2), True, True, id="the-same"),
        pytest.param(record(LISTED_VISITS, 2, skew=True), True, False, id="one-leaf-differs"),
        pytest.param(record(LISTED_VISITS, 1), True, False, id="one-leaf-fewer"),
        pytest.param(record(LISTED_VISITS - 1, 2), False, True, id="one-node-fewer"),
    ],
)
def test_a_full_record_is_compared_with_a_compacted_one_check_by_check(
    got: SearchRecord, expanded: bool, evaluated: bool
) -> None:
    golden = compacted(record(LISTED_VISITS, 2))
    assert golden.same("expanded", got) is expanded
    assert golden.same("evaluated", got) is evaluated
    assert got.same("expanded", golden) is expanded  # either side may be the compact one
