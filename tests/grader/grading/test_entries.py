"""The submissions of a batch's folder and their names: safe for a file name, never
shared, the same at every run."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from grader.grading.entries import NAME_BYTES, find_submissions


# 张伟 and 李娜 both read "_" once made safe for a file name, as "a b" and "a_b" read "a_b"
@pytest.mark.parametrize(
    ("files", "distinct"),
    [
        pytest.param(["张伟.py", "李娜.py"], ["张伟", "李娜"], id="letters-of-any-script-stay"),
        pytest.param(["💥.py", "🔥.py"], None, id="two-emoji"),
        pytest.param(["a b.py", "a_b.py"], None, id="space-and-underscore"),
        # "victim one" reads victim_one-2d0bd241 once told from victim_one: a third
        # submission named so takes neither's name
        pytest.param(["victim one.py", "victim_one.py", "victim_one-2d0bd241.py"], None,
                     id="a-name-another-was-given"),
        pytest.param(["b" + "é" * 125 + ".py", "alice.py"], None, id="a-name-of-254-bytes"),
    ],
)
def test_names_that_only_their_making_safe_joins_are_told_apart(
    tmp_path: Path, files: list[str], distinct: list[str] | None
) -> None:
    subs = tmp_path / "subs"
    subs.mkdir()
    for name in files:
        (subs / name).write_text("")
    entries, _ = find_submissions(subs)
    names = [e.name for e in entries]
    assert len(set(names)) == len(files)
    assert [e.name for e in find_submissions(subs)[0]] == names  # the same at every run
    if distinct is not None:
        assert sorted(names) == sorted(distinct)
    assert all(re.fullmatch(r"[\w.-]+", n) for n in names)
    assert all(len(os.fsencode(n)) <= NAME_BYTES for n in names)


def test_a_submission_added_later_renames_none_graded_before(tmp_path: Path) -> None:
    # "p q" reads p_q once made safe: it takes a digest, and p_q keeps its own name
    subs = tmp_path / "subs"
    subs.mkdir()
    (subs / "p_q.py").write_text("")
    before = {e.path.name: e.name for e in find_submissions(subs)[0]}
    (subs / "p q.py").write_text("")
    after = {e.path.name: e.name for e in find_submissions(subs)[0]}
    assert before == {"p_q.py": "p_q"}
    assert after["p_q.py"] == "p_q" and after["p q.py"].startswith("p_q-")


def test_a_stem_keeps_its_own_name_against_a_name_made_for_another(tmp_path: Path) -> None:
    # "a b" is made a_b-c8687a08; a file named so keeps it, and "a b" takes more digits
    subs = tmp_path / "subs"
    subs.mkdir()
    (subs / "a b.py").write_text("")
    (subs / "a_b-c8687a08.py").write_text("")
    names = {e.path.name: e.name for e in find_submissions(subs)[0]}
    assert names["a_b-c8687a08.py"] == "a_b-c8687a08"
    assert names["a b.py"].startswith("a_b-c8687a08-") and len(set(names.values())) == 2
