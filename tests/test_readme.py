"""The README documents every convention a test may set on ``game``, and every built-in."""

from __future__ import annotations

from pathlib import Path

from grader.authoring import assignment
from grader.trees.tree import MAX_PLIES, MAX_UNFOLDED
from reference.conventions import CONVENTIONS

README = Path(__file__).resolve().parents[1] / "README.md"


def students_part() -> str:
    text = README.read_text(encoding="utf-8")
    return text[text.index("## For students"):text.index("## For instructors")]


def test_every_convention_a_test_sets_is_documented_for_students() -> None:
    spec = assignment.TestSpec.model_validate({
        "name": "t", "tree": "t.tree.json", "depth": 1, "points": 1, "quiescence_depth": 1,
        "utility_bound": 10, "beam_width": 2, "lmr_full": 1,
    })
    part = students_part()
    assert set(spec.conventions()) <= set(CONVENTIONS)
    assert len(CONVENTIONS) >= 7  # the check has teeth
    assert [n for n in CONVENTIONS if f"`game.{n}`" not in part] == []


def test_depth_zero_and_its_action_are_documented() -> None:
    part = students_part()
    assert "At depth 0 the root itself is cut off" in part
    assert "the action `None`" in part


def test_the_built_in_assignments_are_listed() -> None:
    text = " ".join(README.read_text(encoding="utf-8").split())
    start = text.index("Built-in assignments: ") + len("Built-in assignments: ")
    listed = text[start:text.index(". ", start)]
    assert sorted(name.strip("`") for name in listed.split(", ")) == assignment.builtin_names()


def test_the_deepest_tree_taken_is_the_one_documented() -> None:
    text = " ".join(README.read_text(encoding="utf-8").split())
    assert f"no path from the root is longer than {MAX_PLIES} plies" in text
    assert f"a tree has at most {MAX_UNFOLDED:,} nodes" in text
