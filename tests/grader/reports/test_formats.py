"""The report-format registry is the one list of report files: the files written, the
file lists and every CLI help that names a report file agree with it, both ways."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
import pytest

from grader.cli import main
from grader.grading.report import Report, make_report
from grader.reports import (
    BATCH_FILES,
    BATCH_LEVEL_FILES,
    FORMATS,
    REPORT_FILES,
    ReportContext,
    ReportFormat,
    batch_texts,
    write_batch_reports,
    write_reports,
)
from grader.reports.formats import BATCH_COPIES, listing

# a word that names a file of a report's kind; "*.tree.json" and paths' folders are not one
FILE_NAME = re.compile(r"(?<![\w.*-])[\w-]+(?:\.[\w-]+)*\.(?:json|xml|md|html|csv)\b")
NOT_REPORTS = {"RESULT.json"}  # `grader report`'s argument: a report it reads, not writes
REGISTRY_FILES = {f.file for f in FORMATS} | set(BATCH_FILES) | set(BATCH_LEVEL_FILES)


def commands(group: click.Group, ctx: click.Context, path: str) -> Iterator[tuple[str, Any]]:
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None
        yield f"{path} {name}", command
        if isinstance(command, click.Group):
            yield from commands(command, ctx, f"{path} {name}")


def help_texts() -> dict[str, str]:
    """Every help text of the CLI, named ``grader CMD`` or ``grader CMD --OPTION``."""
    ctx = click.Context(main)
    texts = {"grader": main.help or ""}
    for path, command in commands(main, ctx, "grader"):
        texts[path] = f"{command.help or ''} {command.short_help or ''}"
        for param in command.params:
            if isinstance(param, click.Option) and param.help:
                texts[f"{path} {param.opts[-1]}"] = param.help
    return texts


def files_named(text: str) -> set[str]:
    return {m.group(0) for m in FILE_NAME.finditer(text)} - NOT_REPORTS


@pytest.fixture(scope="module")
def report() -> Report:
    return make_report(assignment="tiny", submission="s.py", tests=[], sandbox="local")


def test_every_file_a_help_names_is_in_the_registry() -> None:
    named = {path: files_named(text) for path, text in help_texts().items()}
    strays = {path: sorted(files - REGISTRY_FILES) for path, files in named.items()}
    assert {path: files for path, files in strays.items() if files} == {}
    assert named["grader check --report-dir"], "the scan found the files the help lists"


@pytest.mark.parametrize(
    ("where", "files"),
    [
        pytest.param("grader check --report-dir", REPORT_FILES, id="check-report-dir"),
        pytest.param("grader ci --report-dir", REPORT_FILES, id="ci-report-dir"),
        pytest.param("grader grade", BATCH_FILES + BATCH_LEVEL_FILES, id="grade"),
    ],
)
def test_a_help_that_lists_report_files_lists_every_one(where: str, files: tuple[str, ...]) -> None:
    assert files_named(help_texts()[where]) == set(files)


def test_the_file_lists_are_the_files_written(report: Report, tmp_path: Path) -> None:
    written = write_reports(report, tmp_path / "check")
    assert [p.name for p in written] == list(REPORT_FILES)
    in_batch = write_batch_reports(report, tmp_path / "batch")
    assert [p.name for p in in_batch] == list(BATCH_FILES)
    assert list(batch_texts([report], [])) == list(BATCH_LEVEL_FILES)


def test_every_format_is_in_a_file_list() -> None:
    for fmt in FORMATS:
        in_batch = {c.prefix + fmt.file for c in BATCH_COPIES if c.name in fmt.copies}
        assert (fmt.file in REPORT_FILES) == fmt.per_submission, fmt.name
        assert (fmt.file in BATCH_LEVEL_FILES) == (fmt.write_batch is not None), fmt.name
        assert in_batch <= set(BATCH_FILES), fmt.name
        assert fmt.file in REPORT_FILES + BATCH_LEVEL_FILES or in_batch, fmt.name
    assert len({f.name for f in FORMATS}) == len({f.file for f in FORMATS}) == len(FORMATS)
    assert len(set(BATCH_FILES)) == len(BATCH_FILES)


def test_only_a_format_that_draws_gets_the_trees(report: Report) -> None:
    seen: dict[str, object] = {}

    def spy(name: str) -> Any:
        def write(_: Report, context: ReportContext) -> str:
            seen[name] = context.trees
            return ""

        return write

    trees: Any = {"t": object()}
    for needs in (True, False):
        ReportFormat(
            str(needs), "x.txt", "a spy", spy(str(needs)), needs_trees=needs, scope="submission"
        ).text(report, ReportContext(trees=trees))
    assert seen == {"True": trees, "False": {}}


def _text(report: Report, context: ReportContext) -> str:
    return ""


@pytest.mark.parametrize(
    "fields",
    [
        pytest.param({}, id="no-writer"),
        pytest.param({"write": _text, "write_batch": lambda r, n: ""}, id="two-writers"),
        pytest.param(
            {"write": _text, "copies": ("record",), "scope": "submission"},
            id="copies-of-a-submission-only-format",
        ),
        pytest.param({"write": _text, "scope": "both"}, id="a-batch-format-without-copies"),
        pytest.param({"write": _text, "copies": ("record", "record")}, id="a-copy-twice"),
        pytest.param(
            {"write_batch": lambda r, n: "", "scope": "both"}, id="batch-level-not-batch-scope"
        ),
    ],
)
def test_an_inconsistent_format_is_refused(fields: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="report format 'x'"):
        ReportFormat("x", "x.txt", "broken", **fields)


@pytest.mark.parametrize(
    ("items", "said"),
    [
        pytest.param(["a"], "a", id="one"),
        pytest.param(["a", "b"], "a and b", id="two"),
        pytest.param(["a", "b", "c"], "a, b and c", id="three"),
    ],
)
def test_listing(items: list[str], said: str) -> None:
    assert listing(items) == said
