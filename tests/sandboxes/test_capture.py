"""The submission's prints: bounded, and written through any of a console stream's ways."""

from __future__ import annotations

import io

import pytest

from sandboxes.capture import BoundedText
from sandboxes.link import OUTPUT_LIMIT


@pytest.mark.parametrize(
    ("write", "kept"),
    [
        pytest.param(lambda out: print("a", 1, file=out), "a 1\n", id="print"),
        pytest.param(lambda out: out.buffer.write("é\n".encode(out.encoding)), "é\n",
                     id="bytes-to-the-buffer"),
        pytest.param(lambda out: out.buffer.write(memoryview(b"x")), "x", id="a-memoryview"),
        pytest.param(lambda out: out.buffer.write(b"\xff"), "\ufffd", id="not-utf-8"),
    ],
)
def test_what_is_written_is_kept(write: object, kept: str) -> None:
    out = BoundedText()
    write(out)  # type: ignore[operator]
    out.buffer.flush()
    out.flush()
    assert out.take() == kept


def test_bytes_count_toward_the_bound_as_text() -> None:
    out = BoundedText()
    out.buffer.write(b"y" * (OUTPUT_LIMIT + 10))
    assert out.total == OUTPUT_LIMIT + 10
    assert out.take().endswith("[... 10 more characters not kept]")


def test_a_stream_wrapped_over_the_buffer_is_kept_once_flushed() -> None:
    # a common idiom: sys.stdout = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8");
    # the harness flushes the search's streams when it returns
    out = BoundedText()
    wrapped = io.TextIOWrapper(out.buffer, encoding="utf-8")
    print("wrapped", file=wrapped)
    wrapped.flush()
    assert out.take() == "wrapped\n"


def test_it_answers_what_code_asks_of_a_console_stream() -> None:
    out = BoundedText()
    out.reconfigure(encoding="utf-8", line_buffering=True)
    assert out.fileno() == out.buffer.fileno() == 2  # the process's stderr (faulthandler)
    assert (out.encoding, out.line_buffering, out.writable()) == ("utf-8", False, True)
    assert out.buffer.raw is out.buffer
