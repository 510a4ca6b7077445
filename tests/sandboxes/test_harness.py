"""The harness's start: its command line, read without ``argparse``, and what it imports
before any student code (only what it needs: every module is time at every sandbox's
start); and the traceback lines it writes without the ``traceback`` module."""

from __future__ import annotations

import subprocess
import sys
import traceback
from pathlib import Path
from typing import Any

import pytest

from sandboxes.agent import CAUSE, Agent, exception_lines
from sandboxes.harness import Arguments
from sandboxes.link import encode_json

HARNESS = Path(__file__).resolve().parents[2] / "sandboxes" / "harness.py"
# modules of the standard library the harness must start without: each would cost the
# start of every sandbox (re and enum a sixth of it), and none is needed before a run
NOT_AT_START = {"re", "enum", "json", "argparse", "traceback", "contextlib", "signal",
                "socket", "random", "heapq", "typing", "importlib.util", "linecache"}


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        pytest.param(
            ["--submission", "/s", "--fds", "3", "4", "--tag", "/w", "--await-limits",
             "--ready", "--namespace"],
            {"submission": "/s", "fds": [3, 4], "tag": "/w", "await_limits": True,
             "ready": True, "namespace": True, "watch": False, "connect": None},
            id="local",
        ),
        pytest.param(
            ["--watch", "--connect", "/run/s.sock", "--submission", "/s", "--await-limits"],
            {"submission": "/s", "connect": "/run/s.sock", "watch": True, "fds": None,
             "memory_mb": 256, "cpu_s": 60, "processes": 64},
            id="docker",
        ),
        pytest.param(
            ["--probe", "--submission", "/s", "--memory-mb", "64", "--cpu-s", "5",
             "--processes", "8"],
            {"probe": True, "memory_mb": 64, "cpu_s": 5, "processes": 8, "ready": False},
            id="probe-with-limits",
        ),
    ],
)
def test_the_grader_s_command_lines_read_as_meant(argv: list[str], expected: dict) -> None:
    args = Arguments(argv)
    assert {name: getattr(args, name) for name in expected} == expected


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        pytest.param(["--fds", "3", "4"], "--submission and one of", id="no-submission"),
        pytest.param(["--submission", "/s"], "--submission and one of", id="no-link"),
        pytest.param(["--submission", "/s", "--fds", "3", "4", "--connect", "/x"],
                     "--submission and one of", id="two-links"),
        pytest.param(["--submission", "/s", "--fds", "3"], "--fds", id="one-descriptor"),
        pytest.param(["submission", "/s", "--probe"], "submission", id="no-dashes"),
        pytest.param(["--submission", "/s", "--probe", "--memory-mb", "lots"],
                     "whole numbers", id="a-number-that-is-not"),
        pytest.param(["--submission", "/s", "--probe", "--verbose"], "--verbose",
                     id="an-unknown-option"),
        pytest.param(["--submission"], "--submission", id="an-option-without-its-value"),
    ],
)
def test_a_bad_command_line_stops_the_harness_saying_why(argv: list[str], message: str) -> None:
    with pytest.raises(SystemExit, match=message):
        Arguments(argv)


def test_help_says_how_the_harness_is_started(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        Arguments(["--help"])
    assert done.value.code == 0
    assert "--submission DIR" in capsys.readouterr().out


def test_the_harness_starts_without_the_modules_it_does_not_need() -> None:
    """Run as the grader runs it (``python -I -S harness.py``), up to its command line:
    everything it imports at start is imported by then."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-I", "-S", str(HARNESS)],
                          capture_output=True, text=True, timeout=60, check=False)
    assert "harness: --submission and one of" in done.stderr
    imported = {line.rsplit("|", 1)[1].strip() for line in done.stderr.splitlines()
                if line.startswith("import time:") and "|" in line}
    assert "sandboxes.confinement" in imported, "-X importtime listed the imports"
    assert sorted(imported & NOT_AT_START) == []


class StudentError(Exception):
    """An exception of a module of the student's, named with its module."""


class Nameless(Exception):
    """An exception whose class says its module is not a name."""

    __module__ = 42  # type: ignore[assignment]


class Unprintable(Exception):
    def __str__(self) -> str:
        raise RuntimeError("no text")


class Leaving(Exception):
    def __str__(self) -> str:
        raise SystemExit(3)


class NamelessMeta(type):
    @property
    def __name__(cls) -> str:  # type: ignore[override]
        raise RuntimeError("no name")


class NoName(Exception, metaclass=NamelessMeta):
    pass


def noted() -> Exception:
    exc = ValueError("bad")
    exc.add_note("while searching B")  # type: ignore[attr-defined]  # Python 3.11
    exc.add_note("second line\nof a note")  # type: ignore[attr-defined]
    return exc


@pytest.mark.parametrize(
    "source",
    [
        pytest.param("def f(:\n    pass\n", id="a-bad-parameter-list"),
        pytest.param("x = (1 +\n", id="an-unclosed-bracket"),
        pytest.param("  x = 1\n", id="an-indented-first-line"),
        pytest.param("a = 1 +* 2\n", id="an-operator-out-of-place"),
        pytest.param("print 'a'\n", id="python-2-print"),
        pytest.param("if x:\n\tpass\n        pass\n", id="tabs-and-spaces"),
    ],
)
def test_a_syntax_error_reads_as_python_shows_it(source: str) -> None:
    with pytest.raises(SyntaxError) as caught:
        compile(source, "/submission/agent.py", "exec")
    expected = "".join(traceback.format_exception_only(caught.value))
    assert exception_lines(caught.value) == expected


@pytest.mark.parametrize(
    "exc",
    [
        pytest.param(ZeroDivisionError("division by zero"), id="built-in"),
        pytest.param(ValueError(), id="no-message"),
        pytest.param(KeyError("k"), id="a-key-error-quotes-its-key"),
        pytest.param(StudentError("bad state"), id="the-student-s-own"),
        pytest.param(Nameless("x"), id="a-module-that-is-not-a-name"),
        pytest.param(
            noted(), id="notes",
            marks=pytest.mark.skipif(sys.version_info < (3, 11), reason="notes: Python 3.11"),
        ),
    ],
)
def test_an_exception_reads_as_python_shows_it(exc: BaseException) -> None:
    assert exception_lines(exc) == "".join(traceback.format_exception_only(exc))


def test_a_traceback_shows_the_student_s_frames_with_their_lines(tmp_path: Path) -> None:
    (tmp_path / "helper.py").write_text("def divide(a, b):\n    return a / b\n")
    (tmp_path / "agent.py").write_text(
        "from helper import divide\n\n\ndef search(game, state, depth):\n"
        "    return divide(1, 0), None\n"
    )
    agent = Agent(str(tmp_path))
    entry = agent.entry("search")
    try:
        entry(None, "s", 1)
    except ZeroDivisionError:
        shown = agent.student_traceback()
    finally:
        for name in ("agent", "helper"):
            sys.modules.pop(name, None)
        sys.path.remove(agent.folder)
    assert shown == (
        '  File "agent.py", line 5, in search\n'
        "    return divide(1, 0), None\n"
        '  File "helper.py", line 2, in divide\n'
        "    return a / b\n"
        "ZeroDivisionError: division by zero\n"
    )
    assert encode_json(shown)  # it crosses the link as it is


def test_a_traceback_of_an_exception_that_cannot_be_shown_still_ends(tmp_path: Path) -> None:
    """A student's exception whose text fails, raised from a file of a name no path can
    hold: the traceback says what it can, and the harness goes on."""
    agent = Agent(str(tmp_path))
    code = compile("raise Unprintable()", "agent.py", "exec")
    code = code.replace(co_filename=f"{tmp_path}/bad\0name.py")  # no path holds a NUL
    try:
        exec(code, {"Unprintable": Unprintable})
    except Unprintable:
        shown = agent.student_traceback()
    assert shown == "(the rest of the traceback cannot be shown)\n"
    assert exception_lines(Unprintable()) == "tests.sandboxes.test_harness.Unprintable\n"


def shown_by_the_harness(raised: BaseException | Any) -> tuple[str, str]:
    """The one-line message and the traceback the harness writes of ``raised``, an
    exception, or what a callable raises."""
    from sandboxes.answer import one_line

    agent = Agent("/nonexistent")
    try:
        if isinstance(raised, BaseException):
            raise raised
        raised()
    except BaseException as caught:
        return one_line(caught), agent.student_traceback()
    raise AssertionError("it raised nothing")


def test_an_exception_whose_text_exits_is_shown_by_its_name() -> None:
    line, shown = shown_by_the_harness(Leaving())
    assert (line, shown) == ("Leaving", "tests.sandboxes.test_harness.Leaving\n")


def test_an_exception_whose_class_has_no_name_is_still_shown() -> None:
    line, shown = shown_by_the_harness(NoName())
    assert (line, shown) == ("an exception", "tests.sandboxes.test_harness.NoName\n")


def test_a_traceback_shows_the_exception_it_came_from_first() -> None:
    def opening() -> None:
        try:
            {}["book"]
        except KeyError as exc:
            raise RuntimeError("no opening book") from exc

    _, shown = shown_by_the_harness(opening)
    assert shown.index("KeyError: 'book'") < shown.index(CAUSE) < shown.index(
        "RuntimeError: no opening book")


@pytest.mark.skipif(sys.version_info < (3, 11), reason="exception groups: Python 3.11")
def test_an_exception_group_shows_each_of_its_exceptions() -> None:
    import builtins

    group = builtins.ExceptionGroup  # type: ignore[attr-defined]  # Python 3.11
    line, shown = shown_by_the_harness(group("several", [ValueError("v"), TypeError("t")]))
    assert line == "ExceptionGroup: several (2 sub-exceptions)"
    assert shown.endswith("  +-- 1: ValueError: v\n  +-- 2: TypeError: t\n")


def test_paths_in_the_submission_read_as_the_student_knows_them(tmp_path: Path) -> None:
    agent = Agent(str(tmp_path))
    text = f"cannot import name 'heappush' from 'heapq' ({agent.folder}/heapq.py)"
    assert agent.in_own_words(text) == "cannot import name 'heappush' from 'heapq' (heapq.py)"
