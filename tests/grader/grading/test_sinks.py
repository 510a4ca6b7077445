"""Each sink's function, on the text that attacks that sink."""

from __future__ import annotations

import re

import pytest
from markdown_it import MarkdownIt

from grader.grading.sinks import (
    encodable,
    for_csv,
    for_html,
    for_markdown,
    for_markdown_block,
    for_rich,
    for_terminal,
    for_xml,
    plain,
)


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        pytest.param("\x1b[2K\rTotal: 42/42", "\\x1b[2K\\x0dTotal: 42/42", id="erase-line"),
        pytest.param("a\x07b\x00c\x7fd\x9be", "a\\x07b\\x00c\\x7fd\\x9be", id="bel-nul-del-csi"),
        pytest.param("\u202eevil", "\\u202eevil", id="bidi-override"),
        pytest.param("line\n\tindented", "line\n\tindented", id="newline-tab-kept"),
        pytest.param("\ud800", "\ufffd", id="lone-surrogate"),
    ],
)
def test_terminal(text: str, shown: str) -> None:
    assert for_terminal(text) == shown


def test_rich_markup_is_escaped() -> None:
    from rich.text import Text

    shown = Text.from_markup(for_rich("[link=http://x]a[/link] [bold]b"))
    assert shown.plain == "[link=http://x]a[/link] [bold]b"
    assert not shown.spans


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        pytest.param("\x1b[31mred", "\\x1b[31mred", id="escape-code"),
        pytest.param("\x00\x0b\x0c", "\\x00\\x0b\\x0c", id="c0"),
        pytest.param("\ufffe\uffff", "\\ufffe\\uffff", id="non-characters"),
        pytest.param("\ud83d", "\ufffd", id="lone-surrogate"),
        pytest.param("tab\tnewline\ncr\r<&>", "tab\tnewline\ncr\r<&>", id="allowed-kept"),
    ],
)
def test_xml(text: str, shown: str) -> None:
    assert for_xml(text) == shown


@pytest.mark.parametrize(
    ("cell", "shown"),
    [
        pytest.param("-C2-D2", "'-C2-D2", id="minus"),
        pytest.param("=1+1", "'=1+1", id="equals"),
        pytest.param("+1", "'+1", id="plus"),
        pytest.param("@SUM(A1)", "'@SUM(A1)", id="at"),
        pytest.param("\t=1", "'\t=1", id="tab"),
        pytest.param("\r=1", "'\r=1", id="cr"),
        pytest.param("alice", "alice", id="plain-name"),
        pytest.param("4.5", "4.5", id="number"),
    ],
)
def test_csv(cell: str, shown: str) -> None:
    assert for_csv(cell) == shown


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("x\r## Forged", id="cr-heading"),
        pytest.param("x\u2028# Forged", id="line-separator"),
        pytest.param("**Total: 42/42**", id="bold"),
        pytest.param("- item", id="list"),
        pytest.param("1. item", id="ordered-list"),
        pytest.param("<b>x</b> [a](http://x) ![i](y)", id="html-link-image"),
        pytest.param("a | b", id="table-column"),
        pytest.param("`code` ~~gone~~ &amp;", id="code-strike-entity"),
    ],
)
def test_markdown_inline_is_one_plain_paragraph(text: str) -> None:
    md = MarkdownIt("commonmark").enable("table").enable("strikethrough")
    tokens = md.parse(f"| a |\n| --- |\n| {for_markdown(text)} |\n")
    assert [t.type for t in tokens].count("tr_open") == 2
    children = [c.type for t in tokens for c in t.children or []]
    assert set(children) <= {"text", "softbreak"}, children


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("sign in at www.grader-login.example/auth", id="www"),
        pytest.param("see (WWW.Grader-Login.example)", id="www-capitals-in-brackets"),
        pytest.param("mail regrade@grader-login.example", id="e-mail"),
        pytest.param("mailto:regrade@grader-login.example", id="mailto"),
        pytest.param("https://grader-login.example/auth", id="https"),
    ],
)
def test_markdown_inline_makes_no_link_of_a_bare_address(text: str) -> None:
    """GitHub's Markdown links ``www.`` and e-mail addresses with no markup (its extended
    autolinks; a URL scheme needs its colon, which is escaped): neither pattern is left
    whole, whatever the case."""
    shown = for_markdown(text)
    assert "www." not in shown.lower()
    assert not re.search(r"[\w.+-]@", shown)
    assert not re.search(r"(?i)\b(?:https?|mailto):", shown)
    assert shown.replace("\u2060", "").replace("\\", "") == text  # invisible otherwise


def test_markdown_block_cannot_be_closed_from_inside() -> None:
    lines = ["```", "# not a heading", "````` still inside", "end\rforged\u2029x"]
    block = for_markdown_block(lines)
    tokens = MarkdownIt("commonmark").parse("\n".join(block) + "\n# after\n")
    assert [t.type for t in tokens][:1] == ["fence"]
    assert tokens[0].content.splitlines() == [
        "```", "# not a heading", "````` still inside", "end", "forged", "x"
    ]


def test_html() -> None:
    assert for_html("<script>\"'&\x1b") == "&lt;script&gt;&quot;&#x27;&amp;\\x1b"


def test_plain_and_encodable() -> None:
    assert plain("a\ud800b\udfff") == "a\ufffdb\ufffd"
    value = {"k\udc00": ["v\ud800", ("t\ud800", 3)], "n": None}
    assert encodable(value) == {"k\ufffd": ["v\ufffd", ("t\ufffd", 3)], "n": None}
