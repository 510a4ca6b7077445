"""The HTML report: one tree per test and a legend, notes where a tree cannot be shown,
a self-contained page, ``grader report --html``, ``check --report-dir``, and a real
rendering of a failing example in headless Chromium."""

from __future__ import annotations

import shutil
import struct
import subprocess
import zlib
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from grader.cli import main
from grader.errors import GraderError
from grader.grading.check import grade_submission
from grader.grading.report import Report, TestResult, report_json, student_view
from grader.grading.report_trees import load_report_trees
from grader.reports import REPORT_FILES, write_reports
from grader.reports.context import Drawings, ReportContext
from grader.reports.html import html_report
from tests.examples.tiny_assignment import FIG52, write_assignment

REPO = Path(__file__).resolve().parents[3]
NO_PRUNING = REPO / "examples" / "alphabeta" / "no_pruning.py"
CHECKS = ["value", "action", "expanded", "evaluated", "prunes"]


class Page(HTMLParser):
    """What a test needs of a page: SVGs by test section, the legend, every tag."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.svgs: Counter[str] = Counter()
        self.sections: list[str] = []
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.ids: list[str] = []
        self.text: list[str] = []
        self.styles: list[str] = []
        self.section_text: dict[str, list[str]] = {}
        self._section: str | None = None
        self._in_style = False
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        self.tags.append((tag, found))
        if found.get("id"):
            self.ids.append(str(found["id"]))
        if tag == "section" and found.get("class") == "test":
            self._section = str(found["id"]).removeprefix("test-")
            self.sections.append(self._section)
        if tag == "svg":
            self.svgs[self._section or "(outside any test)"] += 1
        self._in_style = tag == "style"

    def handle_endtag(self, tag: str) -> None:
        if tag == "section":
            self._section = None
        self._in_style = False

    def handle_data(self, data: str) -> None:
        (self.styles if self._in_style else self.text).append(data)
        if self._section is not None:
            self.section_text.setdefault(self._section, []).append(data)

    def words_of(self, section: str) -> str:
        return " ".join(" ".join(self.section_text.get(section, [])).split())

    @property
    def words(self) -> str:
        return " ".join(" ".join(self.text).split())


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tests = [
        {"name": "fig52", "tree": "trees/fig52.tree.json", "depth": 2, "points": 2,
         "checks": CHECKS},
        {"name": "fig52-hidden", "tree": "trees/fig52.tree.json", "depth": 2, "points": 2,
         "checks": CHECKS, "visibility": "hidden"},
    ]
    return write_assignment(tmp_path_factory.mktemp("html") / "tiny", {"fig52": FIG52}, tests)


@pytest.fixture(scope="module")
def graded(tiny: Path) -> Report:
    """The no-pruning example on fig 5.2 twice, graded through the local sandbox."""
    return grade_submission(submission=NO_PRUNING, assignment=tiny)


def with_trees(assignment: Path, report: Report | None = None) -> ReportContext:
    """What the page draws: the assignment's trees, loaded as ``grader report`` loads them."""
    return ReportContext(trees=load_report_trees(assignment, report=report))


def test_one_tree_per_test_and_a_legend(graded: Report, tiny: Path) -> None:
    page = Page(html_report(graded, with_trees(tiny)))
    assert page.sections == ["fig52", "fig52-hidden"]
    assert page.svgs == Counter({"fig52": 1, "fig52-hidden": 1})
    assert page.ids.count("legend") == 1
    for label in ("you visited it; the reference prunes it", "MAX to move", "dot: evaluated"):
        assert label in page.words


def test_the_first_difference_is_named(graded: Report, tiny: Path) -> None:
    # fig 5.2: after C1 = 2 the reference evaluates D1; no pruning evaluates C2 (5th)
    page = Page(html_report(graded, with_trees(tiny)))
    assert "first difference at evaluation #5: you evaluated C2; the reference evaluated D1" in (
        page.words
    )
    assert "after evaluating C1 = 2 you evaluated C2" in page.words  # the report's message


def test_a_student_sees_no_hidden_tree(graded: Report, tiny: Path) -> None:
    page = Page(html_report(student_view(graded), with_trees(tiny)))
    assert page.svgs == Counter({"fig52": 1})
    assert "A hidden test: its tree is not shown." in page.words


def test_without_trees_each_test_says_how_to_draw_them(graded: Report) -> None:
    page = Page(html_report(graded))
    assert page.svgs == Counter()
    assert page.words.count("grader report report.json --html") == 2


def with_first_test(report: Report, **changes: Any) -> Report:
    tests = [report.tests[0].model_copy(update=changes), *report.tests[1:]]
    return report.model_copy(update={"tests": tests})


@pytest.mark.parametrize(
    ("changes", "note"),
    [
        pytest.param({"status": "timeout", "got": None},
                     "your search did not finish (timed out)", id="timeout"),
        pytest.param({"got": {"value": 3, "action": "a1"}},
                     "this test does not check the nodes you visit", id="unchecked"),
    ],
)
def test_without_the_students_visits_the_reference_is_drawn(
    graded: Report, tiny: Path, changes: dict[str, Any], note: str
) -> None:
    page = Page(html_report(with_first_test(graded, **changes), with_trees(tiny)))
    assert page.svgs["fig52"] == 1
    assert f"{note}: the tree shows the reference's search only" in page.words_of("fig52")
    assert "first difference" not in page.words_of("fig52")
    assert "first difference" in page.words_of("fig52-hidden")


KEPT_CASES = {  # reports a batch writes one after another, each page as drawn alone
    "no-pruning": {},
    "correct": {"got": {"value": 3, "action": "a1", "expanded": ["A", "B", "C", "D"],
                        "evaluated": ["B1", "B2", "B3", "C1", "D1", "D2", "D3"]}},
    "timeout": {"status": "timeout", "got": None},
    "error": {"status": "error", "got": None},
    "unchecked": {"got": {"value": 3, "action": "a1"}},
}


def test_drawings_kept_for_a_batch_are_the_drawings_made_afresh(
    graded: Report, tiny: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import grader.reports.html as html

    drawn = []
    draw = html.draw_svg
    monkeypatch.setattr(html, "draw_svg", lambda *a, **k: drawn.append(1) or draw(*a, **k))
    trees = load_report_trees(tiny)
    kept = Drawings()
    for name in [*KEPT_CASES, *KEPT_CASES]:  # each report twice: the second draws nothing
        report = with_first_test(graded, **KEPT_CASES[name])
        for view in (report, student_view(report)):
            fresh = html_report(view, ReportContext(trees=trees))
            drawn.clear()
            assert html_report(view, ReportContext(trees=trees, drawings=kept)) == fresh, name
    assert drawn == []  # the last page's drawings were all kept


def test_kept_drawings_are_bounded() -> None:
    kept = Drawings(kept_chars=10)
    tree: Any = object()
    for key in range(5):
        assert kept.drawing(tree, key, lambda k=key: f"drawing{k}") == f"drawing{key}"
    assert kept.drawing(tree, 4, lambda: "drawn again") == "drawing4"  # the newest stays
    assert kept.drawing(tree, 0, lambda: "drawn again") == "drawn again"  # the oldest went
    assert kept.drawing(object(), 4, lambda: "another tree") == "another tree"


def test_expected_against_yours(graded: Report, tiny: Path) -> None:
    page = Page(html_report(graded, with_trees(tiny)))
    words = page.words
    assert "evaluated B1 B2 B3 C1 D1 D2 D3 B1 B2 B3 C1 C2 C3 D1 D2 D3" in words
    assert "prunes 2 0" in words


def test_the_page_fetches_nothing(graded: Report, tiny: Path) -> None:
    page = Page(html_report(graded, with_trees(tiny)))
    tags = {tag for tag, _ in page.tags}
    assert not tags & {"script", "link", "img", "iframe", "object", "embed"}
    for tag, attrs in page.tags:
        assert "src" not in attrs, tag
        href = attrs.get("href")
        assert href is None or href.startswith("#"), href
        assert all(not k.startswith("on") for k in attrs), (tag, attrs)
    style = " ".join(page.styles)
    assert "url(" not in style and "@import" not in style


def test_names_are_escaped(graded: Report, tiny: Path) -> None:
    hostile = graded.model_copy(update={"submission": "<script>alert(1)</script>.py"})
    page = Page(html_report(hostile, with_trees(tiny)))
    assert "script" not in {tag for tag, _ in page.tags}
    assert "<script>alert(1)</script>.py" in page.words


def test_trees_of_another_assignment_are_refused(graded: Report) -> None:
    with pytest.raises(GraderError, match="the report is for assignment 'tiny', not 'alphabeta'"):
        load_report_trees("alphabeta", report=graded)


def test_a_test_the_assignment_lacks_gets_a_note(graded: Report, tiny: Path) -> None:
    extra = TestResult(name="gone", status="passed", score=1, max_score=1, time_s=0.0)
    report = graded.model_copy(update={"tests": [*graded.tests, extra]})
    page = Page(html_report(report, with_trees(tiny, report)))
    assert page.svgs["gone"] == 0
    assert page.svgs["fig52"] == 1


def test_write_reports_writes_the_page(graded: Report, tiny: Path, tmp_path: Path) -> None:
    written = write_reports(graded, tmp_path, trees=load_report_trees(tiny))
    assert [p.name for p in written] == list(REPORT_FILES)
    assert "report.html" in REPORT_FILES
    assert sum(Page((tmp_path / "report.html").read_text()).svgs.values()) == 2
    write_reports(graded, tmp_path / "bare")  # the old call still works, without trees
    assert sum(Page((tmp_path / "bare" / "report.html").read_text()).svgs.values()) == 0


# --- the commands ------------------------------------------------------------------------


def run(*args: str | Path) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args])


def test_grader_report_html(graded: Report, tiny: Path, tmp_path: Path) -> None:
    result_json = tmp_path / "result.json"
    result_json.write_text(report_json(graded))
    out = tmp_path / "report.html"
    result = run("report", result_json, "--html", out, "-a", tiny)
    assert result.exit_code == 0, result.output
    assert result.output == f"wrote: {out}\n"
    assert Page(out.read_text()).svgs == Counter({"fig52": 1, "fig52-hidden": 1})


@pytest.mark.parametrize(
    ("setup", "words"),
    [
        pytest.param(lambda p, r, t: (r, "--html", p / "o.html"),
                     "give its folder with -a", id="assignment-not-found"),
        pytest.param(lambda p, r, t: (r, "--html", p / "none" / "o.html", "-a", t),
                     "cannot write", id="unwritable"),
        pytest.param(lambda p, r, t: (p / "missing.json", "--html", p / "o.html", "-a", t),
                     "cannot be read", id="no-report"),
        pytest.param(lambda p, r, t: (r, "--html", p / "o.html", "-a", "alphabeta"),
                     "not 'alphabeta'", id="wrong-assignment"),
    ],
)
def test_grader_report_refusals(
    graded: Report, tiny: Path, tmp_path: Path, setup: Any, words: str
) -> None:
    result_json = tmp_path / "result.json"
    result_json.write_text(report_json(graded))
    result = run("report", *setup(tmp_path, result_json, tiny))
    assert result.exit_code == 2
    assert "Error:" in result.output and words in result.output
    assert "Traceback" not in result.output


def test_check_report_dir_writes_the_page(tiny: Path, tmp_path: Path) -> None:
    result = run("check", NO_PRUNING, "-a", tiny, "--report-dir", tmp_path)
    assert result.exit_code == 1, result.output
    page = Page((tmp_path / "report.html").read_text())
    assert page.svgs == Counter({"fig52": 1})  # a student's view: the hidden tree is not drawn
    assert "A hidden test" in page.words


# --- headless Chromium -------------------------------------------------------------------


def chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    pytest.skip("no chromium found: install Debian's chromium package (apt-get install chromium)")


def browse(browser: str, profile: Path, *args: str) -> subprocess.CompletedProcess[str]:
    flags = [
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        f"--user-data-dir={profile}",
    ]
    return subprocess.run(
        [browser, *flags, *args], capture_output=True, text=True, timeout=120, check=False
    )


def png_rows(path: Path) -> tuple[int, int, list[bytes]]:
    """Width, height and the filtered scanlines of an 8-bit RGB(A) PNG."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, idat, header = 8, b"", b""
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", header[:10])
    assert depth == 8 and colour in (2, 6)
    stride = 1 + width * (4 if colour == 6 else 3)
    raw = zlib.decompress(idat)
    assert len(raw) == height * stride
    return width, height, [raw[i : i + stride] for i in range(0, len(raw), stride)]


@pytest.mark.slow
def test_a_failing_example_renders_in_chromium(tmp_path: Path) -> None:
    browser = chromium()
    report = grade_submission(submission=NO_PRUNING, assignment="alphabeta")
    assert not report.all_passed
    result_json = tmp_path / "result.json"
    result_json.write_text(report_json(report))
    page_path = tmp_path / "report.html"
    assert run("report", result_json, "--html", page_path).exit_code == 0  # found by name

    page = Page(page_path.read_text())
    assert page.sections == [t.name for t in report.tests]
    assert page.svgs == Counter({t.name: 1 for t in report.tests})
    assert page.ids.count("legend") == 1

    dom = browse(browser, tmp_path / "profile-dom", "--dump-dom", page_path.as_uri())
    assert dom.returncode == 0, dom.stderr[-2000:]
    assert dom.stdout.count("<svg") == len(report.tests)  # Chromium parsed every tree
    assert 'id="legend"' in dom.stdout

    shot = tmp_path / "report.png"
    done = browse(
        browser, tmp_path / "profile-shot", f"--screenshot={shot}", "--window-size=1200,2000",
        page_path.as_uri(),
    )
    assert shot.is_file(), done.stderr[-2000:]
    width, height, rows = png_rows(shot)
    assert (width, height) == (1200, 2000)
    drawn = sum(1 for row in rows if len(set(row[1:])) > 2)  # a blank row has 1 or 2 bytes
    assert drawn > height // 4, f"only {drawn} of {height} rows hold anything"
