"""The submission's prints: a bounded stand-in for stdout and stderr.

Standard library only; it runs inside the sandbox. The harness points ``sys.stdout`` and
``sys.stderr`` at a :class:`BoundedText`, sends what it kept with each run's last
message, and makes a run that printed more than ``OUTPUT_HARD_LIMIT`` an error.
"""

from __future__ import annotations

import io

from sandboxes.link import OUTPUT_LIMIT

OUTPUT_HARD_LIMIT = 1 << 20  # characters a run may print before it is an error
STDERR_FD = 2  # the process's own stderr: what a stream's fileno() gives

TYPE_CHECKING = False  # typing is not imported at run time: the harness starts sooner
if TYPE_CHECKING:
    from typing import Any


class BoundedText(io.TextIOBase):
    """A stdout/stderr that keeps the first ``OUTPUT_LIMIT`` characters and counts the rest.

    It answers what code asks of a real console stream: its ``encoding`` (UTF-8), its
    ``buffer``, whose bytes it takes as UTF-8 text, ``reconfigure`` (which changes
    nothing), and a descriptor, ``fileno``: the process's stderr, which the grader shows
    when the process dies (``faulthandler`` writes there)."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.kept = 0
        self.dropped = 0
        self.total = 0
        self.buffer = _Bytes(self)

    encoding = "utf-8"
    errors = "strict"
    line_buffering = False
    mode = "w"
    name = "<stdout>"

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return STDERR_FD

    def close(self) -> None:
        """Stay open: a search that closes its stdout (or drops a wrapper over its
        ``buffer``, which closes it) must not silence the tests after it."""

    def reconfigure(self, **options: Any) -> None:
        """Take a change of encoding, errors or buffering, as a console stream would: the
        prints are kept as text whatever they are."""

    def write(self, text: str) -> int:
        text = str(text)
        self.total += len(text)
        room = OUTPUT_LIMIT - self.kept
        if room > 0:
            self.parts.append(text[:room])
            self.kept += min(room, len(text))
        self.dropped += max(0, len(text) - max(room, 0))
        return len(text)

    def take(self) -> str:
        out = "".join(self.parts)
        if self.dropped:
            out += f"\n[... {self.dropped} more characters not kept]"
        self.parts, self.kept, self.dropped, self.total = [], 0, 0, 0
        return out


class _Bytes(io.RawIOBase):
    """The ``buffer`` of a :class:`BoundedText`: bytes written there are its text."""

    def __init__(self, text: BoundedText) -> None:
        self._text = text
        self.raw = self

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return STDERR_FD

    def close(self) -> None:
        """Stay open, as the text does."""

    def write(self, data: object) -> int:
        chunk = bytes(data)  # type: ignore[call-overload]  # bytes, bytearray, memoryview
        self._text.write(chunk.decode("utf-8", "replace"))
        return len(chunk)
