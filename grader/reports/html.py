"""The HTML report of one submission: a summary, a legend, and every test's tree as SVG.

Each test's section says what went wrong (the report's message and feedback), shows
expected against got for the checked fields, and draws the test's tree with the
reference's visits against the student's (:mod:`grader.reports.svg`). The page is one
self-contained file: inline CSS and SVG, system fonts, no scripts, nothing fetched.

The report alone does not hold the trees: the caller passes them, already loaded, in a
:class:`~grader.reports.context.ReportContext` (:mod:`grader.grading.report_trees` makes them).
A hidden test in a student's view is not drawn.
"""

from __future__ import annotations

from typing import Any

from grader.errors import GraderError
from grader.games import load_game
from grader.games.moves import is_unfolded
from grader.grading.report import Report, TestResult
from grader.grading.sinks import for_html
from grader.grading.statuses import STATUSES, Status
from grader.reports.context import Drawings, ReportContext, TestTree
from grader.reports.feedback import STATUS_WORDS, points, total_line
from grader.reports.games_html import games_html
from grader.reports.svg import draw_svg
from grader.reports.svg_shapes import COMPARE_LOOKS, DIVERGENCE, EXPECTED_RING, LOOKS
from grader.trees.positions import SearchRun
from reference.algorithms import grows_a_tree, value_model

SCALE = 1.2  # the trees drawn a little larger than their coordinates
SHOWN_ITEMS = 40  # items of an expanded/evaluated list shown in the table
_FIELDS = ("value", "action", "expanded", "evaluated", "generated", "prunes")


def html_report(report: Report, context: ReportContext | None = None) -> str:
    """The whole page. Tests missing from the context's ``trees`` get a note instead of a
    drawing; its ``note`` is a line shown under the title (whose copy this is); its
    ``drawings`` keeps each test's drawing for other pages that show the same run."""
    context = context or ReportContext()
    title = f"{report.assignment}: {report.submission}"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{for_html(title)}</title><style>{_CSS}</style></head><body>",
        f"<header><h1>{for_html(title)}</h1>",
        f'<p class="total">{for_html(total_line(report))}</p>',
        f'<p class="meta">{for_html(_meta(report))}</p>',
        f'<p class="copy">{for_html(context.note)}</p></header>' if context.note else "</header>",
        _summary(report),
        _legend(),
    ]
    for test in report.tests:
        parts.append(_section(report, test, context.trees.get(test.name), context.drawings))
    parts.append("</body></html>\n")
    return "\n".join(parts)


def _meta(report: Report) -> str:
    view = "; hidden tests' answers left out" if report.student_view else ""
    return (
        f"graded by grader {report.grader_version} in the {report.sandbox} sandbox "
        f"in {report.time_s:.2f} s{view}"
    )


def _anchor(test: TestResult) -> str:
    return f"test-{test.name}"


def _badge(status: Status) -> str:
    colour = STATUSES[status].colour
    words = for_html(STATUS_WORDS[status])
    return f'<span class="badge" style="background:{colour}">{words}</span>'


def _summary(report: Report) -> str:
    rows = []
    for t in report.tests:
        message = t.message or ""
        rows.append(
            f'<tr><td><a href="#{for_html(_anchor(t))}">{for_html(t.name)}</a></td>'
            f"<td>{_badge(t.status)}</td>"
            f'<td class="num">{points(t.score)}/{points(t.max_score)}</td>'
            f"<td>{for_html(message)}</td></tr>"
        )
    head = "<tr><th>Test</th><th>Status</th><th>Points</th><th>What went wrong</th></tr>"
    return f'<table class="summary">{head}{"".join(rows)}</table>'


def _legend() -> str:
    looks = [(_look_swatch(name), LOOKS[name].label) for name in COMPARE_LOOKS]
    shapes = [
        ('<span class="sw shape-max"></span>', "MAX to move"),
        ('<span class="sw shape-min"></span>', "MIN to move"),
        ('<span class="sw shape-chance"></span>', "chance"),
        ('<span class="sw shape-terminal"></span>', "terminal (its utility)"),
    ]
    marks = [
        ('<span class="sw mark-expanded"></span>', "thick outline: expanded"),
        ('<span class="sw mark-evaluated"></span>', "dot: evaluated"),
        (f'<span class="sw ring" style="border-color:{DIVERGENCE}"></span>',
         "first difference: your visit there"),
        (f'<span class="sw ring" style="border:2.5px dashed {EXPECTED_RING}"></span>',
         "what the reference visits there"),
        ('<span class="sw mark-collapsed">… n</span>', "n positions no search visited"),
    ]
    items = "".join(f"<li>{sw}{for_html(label)}</li>" for sw, label in looks + shapes + marks)
    return (
        '<section id="legend" class="legend"><h2>How to read the trees</h2>'
        f"<ul>{items}</ul><p>Numbers are values at the test's depth: minimax (vectors for "
        "max^n, expectations at chance nodes; for quiescence, a horizon node's stand-pat or "
        "the value of a noisy move its mover prefers), a terminal's utility, or an eval in "
        "<i>italics</i> where the search is cut off. Ids are drawn above the nodes; hover a "
        "node for its path and the order in which each search visited it.</p></section>"
    )


def _look_swatch(name: str) -> str:
    look = LOOKS[name]
    border = "dashed" if look.dashed else "solid"
    return (
        f'<span class="sw" style="background:{look.fill};'
        f'border:1.5px {border} {look.stroke}"></span>'
    )


def _section(
    report: Report, test: TestResult, drawn: TestTree | None, drawings: Drawings | None
) -> str:
    parts = [
        f'<section class="test" id="{for_html(_anchor(test))}">',
        f"<h2>{for_html(test.name)} {_badge(test.status)} "
        f'<span class="pts">{points(test.score)}/{points(test.max_score)} points</span></h2>',
    ]
    lines = [test.message] if test.message and not test.passed else []
    lines += test.feedback
    if lines:
        parts.append('<ul class="feedback">')
        parts.extend(f"<li>{for_html(line)}</li>" for line in lines)
        parts.append("</ul>")
    if test.detail:
        parts.append(f'<pre class="detail">{for_html(test.detail.rstrip())}</pre>')
    if test.games:  # an agents assignment's match: its games, no tree
        parts += [games_html(test.games), "</section>"]
        return "\n".join(parts)
    parts.append(_compare(test))
    hidden_here = report.student_view and test.visibility == "hidden"  # not drawn
    if drawings is None or drawn is None or hidden_here:
        parts.append(_drawing(report, test, drawn))
    else:  # what the drawing depends on besides its tree: the run, or why there is none
        got = SearchRun.from_fields(test.got)
        key = (got, None) if got is not None else (None, (test.got is None, test.status))
        parts.append(drawings.drawing(drawn, key, lambda: _drawing(report, test, drawn)))
    if test.output:
        parts.append(
            f"<details><summary>What your code printed</summary><pre>{for_html(test.output)}</pre>"
            "</details>"
        )
    parts.append("</section>")
    return "\n".join(parts)


def _compare(test: TestResult) -> str:
    expected, got = test.expected or {}, test.got or {}
    fields = [f for f in _FIELDS if f in expected or f in got]
    if not fields:
        return ""
    rows = []
    for f in fields:
        want, have = expected.get(f), got.get(f)
        differs = f in expected and f in got and want != have
        rows.append(
            f'<tr{" class=diff" if differs else ""}><th>{f}</th>'
            f"<td>{for_html(_cell(want, f in expected))}</td>"
            f"<td>{for_html(_cell(have, f in got))}</td></tr>"
        )
    head = "<tr><th></th><th>expected</th><th>yours</th></tr>"
    return f'<table class="compare">{head}{"".join(rows)}</table>'


def _cell(value: Any, present: bool) -> str:
    if not present:
        return "—"
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        shown = " ".join(value[:SHOWN_ITEMS])
        more = len(value) - SHOWN_ITEMS
        return shown + (f" … (+{more})" if more > 0 else "") if value else "(none)"
    return "None" if value is None else str(value)


def _drawing(report: Report, test: TestResult, drawn: TestTree | None) -> str:
    if report.student_view and test.visibility == "hidden":
        return '<p class="note">A hidden test: its tree is not shown.</p>'
    if drawn is None:
        return (
            '<p class="note">The tree of this test is not available here; draw it with '
            "<code>grader report report.json --html OUT.html -a ASSIGNMENT</code>.</p>"
        )
    got = SearchRun.from_fields(test.got)
    notes = _run_notes(test, got)
    try:
        drawing = draw_svg(
            drawn.tree,
            depth=drawn.depth,
            expected=drawn.expected,
            got=got,
            scale=SCALE,
            values=value_model(drawn.algorithm),
            noisy_limit=drawn.noisy_limit,
            playouts=grows_a_tree(drawn.algorithm),
        )
    except GraderError as exc:
        return f'<p class="note">Not drawn: {for_html(exc.message)}</p>'
    if drawing.divergence is not None:
        notes.insert(0, f'<p class="divergence">{for_html(drawing.divergence.sentence())}</p>')
    if is_unfolded(drawn.tree):  # a positions test: its board first
        game = load_game(drawn.tree.source.split(":", 1)[0])
        notes.insert(0, f'<div class="board">{game.svg(drawn.tree.root)}</div>')
    if drawing.unplaced:
        notes.append(
            f'<p class="note">{drawing.unplaced} visit(s) fit no position of the tree (a node '
            "visited without expanding its parent) and are not drawn.</p>"
        )
    return "\n".join([*notes, f'<div class="drawing">{drawing.svg}</div>'])


def _run_notes(test: TestResult, got: SearchRun | None) -> list[str]:
    if got is not None:
        return []
    if test.got is None:
        why = f"your search did not finish ({STATUS_WORDS[test.status]})"
    else:
        why = "this test does not check the nodes you visit"
    return [f'<p class="note">{for_html(why)}: the tree shows the reference\'s search only.</p>']


_CSS = """
body{font-family:"DejaVu Sans",Verdana,Arial,sans-serif;margin:20px 28px;color:#1a1a1a;
 font-size:14px;line-height:1.4;background:#fafafa}
h1{font-size:22px;margin:0 0 4px}
h2{font-size:17px;margin:0 0 8px}
.total{font-size:16px;font-weight:bold;margin:2px 0}
.meta{color:#666;margin:2px 0 12px;font-size:12px}
table{border-collapse:collapse;background:#fff}
td,th{border:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}
.summary{margin-bottom:14px}
.summary td:last-child{max-width:640px}
.num{text-align:right;white-space:nowrap}
.badge{color:#fff;border-radius:9px;padding:1px 8px;font-size:12px;font-weight:bold;
 white-space:nowrap}
.pts{font-weight:normal;color:#555;font-size:14px;margin-left:6px}
.legend,.test{background:#fff;border:1px solid #ddd;border-radius:6px;padding:10px 14px;
 margin-bottom:16px}
.legend ul{list-style:none;padding:0;margin:0;display:flex;flex-wrap:wrap;gap:4px 22px}
.legend li{display:flex;align-items:center;gap:6px}
.legend p{margin:8px 0 0;color:#444;font-size:13px}
.sw{display:inline-block;width:16px;height:14px;box-sizing:border-box;border-radius:3px;
 flex:none}
.shape-max{border:1.5px solid #555;border-radius:50%;width:16px;height:16px}
.shape-min{border:1.5px solid #555;border-radius:1px}
.shape-chance{border:1.5px solid #555;transform:rotate(45deg);width:11px;height:11px;
 margin:0 2px}
.shape-terminal{border:1.5px solid #555;border-radius:5px;width:20px;height:12px}
.mark-expanded{border:3px solid #333;border-radius:2px}
.mark-evaluated{background:#111;border-radius:50%;width:8px;height:8px;margin:0 4px}
.ring{border:3px solid;border-radius:5px;background:none}
.mark-collapsed{width:auto;height:auto;color:#888;font-size:12px}
.feedback{margin:4px 0 8px;padding-left:20px}
.compare{margin:6px 0;font-size:13px}
.compare .diff td{background:#fde7e7}
.divergence{color:#d50000;font-weight:bold;margin:8px 0 4px}
.note{color:#555;font-style:italic;margin:8px 0}
.copy{font-weight:bold}
.drawing{overflow-x:auto;border-top:1px solid #eee;margin-top:8px;padding-top:4px}
pre{background:#f4f4f4;padding:6px;overflow-x:auto}
.game{margin:6px 0}.game .board{float:left;margin:0 12px 8px 0}
.moves{font-size:12px}.moves .lost td{background:#fde7e7;color:#b00}
"""

