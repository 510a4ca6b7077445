"""Every report writer, fed every kind of hostile text, writes what a real parser reads.

Each hostile text goes everywhere a submission can put text: its name, each test's
message, feedback, traceback, prints and answer. Then each writer's output is read by the
tool that reads it for real: ``json`` and Gradescope's documented fields (a JSON Schema),
an XML parser and a JUnit XSD that CI tools accept (``tests/data/junit.xsd``), ``csv``,
a CommonMark renderer (markdown-it-py) for the step summary, Python's HTML parser, a
terminal (Rich, as ``grader check`` prints), a CI log (as ``grader ci`` prints) and the
batch summary. None may crash, and none may let the text become structure: no forged
heading, bold total, element, formula, tag, escape code or workflow command.
"""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import jsonschema
import pytest
import xmlschema
from markdown_it import MarkdownIt
from rich.console import Console

from grader.cli.check import print_report
from grader.courses.ci import Location, fresh_token, workflow_lines
from grader.grading.batch import BatchResult, summary_lines
from grader.grading.report import Report, TestResult, load_report, make_report, report_json
from grader.reports import write_reports
from grader.reports.gradebook import gradebook_csv
from grader.reports.gradescope import gradescope_json
from grader.reports.html import html_report
from grader.reports.junit import junit_xml
from grader.reports.markdown import markdown_summary
from tests.grader.courses.test_gradescope_zip import RESULTS_SCHEMA

JUNIT_XSD = Path(__file__).resolve().parents[2] / "data" / "junit.xsd"
FORGED = "Total: 42/42"

HOSTILE = {
    "control": "".join(map(chr, range(32))) + "\x7f\x80\x9b\x9f"
    + f"\x1b[2K\x1b[1A\r\x1b[32m{FORGED}\x1b[0m\x07\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\",
    "surrogates": f"\ud800 lone \udfff halves \udc00\ud83d {FORGED}",
    "xml": f"]]></failure><testcase name='{FORGED}'/><!-- &amp; &bogus; <?pi?> \ufffe\uffff",
    "csv": f"-C2-D2\",=HYPERLINK(\"http://x\",\"{FORGED}\")\n+1\t@SUM(A1)\r=1",
    "markdown": f"x\r## {FORGED}\r**{FORGED}**\u2028# h\u2029- [a](http://x) ![i](y) `c`"
    "\n```\n# in fence\n````\n<b>html</b> | col | \\",
    "html": f"<script>alert(1)</script><img src=x onerror=alert(1)> \"' &lt; {FORGED}",
    "rich": f"[link=http://evil]{FORGED}[/link] [bold red]x[/] \\[escaped]",
    "bidi": f"\u202e{FORGED}\u202c \u2066x\u2069 \u200f",
    "huge": f"{FORGED} " + "x" * 10_000_000,
    "lines": f"x\n\n{FORGED} points (22 of 22 tests passed)\n",
}


def hostile_report(text: str) -> Report:
    """A report whose every student-shaped string holds ``text`` (a huge text only its
    first test's message and prints: enough to show every writer copes, in less time)."""
    if len(text) > 1_000_000:
        small = hostile_report(text[:100])
        first = small.tests[0].model_copy(update={"message": text, "output": text})
        return small.model_copy(update={"tests": [first, *small.tests[1:]]})
    failed = TestResult(
        name="t1", status="failed", score=0, max_score=2, time_s=0.1,
        message=f"returned action {text}", feedback=[f"expected a1, got {text}", text],
        expected={"value": 3, "action": "a1"}, got={"value": 3, "action": text},
        output=text, detail=f"Traceback: {text}",
    )
    crashed = TestResult(
        name="t2", status="error", score=0, max_score=1, time_s=0.2, message=text,
        detail=text, output=text,
    )
    passed = TestResult(name="t3", status="passed", score=1, max_score=1, time_s=0.0,
                        output=text)
    return make_report(assignment="a", submission=f"{text[:200]}.py",
                       tests=[failed, crashed, passed], sandbox="local")


@pytest.fixture(params=list(HOSTILE), ids=list(HOSTILE))
def hostile(request: pytest.FixtureRequest) -> tuple[str, Report]:
    text = HOSTILE[request.param]
    return text, hostile_report(text)


def no_controls(text: str) -> None:
    """Nothing a terminal or a log would act on: only line feeds and tabs are left."""
    found = re.findall(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]",
                       text)
    assert not found, sorted(set(found))


def test_json_report_round_trips(hostile: tuple[str, Report], tmp_path: Path) -> None:
    _, report = hostile
    path = tmp_path / "report.json"
    path.write_text(report_json(report), encoding="utf-8")
    again = load_report(path)
    assert [t.status for t in again.tests] == ["failed", "error", "passed"]
    assert again.score == report.score


def test_gradescope_results_have_the_documented_fields(hostile: tuple[str, Report]) -> None:
    _, report = hostile
    results = json.loads(gradescope_json(report).encode("utf-8"))
    jsonschema.Draft202012Validator(RESULTS_SCHEMA).validate(results)
    assert [t["status"] for t in results["tests"]] == ["failed", "failed", "passed"]
    assert results["score"] == 1
    no_controls("".join(t["output"] for t in results["tests"]))  # shown as text


def test_junit_is_well_formed_and_valid(hostile: tuple[str, Report]) -> None:
    _, report = hostile
    text = junit_xml(report)
    root = ET.fromstring(text.encode("utf-8"))  # a real parser: well-formed or it raises
    if len(text) < 1_000_000:  # the schema's validator is pure Python: slow on 10 MB
        xmlschema.XMLSchema(str(JUNIT_XSD)).validate(text.encode("utf-8"))
    cases = root.findall("./testsuite/testcase")
    assert [c.get("name") for c in cases] == ["t1", "t2", "t3"]
    assert len(cases[0].findall("failure")) == 1 and len(cases[1].findall("error")) == 1
    assert not cases[2].findall("failure") and not cases[2].findall("error")


def test_gradebook_cells_are_no_formulas(hostile: tuple[str, Report]) -> None:
    text, report = hostile
    other = report.model_copy(update={"submission": "plain"})
    rows = list(csv.reader(io.StringIO(gradebook_csv([report, other], ["t1", "t2", "t3"]))))
    assert len(rows) == 3 and len({len(r) for r in rows}) == 1
    for row in rows:
        for cell in row:
            assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")), cell
    assert rows[1][0].lstrip("'").startswith(text[:200].replace("\ud800", "\ufffd")[:1])
    assert rows[2][0] == "plain"


def render_markdown(text: str) -> list[str]:
    """The block and inline token types CommonMark (with GitHub's tables) makes of it."""
    md = MarkdownIt("commonmark").enable("table").enable("strikethrough")
    kinds = []
    for token in md.parse(text):
        kinds.append(token.type if token.type != "heading_open" else f"h:{token.tag}")
        kinds.extend(child.type for child in token.children or [])
    return kinds


def test_markdown_forges_no_structure(hostile: tuple[str, Report]) -> None:
    _, report = hostile
    text = markdown_summary(report)
    kinds = render_markdown(text)
    # one h2 (the title), one h3 per failing test, one bold total, one table, no HTML,
    # no link, no image: whatever the student wrote
    assert [k for k in kinds if k.startswith("h:")] == ["h:h2", "h:h3", "h:h3"]
    assert kinds.count("strong_open") == 1
    assert kinds.count("table_open") == 1 and kinds.count("tr_open") == 4
    assert not {"html_block", "html_inline", "link_open", "image", "s_open"} & set(kinds)
    assert kinds.count("fence") == 2  # the further lines of each failure, fenced
    tokens = MarkdownIt("commonmark").enable("table").parse(text)
    strong = [t.children for t in tokens if t.children and any(
        c.type == "strong_open" for c in t.children)]
    assert len(strong) == 1 and FORGED not in "".join(c.content for c in strong[0])


class Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        assert not [a for a, _ in attrs if a.startswith("on")], attrs


def test_html_holds_no_tag_of_the_student(hostile: tuple[str, Report]) -> None:
    _, report = hostile
    parser = Tags()
    parser.feed(html_report(report))
    assert "script" not in parser.tags and "img" not in parser.tags
    assert "testcase" not in parser.tags and "b" not in parser.tags


def test_every_report_file_is_written(hostile: tuple[str, Report], tmp_path: Path) -> None:
    _, report = hostile
    written = write_reports(report, tmp_path)
    assert len(written) == 5
    for path in written:
        path.read_bytes().decode("utf-8")  # strict UTF-8: no surrogate got through


def test_terminal_shows_escapes_not_effects(hostile: tuple[str, Report]) -> None:
    _, report = hostile
    out = io.StringIO()
    print_report(report, Console(file=out, width=120, color_system=None, highlight=False,
                                 soft_wrap=True))
    shown = out.getvalue()
    no_controls(shown)
    assert "link=http://evil" not in shown or "[link=http://evil]" in shown  # markup shown
    last = shown.rstrip("\n").splitlines()[-1]
    assert last.startswith("Total: 1/4 points")
    # a message's later lines are indented too: no line but the real one starts "Total"
    assert [line for line in shown.splitlines() if line.startswith("Total")] == [last]


def test_ci_log_shows_escapes_and_runs_no_command(hostile: tuple[str, Report]) -> None:
    _, report = hostile
    lines = workflow_lines(report, Location("agent.py", 1), token=fresh_token(report))
    log = "\n".join(lines)
    no_controls(log)
    assert [line for line in lines if line.startswith("Points ")] == ["Points 1/4"]


def test_batch_summary_shows_ignored_names_escaped() -> None:
    text = HOSTILE["control"] + HOSTILE["surrogates"] + HOSTILE["bidi"]
    report = hostile_report("x")
    lines = summary_lines(BatchResult(reports=[report], ignored=[text, "notes.txt"]))
    no_controls("\n".join(lines))
    assert lines[-1].startswith("not submissions, ignored: ") and "notes.txt" in lines[-1]


COLOURFUL = """
from pathlib import Path
import runpy

_correct = runpy.run_path(str(Path(__file__).with_name("correct.py")))


def alphabeta(game, state, depth):
    print("\\x1b[32msearching\\x1b[0m \\x07\\x00 done")
    return _correct["alphabeta"](game, state, depth)
"""


def test_a_correct_agent_printing_colours_gives_valid_junit(tmp_path: Path) -> None:
    """Through the real local sandbox: the prints reach junit.xml's system-out."""
    from grader.grading.check import grade_submission

    repo = Path(__file__).resolve().parents[3]
    (tmp_path / "agent.py").write_text(COLOURFUL)
    shutil.copy(repo / "examples" / "alphabeta" / "correct.py", tmp_path / "correct.py")
    report = grade_submission(submission=tmp_path, assignment="alphabeta",
                              tests=["aima-fig5.2"])
    assert report.all_passed and "\x1b[32m" in (report.tests[0].output or "")
    text = junit_xml(report)
    xmlschema.XMLSchema(str(JUNIT_XSD)).validate(text.encode("utf-8"))
    out = ET.fromstring(text.encode("utf-8")).find("./testsuite/testcase/system-out")
    assert out is not None and "\\x1b[32msearching" in (out.text or "")


def test_grader_check_shows_a_hostile_file_name_as_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through the CLI and the local sandbox: Rich markup and an escape code in the
    submission's file name reach the terminal as text, not as a link or a colour."""
    from click.testing import CliRunner

    from grader.cli import main

    repo = Path(__file__).resolve().parents[3]
    name = "[link=http:evil]x[_link]\x1b[2K.py"
    shutil.copy(repo / "examples" / "alphabeta" / "correct.py", tmp_path / name)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["check", name, "-a", "alphabeta", "--test",
                                       "aima-fig5.2"])
    assert result.exit_code == 0, result.output
    no_controls(result.output)
    assert "[link=http:evil]x[_link]\\x1b[2K.py" in result.output
