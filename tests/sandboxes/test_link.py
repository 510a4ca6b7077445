"""The link both ends of the protocol speak over: lines over raw pipes, bounded and timed,
and the compact JSON they carry."""

from __future__ import annotations

import json
import math
import os
import select
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from sandboxes.link import LineTooLong, Link, decode_json, encode_json, spare


@pytest.fixture(params=["poll", "select"], autouse=True)
def waiting(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each test with poll(), and with select() as on Pythons without poll (some macOS)."""
    if request.param == "select":
        monkeypatch.delattr(select, "poll")
    return str(request.param)


@pytest.fixture
def pipe() -> Iterator[tuple[Link, int]]:
    """A link reading from a pipe, and the pipe's writing end for the test to feed."""
    read_fd, write_fd = os.pipe()
    spare_read, spare_write = os.pipe()  # the link's own writing side, unused here
    link = Link(read_fd, spare_write, max_line=1000)
    yield link, write_fd
    link.close()
    for fd in (write_fd, spare_read):
        os.close(fd)


@pytest.mark.parametrize(
    ("writes", "lines"),
    [
        pytest.param([b"one\n"], [b"one"], id="one-line-one-write"),
        pytest.param([b"on", b"e\ntw", b"o\n"], [b"one", b"two"], id="lines-split-across-writes"),
        pytest.param([b"a\nb\nc\n"], [b"a", b"b", b"c"], id="three-lines-one-write"),
        pytest.param([b"\n"], [b""], id="an-empty-line"),
    ],
)
def test_lines_come_out_as_they_were_written(
    pipe: tuple[Link, int], writes: list[bytes], lines: list[bytes]
) -> None:
    link, fd = pipe
    for data in writes:
        os.write(fd, data)
    assert [link.receive(time.monotonic() + 2) for _ in lines] == lines


def test_a_closed_other_end_reads_as_empty_after_its_last_line(pipe: tuple[Link, int]) -> None:
    link, fd = pipe
    os.write(fd, b"last\npartial")
    os.close(os.dup(fd))  # a copy closed: the other end is still open
    assert link.receive(time.monotonic() + 2) == b"last"
    read_fd, write_fd = os.pipe()
    os.write(write_fd, b"last\npartial")
    os.close(write_fd)
    spare_read, spare_write = os.pipe()
    ended = Link(read_fd, spare_write)
    try:
        assert ended.receive(time.monotonic() + 2) == b"last"
        assert ended.receive(time.monotonic() + 2) == b""  # an unfinished line is dropped
    finally:
        ended.close()
        os.close(spare_read)


def test_a_line_past_the_bound_is_refused_without_reading_on(pipe: tuple[Link, int]) -> None:
    link, fd = pipe
    os.write(fd, b"x" * 5000)  # no newline, ever
    with pytest.raises(LineTooLong, match="longer than 1000 bytes"):
        link.receive(time.monotonic() + 2)


def test_silence_past_the_deadline_is_a_timeout(pipe: tuple[Link, int]) -> None:
    link, _ = pipe
    started = time.monotonic()
    with pytest.raises(TimeoutError):
        link.receive(started + 0.2)
    assert 0.2 <= time.monotonic() - started < 1.5


def test_a_reader_that_stops_reading_times_the_writer_out() -> None:
    read_fd, write_fd = os.pipe()
    link = Link(read_fd, write_fd)
    try:
        started = time.monotonic()
        with pytest.raises(TimeoutError):  # nobody reads: the pipe fills and stays full
            link.send(b"y" * (4 << 20), started + 0.2)
        assert time.monotonic() - started < 1.5
    finally:
        link.close()


def test_a_large_message_crosses_whole_while_the_other_end_reads() -> None:
    to_them, from_us = os.pipe()
    from_them, to_us = os.pipe()
    ours, theirs = Link(from_them, from_us), Link(to_them, to_us, max_line=8 << 20)
    message = b"z" * (3 << 20)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(theirs.receive(time.monotonic() + 10)))
    reader.start()
    try:
        ours.send(message + b"\n", time.monotonic() + 10)
        reader.join(10)
        assert got == [message]
    finally:
        ours.close()
        theirs.close()


@pytest.mark.parametrize(
    "value",
    [
        pytest.param({"op": "actions", "s": "s0123", "run": 3, "local": [["result", "s1"]]},
                     id="a-request"),
        pytest.param({"r": [["a1", ["s1", 1, False, False, True]], ["a2", ["s2", None, True]]]},
                     id="an-answer"),
        pytest.param({"value": [1.5, -2, 10**20], "action": "é\n\"'"}, id="numbers-and-text"),
        pytest.param({"v": math.inf}, id="infinity"),
        pytest.param({"v": -math.inf, "w": None, "t": True, "f": False}, id="constants"),
        pytest.param([], id="a-list"),
    ],
)
def test_the_compact_encoder_writes_what_json_dumps_writes(value: Any) -> None:
    expected = json.dumps(value, separators=(",", ":"))
    assert encode_json(value) == expected
    assert decode_json(expected) == value


@pytest.mark.parametrize(
    "text",
    [
        pytest.param('{"op":"done"} trailing', id="data-after-the-value"),
        pytest.param('{"op":"done"}{"op":"done"}', id="two-values"),
        pytest.param("", id="nothing"),
        pytest.param("{'op': 1}", id="not-json"),
        pytest.param(' {"op":"done"}', id="space-before-the-value"),
        pytest.param('{"op":"done"} ', id="space-after-the-value"),
        pytest.param("[" * 100_000 + "]" * 100_000, id="nested-too-deep"),
        pytest.param('{"a":1', id="unfinished"),
    ],
)
def test_decoding_refuses_anything_but_one_value(text: str) -> None:
    with pytest.raises(ValueError):
        decode_json(text)


def test_not_a_number_decodes_as_json_loads_reads_it() -> None:
    """``NaN`` as ``json.loads`` takes it: the grader refuses it where a value must be finite."""
    value = decode_json('{"v":NaN}')["v"]
    assert isinstance(value, float) and math.isnan(value)


def test_a_value_json_cannot_hold_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="set is not JSON serializable"):
        encode_json({"v": {1, 2}})


@pytest.mark.parametrize(
    ("loadavg", "cores", "expected"),
    [
        pytest.param(b"0.52 0.58 0.59 2/107 4242\n", 2, True, id="idle-but-both-ends"),
        pytest.param(b"3.95 3.10 2.00 1/107 4242\n", 2, True, id="a-burst-that-has-ended"),
        pytest.param(b"0.40 0.50 0.60 9/107 4242\n", 2, True, id="a-passing-moment"),
        pytest.param(b"14.00 13.90 12.00 15/200 4242\n", 2, False, id="a-loaded-machine"),
        pytest.param(b"5.00 5.00 5.00 5/200 4242\n", 8, True, id="more-cores"),
        pytest.param(b"", 2, True, id="nothing-to-read"),
    ],
)
def test_a_core_is_spare_unless_both_the_average_and_the_moment_say_otherwise(
    loadavg: bytes, cores: int, expected: bool
) -> None:
    assert spare(loadavg, cores) is expected
