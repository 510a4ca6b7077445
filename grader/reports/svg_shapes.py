"""The pieces an SVG game tree is drawn with: how each kind of node looks, its shapes, and
the legend's swatches (:mod:`grader.reports.svg` lays the tree out and places them)."""

from __future__ import annotations

from dataclasses import dataclass

NODE = 26  # height of a node's shape
MARGIN = 24
CHAR = 6.6  # width of a character at 11px, roughly


@dataclass(frozen=True)
class Look:
    """How a node of one category is painted, and what the legend says of it."""

    fill: str
    stroke: str
    dashed: bool
    ink: str
    label: str


LOOKS: dict[str, Look] = {
    "same": Look("#cdebc9", "#2e7d32", False, "#111", "visited as the reference does"),
    "extra": Look("#ffc46b", "#b35300", True, "#111", "you visited it; the reference prunes it"),
    "missed": Look("#dcc6f0", "#6a1b9a", False, "#111", "the reference visits it; you did not"),
    "differs": Look("#f7b3b3", "#b71c1c", False, "#111", "expanded by one, evaluated by the other"),
    "pruned": Look("#f3f3f3", "#a3a3a3", True, "#8a8a8a", "pruned: neither search visits it"),
    "visited": Look("#d6e4fa", "#1f4e8c", False, "#111", "visited by the search"),
    "unvisited": Look("#f3f3f3", "#a3a3a3", True, "#8a8a8a", "not visited (pruned)"),
    "plain": Look("#ffffff", "#555555", False, "#111", "a position"),
}
COMPARE_LOOKS = ("same", "extra", "missed", "differs", "pruned")
SINGLE_LOOKS = ("visited", "unvisited")
DIVERGENCE = "#d50000"
EXPECTED_RING = "#1565c0"


def text_width(text: str, size: float = 11) -> float:
    return len(text) * CHAR * size / 11


LEGEND_SHAPES = {
    "MAX": "MAX to move",
    "MIN": "MIN to move",
    "CHANCE": "chance",
    "terminal": "terminal (utility)",
}
LEGEND_MARKS = {
    "expanded": "thick outline: expanded",
    "evaluated": "dot: evaluated",
    "collapsed": "n positions no search visited",
    "you": "first difference (your visit)",
    "expected": "what the reference visits there",
}


def flow(items: list[tuple[str, str]], width: float) -> list[list[tuple[float, str, str]]]:
    rows: list[list[tuple[float, str, str]]] = []
    x = width
    for kind, label in items:
        size = 30 + text_width(label)
        if x + size > width - MARGIN or not rows:
            rows.append([])
            x = MARGIN
        rows[-1].append((x, kind, label))
        x += size + 8
    return rows


def swatch(kind: str, x: float, y: float) -> str:
    group, name = kind.split(":")
    if group == "look":
        look = LOOKS[name]
        dash = ' stroke-dasharray="3 2"' if look.dashed else ""
        return (
            f'<rect x="{x - 8}" y="{y - 7}" width="16" height="14" rx="3" fill="{look.fill}" '
            f'stroke="{look.stroke}" stroke-width="1.5"{dash}/>'
        )
    if group == "shape":
        size = 8 if name == "CHANCE" else 16
        return shape(name, x, y, size, 'fill="#fff" stroke="#555" stroke-width="1.2"', 16)
    if name == "expanded":
        return shape("MIN", x, y, 16, 'fill="#fff" stroke="#333" stroke-width="2.6"', 16)
    if name == "evaluated":
        return f'<circle cx="{x}" cy="{y}" r="3.5" fill="#111"/>'
    if name == "collapsed":
        return f'<text x="{x}" y="{y + 4}" text-anchor="middle">… n</text>'
    color = DIVERGENCE if name == "you" else EXPECTED_RING
    dash = "" if name == "you" else ' stroke-dasharray="4 2"'
    return (
        f'<rect x="{x - 8}" y="{y - 7}" width="16" height="14" rx="4" fill="none" '
        f'stroke="{color}" stroke-width="2.5"{dash}/>'
    )


def shape(kind: str, x: float, y: float, w: float, paint: str, h: float = NODE) -> str:
    if kind == "CHANCE":
        a, b = w / 2 + 6, h / 2 + 3
        pts = f"{x - a:.1f},{y:.1f} {x:.1f},{y - b:.1f} {x + a:.1f},{y:.1f} {x:.1f},{y + b:.1f}"
        return f'<polygon points="{pts}" {paint}/>'
    if kind == "terminal":
        h = h * 0.8
    rx = {"MIN": 2.0, "terminal": 6.0}.get(kind, h / 2)
    return (
        f'<rect x="{x - w / 2:.1f}" y="{y - h / 2:.1f}" width="{w:.1f}" height="{h:.1f}" '
        f'rx="{rx:.1f}" {paint}/>'
    )
