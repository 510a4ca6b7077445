"""Game trees drawn as SVG: one search's visits, or a student's run against the reference.

The tree is unfolded from the root into *positions* (a node reached by two paths is
drawn twice) down to the search depth, plus any position below it that a search
visited. Leaves sit side by side in action order, a parent above the middle of its
children, one row a ply. MAX moves in circles, MIN in squares, chance in diamonds;
terminals are small rounded boxes. Each node shows its id and its value at that depth
(minimax, max^n vectors, expectations at chance nodes; an eval in italics at the
cut-off). A node's fill says how the searches treated it (:data:`LOOKS`): a thick outline
means expanded, a dot means evaluated, a dashed outline means the reference never
visits it. The first place where the student's visits differ from the reference's is
ringed. In large drawings a subtree no search touched becomes one "…" marker.

The runs are placed on positions by :func:`grader.trees.positions.place_run`.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass, field
from html import escape

from grader.errors import GraderError
from grader.reports.svg_shapes import (
    COMPARE_LOOKS,
    DIVERGENCE,
    EXPECTED_RING,
    LEGEND_MARKS,
    LEGEND_SHAPES,
    LOOKS,
    MARGIN,
    NODE,
    SINGLE_LOOKS,
    flow,
    shape,
    swatch,
    text_width,
)
from grader.trees.positions import (
    Divergence,
    Op,
    Placed,
    Pos,
    SearchRun,
    Values,
    action_path,
    at,
    first_divergence,
    place_run,
)
from grader.trees.tree import Node, Payoff, Tree, Value
from reference.algorithms import ValueModel

MAX_BOXES = 3000  # positions drawn at most
COLLAPSE_OVER = 32  # leaves beyond which untouched subtrees are collapsed
ROW = 64  # pixels between plies
GAP = 12  # pixels between neighbouring leaves
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


def number(x: Value) -> str:
    return f"{x:.4g}" if isinstance(x, float) else str(x)


def payoff_text(values: Payoff | None, vector: bool) -> str:
    if values is None:
        return "?"
    if not vector:
        return number(values[0])
    return "(" + ",".join(number(v) for v in values) + ")"


@dataclass
class _Box:
    pos: Pos
    nid: str
    left: int  # plies to go at this position
    kids: list[_Box] = field(default_factory=list)
    hidden: int = 0  # >0: a marker standing for this many untouched positions
    width: float = NODE
    x: float = 0.0

    def walk(self) -> Iterator[_Box]:
        yield self
        for kid in self.kids:
            yield from kid.walk()


@dataclass
class TreeDrawing:
    """An SVG drawing and what a caption needs to say about it."""

    svg: str
    divergence: Divergence | None
    positions: int  # positions drawn, markers counted as one
    collapsed: int  # positions hidden inside "…" markers
    unplaced: int  # visits that fit no position (not a child of anything expanded)


def draw_svg(
    tree: Tree,
    *,
    depth: int,
    expected: SearchRun | None = None,
    got: SearchRun | None = None,
    legend: bool = False,
    collapse: bool | None = None,
    title: str | None = None,
    scale: float = 1.0,
    values: ValueModel = "minimax",
    playouts: bool = False,
    noisy_limit: int | None = None,
) -> TreeDrawing:
    """Draw ``tree`` searched to ``depth`` plies, marking ``expected`` (the reference's
    run) against ``got`` (the student's); either may be missing. ``collapse``: fold the
    subtrees no run touched (None: only when the tree has over :data:`COLLAPSE_OVER`
    leaves). ``legend`` adds one below the tree, for a drawing shown alone; ``scale``
    multiplies the picture's displayed size. ``values``: the search's value model;
    ``playouts``: a search that grows a tree, whose playouts read leaves below nodes it
    never expanded (:func:`grader.trees.positions.place_run`); ``noisy_limit``: a
    quiescence search's noisy plies past the horizon (None: until quiet)."""
    painter = _Painter(tree, depth, expected, got, values=values, playouts=playouts,
                       noisy_limit=noisy_limit)
    return painter.paint(legend, collapse, title, scale)


class _Painter:
    def __init__(
        self,
        tree: Tree,
        depth: int,
        expected: SearchRun | None,
        got: SearchRun | None,
        *,
        values: ValueModel,
        playouts: bool = False,
        noisy_limit: int | None = None,
    ) -> None:
        self.tree = tree
        self.depth = depth
        self.vectors = values == "maxn" or tree.players > 2
        self.values = Values(tree, model=values, noisy_limit=noisy_limit)
        place = functools.partial(place_run, tree, playouts=playouts)
        self.ref = place(expected) if expected is not None else None
        self.you = place(got) if got is not None else None
        self.divergence = (
            first_divergence(expected, got) if expected is not None and got is not None else None
        )
        self.touched: set[Pos] = set()
        for placed in (self.ref, self.you):
            for pos in placed.ops if placed is not None else ():
                self.touched.update(pos[:k] for k in range(len(pos) + 1))

    # --- structure -------------------------------------------------------------------
    def build(self, pos: Pos, nid: str, left: int, count: list[int]) -> _Box:
        count[0] += 1
        if count[0] > MAX_BOXES:
            raise GraderError(
                f"{self.tree.name}: more than {MAX_BOXES} positions to draw; give a smaller depth"
            )
        box = _Box(pos, nid, left)
        node = self.tree.nodes[nid]
        for i, child in enumerate(() if node.terminal else node.children):
            kid = (*pos, i)
            if left > 0 or kid in self.touched:
                box.kids.append(self.build(kid, child, left - 1, count))
        return box

    def fold(self, box: _Box) -> None:
        """Replace each untouched subtree of more than one position by a marker."""
        for k, kid in enumerate(box.kids):
            if kid.pos in self.touched:
                self.fold(kid)
                continue
            size = sum(1 for _ in kid.walk())
            if size > 1:
                box.kids[k] = _Box(kid.pos, kid.nid, kid.left, hidden=size)

    def layout(self, root: _Box) -> float:
        """Give every box its x; return the drawing's width."""
        x = float(MARGIN)
        for box in self._postorder(root):
            box.width = self._shape_width(box)
            if box.kids:
                box.x = (box.kids[0].x + box.kids[-1].x) / 2
            else:
                box.x = x + box.width / 2
                x += max(box.width, text_width(box.nid, 10)) + GAP
        return x - GAP + MARGIN

    def _postorder(self, box: _Box) -> Iterator[_Box]:
        for kid in box.kids:
            yield from self._postorder(kid)
        yield box

    def _shape_width(self, box: _Box) -> float:
        if box.hidden:
            return text_width(f"… {box.hidden}") + 12
        label = self.value_text(box)
        return max(NODE, text_width(label) + 12)

    def kind(self, node: Node) -> str:
        if node.terminal:
            return "terminal"
        if node.chance:
            return "CHANCE"
        if not self.vectors:
            return "MAX" if node.to_move == 0 else "MIN"
        return "MAX"

    def value_text(self, box: _Box) -> str:
        return payoff_text(self.values.of(box.nid, box.left), self.vectors)

    # --- categories ------------------------------------------------------------------
    def category(self, pos: Pos) -> str:
        ref = self.ref.state(pos) if self.ref is not None else None
        you = self.you.state(pos) if self.you is not None else None
        if ref is not None and you is not None:
            if ref and you:
                return "same" if ref == you else "differs"
            return "missed" if ref else "extra" if you else "pruned"
        one = ref if ref is not None else you
        if one is None:
            return "plain"
        return "visited" if one else "unvisited"

    def shown_ops(self, pos: Pos) -> frozenset[Op]:
        """The ops the node's marks show: the student's when known, else the reference's."""
        for placed in (self.you, self.ref):
            if placed is not None and pos in placed.ops:
                return placed.state(pos)
        return frozenset()

    def rings(self) -> dict[Pos, str]:
        """Positions ringed: the student's at the first difference, and the expected one."""
        div = self.divergence
        if div is None or self.ref is None or self.you is None:
            return {}
        found: dict[Pos, str] = {}
        mine = at(self.you.at[div.op], div.index)
        theirs = at(self.ref.at[div.op], div.index)
        if theirs is not None:
            found[theirs] = "expected"
        if mine is not None:
            found[mine] = "you"
        return found

    # --- painting --------------------------------------------------------------------
    def paint(
        self, legend: bool, collapse: bool | None, title: str | None, scale: float
    ) -> TreeDrawing:
        root = self.build((), self.tree.root, self.depth, [0])
        leaves = sum(1 for b in root.walk() if not b.kids)
        if collapse or (collapse is None and leaves > COLLAPSE_OVER):
            self.fold(root)
        width = self.layout(root)
        svg = _Canvas(self).document(root, width, legend, title, scale)
        boxes = list(root.walk())
        unplaced = sum(
            at.count(None) for p in (self.ref, self.you) if p is not None for at in p.at.values()
        )
        return TreeDrawing(
            svg=svg,
            divergence=self.divergence,
            positions=len(boxes),
            collapsed=sum(b.hidden for b in boxes),
            unplaced=unplaced,
        )



class _Canvas:
    """The SVG text of a laid-out drawing."""

    def __init__(self, painter: _Painter) -> None:
        self.p = painter
        self.out: list[str] = []
        self.top = 0.0

    def y(self, box: _Box) -> float:
        return self.top + len(box.pos) * ROW

    def document(
        self, root: _Box, width: float, legend: bool, title: str | None, scale: float
    ) -> str:
        boxes = list(root.walk())
        self.top = MARGIN + 16 + (22 if title else 0)
        width = max(width, 560.0) if legend else width
        height = self.top + max(len(b.pos) for b in boxes) * ROW + NODE / 2 + 40
        items = self.legend_items() if legend else []
        rows = flow(items, width)
        legend_top = height + 8
        height += len(rows) * 22 + (12 if rows else 0)
        self.out.append(
            f'<svg xmlns="http://www.w3.org/2000/svg" class="tree" width="{width * scale:.0f}" '
            f'height="{height * scale:.0f}" viewBox="0 0 {width:.0f} {height:.0f}" '
            f'font-family="{FONT}" font-size="11">'
        )
        if title:
            self.out.append(f"<title>{escape(title)}</title>")
            self.out.append(
                f'<text x="{MARGIN}" y="{MARGIN + 4}" font-size="14" font-weight="bold">'
                f"{escape(title)}</text>"
            )
        for box in boxes:
            self.edges(box)
        rings = self.p.rings()
        for box in boxes:
            self.node(box)
        for box in boxes:
            if box.pos in rings:
                self.ring(box, rings[box.pos])
        self.legend(rows, legend_top)
        self.out.append("</svg>")
        return "\n".join(self.out)

    def edges(self, box: _Box) -> None:
        y0 = self.y(box) + NODE / 2
        for kid in box.kids:
            look = LOOKS[self.p.category(kid.pos)] if not kid.hidden else LOOKS["pruned"]
            dash = ' stroke-dasharray="4 3"' if look.dashed else ""
            y1 = self.y(kid) - NODE / 2 - 14
            self.out.append(
                f'<line x1="{box.x:.1f}" y1="{y0:.1f}" x2="{kid.x:.1f}" y2="{y1:.1f}" '
                f'stroke="{look.stroke}" stroke-width="1.2"{dash}/>'
            )

    def node(self, box: _Box) -> None:
        x, y = box.x, self.y(box)
        node = self.p.tree.nodes[box.nid]
        if box.hidden:
            self.marker(box, x, y)
            return
        cat = self.p.category(box.pos)
        look, ops = LOOKS[cat], self.p.shown_ops(box.pos)
        value = self.p.value_text(box)
        cutoff = not node.terminal and box.left <= 0
        self.out.append(f"<g><title>{escape(self.tooltip(box, value, cutoff))}</title>")
        stroke = f'stroke="{look.stroke}" stroke-width="{2.6 if "expanded" in ops else 1.2}"'
        if look.dashed:
            stroke += ' stroke-dasharray="4 3"'
        self.out.append(shape(self.p.kind(node), x, y, box.width, f'fill="{look.fill}" {stroke}'))
        style = ' font-style="italic"' if cutoff else ""
        self.out.append(
            f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" fill="{look.ink}"{style}>'
            f"{escape(value)}</text>"
        )
        self.out.append(
            f'<text x="{x:.1f}" y="{y - NODE / 2 - 4:.1f}" text-anchor="middle" font-size="10" '
            f'fill="#555">{escape(box.nid)}</text>'
        )
        if self.p.vectors and node.to_move is not None and not node.chance:
            self.out.append(
                f'<text x="{x + box.width / 2 + 2:.1f}" y="{y - 8:.1f}" font-size="9" '
                f'fill="#555">P{node.to_move}</text>'
            )
        if "evaluated" in ops:
            self.out.append(
                f'<circle cx="{x + box.width / 2:.1f}" cy="{y + NODE / 2 - 2:.1f}" r="3.5" '
                'fill="#111" stroke="#fff" stroke-width="1"/>'
            )
        self.out.append("</g>")

    def marker(self, box: _Box, x: float, y: float) -> None:
        look = LOOKS["pruned"]
        tip = f"{box.hidden} positions under {box.nid} that no search visited"
        self.out.append(
            f"<g><title>{escape(tip)}</title>"
            f'<rect x="{x - box.width / 2:.1f}" y="{y - 10:.1f}" width="{box.width:.1f}" '
            f'height="20" rx="10" fill="{look.fill}" stroke="{look.stroke}" '
            f'stroke-dasharray="2 2"/><text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" '
            f'fill="{look.ink}">… {box.hidden}</text>'
            f'<text x="{x:.1f}" y="{y - NODE / 2 - 4:.1f}" text-anchor="middle" font-size="10" '
            f'fill="#999">{escape(box.nid)}</text></g>'
        )

    def tooltip(self, box: _Box, value: str, cutoff: bool) -> str:
        node = self.p.tree.nodes[box.nid]
        what = "utility" if node.terminal else "eval (cut off)" if cutoff else "value"
        path = action_path(self.p.tree, box.pos)
        lines = [f"{box.nid} ({self.p.kind(node)}) via {path or 'the root'}: {what} {value}"]
        for name, placed in (("reference", self.p.ref), ("you", self.p.you)):
            if placed is not None:
                lines.append(f"{name}: {_visits_text(placed, box.pos)}")
        return "\n".join(lines)

    def ring(self, box: _Box, who: str) -> None:
        x, y = box.x, self.y(box)
        color = DIVERGENCE if who == "you" else EXPECTED_RING
        dash = "" if who == "you" else ' stroke-dasharray="5 3"'
        terminal = self.p.tree.nodes[box.nid].terminal
        half_w, half_h = box.width / 2 + 5, (NODE * (0.8 if terminal else 1)) / 2 + 5
        label = "first difference" if who == "you" else "expected here"
        if box.kids:  # beside the ring: below it run the edges to the children
            tx, ty, anchor = x + half_w + 4, y + 4, "start"
        else:
            tx, ty, anchor = x, y + NODE / 2 + (18 if who == "you" else 32), "middle"
        self.out.append(
            f'<rect x="{x - half_w:.1f}" y="{y - half_h:.1f}" width="{2 * half_w:.1f}" '
            f'height="{2 * half_h:.1f}" rx="8" fill="none" stroke="{color}" '
            f'stroke-width="3"{dash}/>'
            f'<text x="{tx:.1f}" y="{ty:.1f}" text-anchor="{anchor}" font-weight="bold" '
            f'fill="{color}" stroke="#fff" stroke-width="3" paint-order="stroke">{label}</text>'
        )

    def legend_items(self) -> list[tuple[str, str]]:
        both = self.p.ref is not None and self.p.you is not None
        names = COMPARE_LOOKS if both else SINGLE_LOOKS
        items = [(f"look:{n}", LOOKS[n].label) for n in names]
        items += [(f"shape:{k}", LEGEND_SHAPES[k]) for k in LEGEND_SHAPES]
        marks = ["expanded", "evaluated", "collapsed"] + (["you", "expected"] if both else [])
        items += [(f"mark:{m}", LEGEND_MARKS[m]) for m in marks]
        return items

    def legend(self, rows: list[list[tuple[float, str, str]]], y: float) -> None:
        for k, row in enumerate(rows):
            yy = y + k * 22
            for x, kind, label in row:
                self.out.append(swatch(kind, x + 9, yy - 4))
                self.out.append(f'<text x="{x + 24:.1f}" y="{yy:.1f}">{escape(label)}</text>')


def _visits_text(placed: Placed, pos: Pos) -> str:
    parts = []
    for op in ("expanded", "evaluated"):
        order = [str(i + 1) for i, p in enumerate(placed.at[op]) if p == pos]
        if order:
            parts.append(f"{op} (#{', #'.join(order)})")
    return "; ".join(parts) or "not visited"
