"""Text from a submission made safe for each place it goes: one function per sink.

Everything a student controls (a file name, a message quoting its value or action, its
prints, its traceback) may hold bytes meant for another reader: an escape code that
rewrites the terminal's last line, a character XML forbids, a formula for a spreadsheet,
a line break that starts a Markdown heading, a tag. Each writer passes such text through
the function of its sink before it writes it:

==============  =====================================================================
sink            what is done
==============  =====================================================================
every sink      a lone surrogate (half of a UTF-16 pair, which no encoder writes)
                becomes U+FFFD
terminal        control characters, DEL, C1 and bidirectional overrides are shown as
                ``\\x1b``-style escapes (line feeds and tabs stay); :func:`for_rich`
                also escapes Rich markup
XML             characters XML 1.0 forbids are shown as ``\\x1b``-style escapes
CSV             a cell starting with ``= + - @``, a tab or a carriage return is
                prefixed with ``'`` so no spreadsheet reads it as a formula
Markdown        inline: every line break becomes a space, what can open markup is
                backslash-escaped; a block: fenced by more backticks than it holds
HTML            escaped, quotes included, control characters as escapes
==============  =====================================================================
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from typing import Any

_SURROGATE = re.compile(r"[\ud800-\udfff]")
# C0 but tab and line feed, DEL, C1, and the bidirectional controls that reorder what a
# reader sees (the "Trojan Source" characters)
_TERMINAL_HIDDEN = re.compile(
    r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"
)
# what XML 1.0 does not allow in a document at all (its Char production)
_XML_FORBIDDEN = re.compile(r"[^\x09\x0a\x0d\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
# every line end CommonMark or a browser may honour: CR, LF, VT, FF, the Unicode ones
_LINE_BREAKS = re.compile(r"\r\n|[\r\n\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")
# what can open inline markup anywhere (emphasis, code, links, images, HTML, entities,
# table columns, strike-through, autolinks), and what can open a block at a line's start
_MARKDOWN_INLINE = re.compile(r"([\\`*_\[\]<>!&|~#:])")
_MARKDOWN_START = re.compile(r"^(?:[-+=]|\d+[.)])")
# what GitHub's Markdown makes a link of with no markup at all (its extended autolinks:
# ``www.`` and e-mail addresses; ``https://`` is broken by the escaped colon): a word
# joiner (U+2060, invisible) where the pattern would match stops it
_AUTOLINK = re.compile(r"(?i)(?<=www)(?=\.)|(?=@)")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_BACKTICKS = re.compile("`+")


def plain(text: str) -> str:
    """``text`` with every lone surrogate replaced by U+FFFD, so any encoder can write it."""
    return text if text.isascii() else _SURROGATE.sub("\ufffd", text)


def encodable(value: Any) -> Any:
    """``value`` (strings, lists, tuples and dicts of them) with :func:`plain` applied to
    every string in it, keys included; anything else as it is."""
    if isinstance(value, str):
        return plain(value)
    if isinstance(value, dict):
        return {encodable(k): encodable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(encodable(v) for v in value) if type(value) in (list, tuple) else value
    return value


def _escaped(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def for_terminal(text: str) -> str:
    """Text for a terminal or a log: control characters shown as escapes, so no escape
    code can move the cursor, recolour or rewrite a line; line feeds and tabs stay."""
    return _TERMINAL_HIDDEN.sub(_escaped, plain(text))


def for_rich(text: str) -> str:
    """Text for a Rich markup string (a table title, a progress description): as for a
    terminal, with ``[`` escaped so no part of it is read as a style or a link."""
    from rich.markup import escape

    return escape(for_terminal(text))


def for_xml(text: str) -> str:
    """Text for an XML attribute or text node (the serializer escapes ``<&"``): every
    character XML 1.0 forbids shown as an escape, so the document stays well-formed."""
    return _XML_FORBIDDEN.sub(_escaped, plain(text))


def for_csv(cell: str) -> str:
    """A CSV cell no spreadsheet runs as a formula: one that starts with ``= + - @``, a
    tab or a carriage return gets a leading ``'`` (the writer quotes what needs it)."""
    cell = plain(cell)
    return "'" + cell if cell.startswith(_FORMULA_START) else cell


def for_markdown(text: str) -> str:
    """Text for one line of Markdown (a table cell, a list item, a heading): every line
    break becomes a space, leading blanks go, and every character that can open markup is
    backslash-escaped, so nothing can start a heading, a list, emphasis, a link, a table
    column or HTML; nor can a bare web or e-mail address become a link."""
    flat = for_terminal(_LINE_BREAKS.sub(" ", plain(text))).lstrip()
    flat = _AUTOLINK.sub("\u2060", _MARKDOWN_INLINE.sub(r"\\\1", flat))
    return _MARKDOWN_START.sub(lambda m: m.group()[:-1] + "\\" + m.group()[-1], flat)


def for_markdown_block(lines: Iterable[str], info: str = "text") -> list[str]:
    """Lines as a fenced Markdown code block whose fence is longer than any run of
    backticks in them, so no line can close it; line ends are normalised first."""
    body = [
        for_terminal(part)
        for line in lines
        for part in _LINE_BREAKS.split(plain(line))
    ]
    longest = max((len(m.group()) for line in body for m in _BACKTICKS.finditer(line)), default=0)
    fence = "`" * max(3, longest + 1)
    return [f"{fence}{info}", *body, fence]


def for_html(text: str) -> str:
    """Text for HTML content or a quoted attribute: escaped, control characters shown."""
    return html.escape(for_xml(for_terminal(text)), quote=True)
