"""Trees drawn as SVG: how each node looks, rings, values, collapsing, ``tree show --svg``."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

import grader.reports.svg
from grader.cli import main
from grader.errors import GraderError
from grader.reports.svg import draw_svg
from grader.reports.svg_shapes import DIVERGENCE, EXPECTED_RING, LOOKS
from grader.trees.positions import SearchRun
from grader.trees.tree import Tree, parse_tree

NS = "{http://www.w3.org/2000/svg}"
# A(max) -> B(min): 3 12 8 | C(min): 2 4 6 | D(min): 14 5 2 ; alpha-beta prunes C2, C3
FIG52: dict[str, Any] = {"format": "game-tree/1", "nested": [[3, 12, 8], [2, 4, 6], [14, 5, 2]]}
REFERENCE = SearchRun(("A", "B", "C", "D"), ("B1", "B2", "B3", "C1", "D1", "D2", "D3"))
NO_PRUNING = SearchRun(
    ("A", "B", "C", "D"), ("B1", "B2", "B3", "C1", "C2", "C3", "D1", "D2", "D3")
)
# A(max) -> B(min) -> D(max): 5 6 | E(max): 7 8
#        -> C(min) -> F(max): 1 2 | G(max): 9 9
# alpha-beta: D = 6; E1 = 7 >= beta = 6 prunes E2; B = 6; at C, F = 2 <= alpha = 6
# prunes G and its two leaves
DEEP: dict[str, Any] = {
    "format": "game-tree/1",
    "nested": [[[5, 6], [7, 8]], [[1, 2], [9, 9]]],
}
DEEP_REFERENCE = SearchRun(("A", "B", "D", "E", "C", "F"), ("D1", "D2", "E1", "F1", "F2"))


@dataclass(frozen=True)
class Drawn:
    """One node as drawn: read back from the SVG."""

    nid: str
    tip: str
    fill: str
    stroke_width: float
    dashed: bool
    dot: bool
    texts: tuple[str, ...]
    italic: bool


def tree_of(data: dict[str, Any]) -> Tree:
    return parse_tree(data)


def drawn_nodes(svg: str) -> dict[str, Drawn]:
    """The drawn nodes by the first line of their tooltip's path ("A", "B1", ...: ids
    are unique in these trees); collapsed markers are left out."""
    root = ET.fromstring(svg)
    found = {}
    for group in root.iter(f"{NS}g"):
        title = group.find(f"{NS}title")
        shape = next((c for c in group if c.tag in (f"{NS}rect", f"{NS}polygon")), None)
        if title is None or shape is None or "no search visited" in (title.text or ""):
            continue
        tip = title.text or ""
        texts = [t for t in group.iter(f"{NS}text")]
        found[tip.split()[0]] = Drawn(
            nid=tip.split()[0],
            tip=tip,
            fill=shape.get("fill", ""),
            stroke_width=float(shape.get("stroke-width", "0")),
            dashed=shape.get("stroke-dasharray") is not None,
            dot=group.find(f"{NS}circle") is not None,
            texts=tuple(t.text or "" for t in texts),
            italic=any(t.get("font-style") == "italic" for t in texts),
        )
    return found


def markers(svg: str) -> list[str]:
    """The texts of the collapsed-subtree markers."""
    root = ET.fromstring(svg)
    return [t.text or "" for t in root.iter(f"{NS}text") if (t.text or "").startswith("… ")]


@pytest.mark.parametrize(
    ("got", "looks"),
    [
        pytest.param(
            NO_PRUNING,
            {"A": "same", "B1": "same", "C1": "same", "C2": "extra", "C3": "extra"},
            id="no-pruning",
        ),
        pytest.param(
            SearchRun(("A", "B"), ("B1", "B2", "B3")),
            {"B": "same", "C": "missed", "C1": "missed", "D3": "missed", "C2": "pruned"},
            id="stopped-after-B",
        ),
        pytest.param(
            SearchRun(("A",), ("B", "C", "D")),
            {"A": "same", "B": "differs", "B1": "missed", "C2": "pruned"},
            id="cut-off-one-ply-early",
        ),
        pytest.param(REFERENCE, {n: "same" for n in ("A", "B", "C1", "D3")}, id="right"),
    ],
)
def test_a_node_is_painted_by_how_both_searches_treated_it(
    got: SearchRun, looks: dict[str, str]
) -> None:
    nodes = drawn_nodes(draw_svg(tree_of(FIG52), depth=2, expected=REFERENCE, got=got).svg)
    for nid, look in looks.items():
        assert nodes[nid].fill == LOOKS[look].fill, nid


@pytest.mark.parametrize("which", ["expected", "got"])
def test_one_run_alone_is_visited_or_not(which: str) -> None:
    drawing = draw_svg(tree_of(FIG52), depth=2, **{which: REFERENCE})  # type: ignore[arg-type]
    nodes = drawn_nodes(drawing.svg)
    assert nodes["C1"].fill == LOOKS["visited"].fill
    assert nodes["C2"].fill == LOOKS["unvisited"].fill
    assert nodes["C2"].dashed and not nodes["C1"].dashed
    assert drawing.divergence is None


def test_without_runs_only_values_are_drawn() -> None:
    nodes = drawn_nodes(draw_svg(tree_of(FIG52), depth=2).svg)
    assert len(nodes) == 13
    assert {n.fill for n in nodes.values()} == {LOOKS["plain"].fill}


def test_expanded_nodes_have_a_thick_outline_and_evaluated_ones_a_dot() -> None:
    nodes = drawn_nodes(draw_svg(tree_of(FIG52), depth=2, expected=REFERENCE).svg)
    expanded = {n for n, d in nodes.items() if d.stroke_width > 2}
    dotted = {n for n, d in nodes.items() if d.dot}
    assert expanded == set(REFERENCE.expanded)
    assert dotted == set(REFERENCE.evaluated)


def test_values_at_each_node() -> None:
    # B = min(3, 12, 8) = 3, C = 2, D = 2, A = 3; the leaves show their utilities
    nodes = drawn_nodes(draw_svg(tree_of(FIG52), depth=2).svg)
    for nid, value in {"A": "3", "B": "3", "C": "2", "D": "2", "B2": "12", "D1": "14"}.items():
        assert value in nodes[nid].texts, nid
        assert nid in nodes[nid].texts  # the id is drawn too


def test_an_eval_at_the_cut_off_is_in_italics() -> None:
    # A(max) -> B(min, eval 4) -> 1 | C(min, eval 6) -> 9, searched to depth 1
    tree = tree_of(
        {
            "format": "game-tree/1",
            "players": 2,
            "root": "A",
            "nodes": {
                "A": {"to_move": 0, "children": {"a1": "B", "a2": "C"}},
                "B": {"to_move": 1, "eval": 4, "children": {"b1": "B1"}},
                "C": {"to_move": 1, "eval": 6, "children": {"c1": "C1"}},
                "B1": {"utility": 1},
                "C1": {"utility": 9},
            },
        }
    )
    nodes = drawn_nodes(draw_svg(tree, depth=1).svg)
    assert set(nodes) == {"A", "B", "C"}  # nothing below the cut-off
    assert nodes["B"].italic and "4" in nodes["B"].texts
    assert "6" in nodes["A"].texts and not nodes["A"].italic


def test_positions_a_search_visits_below_the_cut_off_are_drawn() -> None:
    # DEEP searched to depth 1, but the student goes one ply further under B
    tree = tree_of(DEEP)
    got = SearchRun(("A", "B"), ("D", "E", "C"))
    reference = SearchRun(("A",), ("B", "C"))
    nodes = drawn_nodes(draw_svg(tree, depth=1, expected=reference, got=got).svg)
    assert set(nodes) == {"A", "B", "C", "D", "E"}
    assert nodes["D"].fill == LOOKS["extra"].fill
    assert nodes["B"].fill == LOOKS["differs"].fill


def test_the_first_difference_is_ringed() -> None:
    drawing = draw_svg(tree_of(FIG52), depth=2, expected=REFERENCE, got=NO_PRUNING)
    assert drawing.divergence is not None
    assert (drawing.divergence.got, drawing.divergence.expected) == ("C2", "D1")
    root = ET.fromstring(drawing.svg)
    rings = [r.get("stroke") for r in root.iter(f"{NS}rect") if r.get("fill") == "none"]
    assert sorted(rings) == sorted([DIVERGENCE, EXPECTED_RING])
    texts = {t.text for t in root.iter(f"{NS}text")}
    assert {"first difference", "expected here"} <= texts


def test_no_ring_when_the_runs_agree() -> None:
    drawing = draw_svg(tree_of(FIG52), depth=2, expected=REFERENCE, got=REFERENCE)
    assert drawing.divergence is None
    assert "first difference" not in drawing.svg


@pytest.mark.parametrize(
    ("collapse", "marks", "drawn"),
    [
        pytest.param(True, ["… 3"], 15 - 3 + 1, id="collapsed"),  # G and its two leaves
        pytest.param(False, [], 15, id="in-full"),
        pytest.param(None, [], 15, id="small-trees-stay-whole"),
    ],
)
def test_untouched_subtrees_collapse(collapse: bool | None, marks: list[str], drawn: int) -> None:
    drawing = draw_svg(tree_of(DEEP), depth=3, expected=DEEP_REFERENCE, collapse=collapse)
    assert markers(drawing.svg) == marks
    assert drawing.positions == drawn
    assert drawing.collapsed == sum(int(m.split()[1]) for m in marks)


def test_a_large_tree_collapses_by_default() -> None:
    # 6 MIN nodes under the root, each over 6 MAX nodes over 2 leaves: 72 leaves;
    # only the reference's first subtree is searched here, the others stay untouched
    tree = tree_of({"format": "game-tree/1", "nested": [[[1, 2]] * 6] * 6})
    first = SearchRun(("A", "B"), ())
    drawing = draw_svg(tree, depth=3, expected=first)
    assert len(markers(drawing.svg)) == 5 + 6  # C..F whole, and each MAX child of B
    assert drawing.positions + drawing.collapsed - 11 == 1 + 6 + 36 + 72


def test_a_leaf_is_never_collapsed() -> None:
    drawing = draw_svg(tree_of(FIG52), depth=2, expected=REFERENCE, collapse=True)
    assert markers(drawing.svg) == []
    assert drawing.positions == 13


def test_too_many_positions_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(grader.reports.svg, "MAX_BOXES", 5)
    with pytest.raises(GraderError, match="more than 5 positions"):
        draw_svg(tree_of(FIG52), depth=2)


def test_the_svg_is_well_formed_and_scales() -> None:
    plain = ET.fromstring(draw_svg(tree_of(FIG52), depth=2).svg)
    double = ET.fromstring(draw_svg(tree_of(FIG52), depth=2, scale=2).svg)
    assert plain.tag == f"{NS}svg"
    assert double.get("viewBox") == plain.get("viewBox")
    assert float(double.get("width", 0)) == pytest.approx(2 * float(plain.get("width", 0)), abs=1)


def test_ids_are_escaped() -> None:
    tree = tree_of(
        {
            "format": "game-tree/1",
            "players": 2,
            "root": "<r&>",
            "nodes": {"<r&>": {"to_move": 0, "children": {"a": "L"}}, "L": {"utility": 1}},
        }
    )
    nodes = drawn_nodes(draw_svg(tree, depth=1).svg)  # parses: nothing left raw
    assert "<r&>" in nodes["<r&>"].texts


@pytest.mark.parametrize(
    ("both", "labels"),
    [
        pytest.param(True, [LOOKS[n].label for n in ("same", "extra", "missed", "pruned")],
                     id="compared"),
        pytest.param(False, [LOOKS[n].label for n in ("visited", "unvisited")], id="one-run"),
    ],
)
def test_a_legend_on_request(both: bool, labels: list[str]) -> None:
    tree = tree_of(FIG52)
    got = NO_PRUNING if both else None
    with_legend = draw_svg(tree, depth=2, expected=REFERENCE, got=got, legend=True).svg
    without = draw_svg(tree, depth=2, expected=REFERENCE, got=got).svg
    for label in [*labels, "thick outline: expanded", "dot: evaluated", "MAX to move"]:
        assert label in with_legend
        assert label not in without
    assert ("first difference (your visit)" in with_legend) == both


def test_max_n_values_are_vectors() -> None:
    # A(P0) -> B(P1): (3,1) (1,4) | C(P1): (4,3) (0,1): P1 keeps (1,4) and (4,3); P0 takes C
    tree = tree_of(
        {
            "format": "game-tree/1",
            "players": 2,
            "root": "A",
            "nodes": {
                "A": {"to_move": 0, "children": {"a1": "B", "a2": "C"}},
                "B": {"to_move": 1, "children": {"b1": "B1", "b2": "B2"}},
                "C": {"to_move": 1, "children": {"c1": "C1", "c2": "C2"}},
                "B1": {"utility": [3, 1]},
                "B2": {"utility": [1, 4]},
                "C1": {"utility": [4, 3]},
                "C2": {"utility": [0, 1]},
            },
        }
    )
    assert "(4,3)" in drawn_nodes(draw_svg(tree, depth=2, values="maxn").svg)["A"].texts
    assert "1" in drawn_nodes(draw_svg(tree, depth=2).svg)["A"].texts  # minimax: min 3,1 → 1


# --- grader tree show --svg --------------------------------------------------------------


def run(*args: str | Path) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args])


def tree_file(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "t.tree.json"
    path.write_text(json.dumps(data))
    return path


def test_tree_show_writes_an_svg(tmp_path: Path) -> None:
    out = tmp_path / "fig52.svg"
    result = run("tree", "show", tree_file(tmp_path, FIG52), "--svg", out)
    assert result.exit_code == 0, result.output
    assert result.output == f"wrote: {out}\n"
    text = out.read_text()
    assert text.startswith("<?xml")
    nodes = drawn_nodes(text.split("\n", 1)[1])
    assert nodes["C2"].fill == LOOKS["unvisited"].fill  # alpha-beta prunes C2 and C3
    assert nodes["C1"].fill == LOOKS["visited"].fill
    title = ET.fromstring(text.split("\n", 1)[1]).find(f"{NS}title")
    assert title is not None and "alphabeta (prune on >=)" in (title.text or "")
    assert LOOKS["visited"].label in text  # the legend


@pytest.mark.parametrize(
    ("options", "pruned"),
    [
        pytest.param(("--algorithm", "minimax"), set(), id="minimax"),
        # equality: A(max) -> B(min): 3 5 | C(min): 3 9 1; C1 = 3 = alpha prunes on >= only
        pytest.param((), {"C2", "C3"}, id="prune-on-equality"),
        pytest.param(("--no-prune-on-equality",), set(), id="strict"),
    ],
)
def test_tree_show_svg_follows_the_search(
    tmp_path: Path, options: tuple[str, ...], pruned: set[str]
) -> None:
    path = tree_file(tmp_path, {"format": "game-tree/1", "nested": [[3, 5], [3, 9, 1]]})
    out = tmp_path / "t.svg"
    assert run("tree", "show", path, "--svg", out, *options).exit_code == 0
    nodes = drawn_nodes(out.read_text().split("\n", 1)[1])
    assert {n for n, d in nodes.items() if d.fill == LOOKS["unvisited"].fill} == pruned


def test_tree_show_svg_of_a_tree_alpha_beta_cannot_play(tmp_path: Path) -> None:
    # three players: alpha-beta refuses it, so only values are drawn
    data = {"format": "game-tree/1", "players": 3, "root": "A", "nodes": {
        "A": {"to_move": 0, "children": {"a": "L"}}, "L": {"utility": [1, 2, 3]}}}
    out = tmp_path / "t.svg"
    assert run("tree", "show", tree_file(tmp_path, data), "--svg", out).exit_code == 0
    text = out.read_text()
    assert "values only" in text
    assert "(1,2,3)" in drawn_nodes(text.split("\n", 1)[1])["A"].texts


@pytest.mark.parametrize(
    ("make_args", "words"),
    [
        pytest.param(lambda t, p: (t, "--svg", p / "missing" / "x.svg"), "cannot write",
                     id="unwritable"),
        pytest.param(lambda t, p: (p / "nope.json", "--svg", p / "x.svg"), "no such file",
                     id="no-tree"),
        pytest.param(lambda t, p: (t, "--svg", p / "x.svg", "--depth", "1"), "no 'eval'",
                     id="missing-evals"),
    ],
)
def test_tree_show_svg_refusals(tmp_path: Path, make_args: Any, words: str) -> None:
    result = run("tree", "show", *make_args(tree_file(tmp_path, FIG52), tmp_path))
    assert result.exit_code == 2
    assert "Error:" in result.output and words in result.output
    assert "Traceback" not in result.output
