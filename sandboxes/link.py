"""The link: the wire protocol both sides of the sandbox speak, and what they agree on.

Standard library only. The harness (inside the sandbox) and the trusted grader
(:mod:`grader.hosts.session`) both use this module: lines of bytes over raw descriptors
(two pipes for the local sandbox, one Unix socket for a container), each line one compact
JSON value. The messages:

grader -> harness
    {"op": "run", "run": R, "entry": NAME, "depth": D, "players": N, "root": INFO,
     "k": LISTINGS, "conventions": {}, ["kind": "cs188", "agents": A]}  (kind: CS188's)
    {"r": ANSWER} or {"e": MESSAGE}                      (the answer to a request)
    {"r": ENTRIES, "k": LISTINGS}                        (the answer to ``actions``)
harness -> grader
    {"op": "ready"}                       (``--ready``: once confined, before any student code)
    {"op": "actions" | "noisy_actions" | "chance_outcomes" | "utility" | "evaluate"
           | "result" | "state", "s": TOKEN, ["a": ACTION], "local": CALLS}
    {"op": "time_left", "local": CALLS}                  (the virtual clock: ticks left)
    {"op": "random", "local": CALLS}            (the next draw of the test's random stream)
    {"op": "log", "local": CALLS}                        (no answer)
    {"op": "done", "value": V, "action": A, "local": CALLS, "output": TEXT}  (V null: cs188)
    {"op": "fail", "kind": KIND, "message": TEXT, "detail": TEXT, "local": CALLS, "output": TEXT}

A state is an opaque token the grader made for this run. ``INFO`` is what is public
about a state: ``[token, to_move, terminal, chance, quiet, outcome]`` (outcome: a CS188
terminal's ``"win"`` or ``"lose"``, else null). A state's listing, ``ENTRIES``, is
``[[action, INFO of the child], ...]`` in the order of its actions; ``LISTINGS`` are
``[[token, ENTRIES], ...]`` of states below, sent ahead of the search (breadth first,
a bounded number of entries), so that most ``actions`` calls need no round trip.
Evaluations are round trips, so the grader records them itself, and so is a listing the
sandbox does not have; ``actions``, ``result``, ``to_move``, ``is_terminal``,
``is_quiet`` and ``is_chance`` are answered in the sandbox from the listings it has and
reported to the grader in ``CALLS`` (``[[op, token], ...]``, and
``[result, token, action]``) with the next message, so the recorded order is the order
of the calls. Nothing in a listing is a visit: the tree's shape is public, its payoffs
are not. The harness writes a payoff read (``utility``, ``evaluate``) with ``op`` and
``s`` first, as above, and the grader answers it from that start of the line, before it
reads the rest (``grader.hosts.session``); a token is ``s`` and 12 hex digits, plain
text that JSON writes as it is. Every message of the harness in a run carries that
run's ``"run": R``; ``"bye": true`` on its last says that the harness exits after it (a
thread of the submission still runs) and the next run needs a fresh one.

Both sides also agree on how a container's watcher (:mod:`sandboxes.watcher`) ends:
the exit codes below.
"""

from __future__ import annotations

import math
import os
import select
import time

TYPE_CHECKING = False  # typing is not imported at run time: the harness starts sooner
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

SPIN_POLLS = 250  # looks at an idle descriptor (about 2 us each) before a read sleeps
LOAD_CHECK_READS = 1024  # reads between two looks at the machine's load
# how a container's watcher (``--watch``) ends: see sandboxes.watcher.watch()
GONE_EXIT, OOM_EXIT, NORMAL_EXIT_MAX = 250, 251, 127
OUTPUT_LIMIT = 4000  # characters of a run's prints the harness keeps (sandboxes.capture)
OUTPUT_SENT_MAX = OUTPUT_LIMIT + 64
"""The most of a run's prints an honest harness sends as ``output``: those it kept, and
its note of how many it did not (the grader shows this much, the note kept whole)."""


# JSON through the standard library's C accelerator, ``_json``, without the ``json``
# package, whose import (its regular expressions, and with them ``re`` and ``enum``) would
# be a sixth of the harness's start; ``json`` itself where there is no accelerator
_EXPECTED = '{"a":[1,2.5,null,true,"\\u00e9"]}'


def _compact_encoder() -> Callable[[Any], str]:
    """``json.dumps(x, separators=(",", ":"))``, without its cost of building an encoder
    at every call, which is more than the encoding of a protocol message."""
    try:
        from _json import encode_basestring_ascii, make_encoder

        # the arguments JSONEncoder.iterencode passes, but no dict of markers: every
        # message is built of plain, acyclic values, and a dict kept between calls could
        # keep a stale marker after a failed call
        make = make_encoder(
            None, _not_json, encode_basestring_ascii, None, ":", ",", False, False, True
        )
        if "".join(make({"a": [1, 2.5, None, True, "\u00e9"]}, 0)) != _EXPECTED:
            raise TypeError
    except (ImportError, TypeError):  # no C accelerator, or another signature
        import json

        return json.JSONEncoder(separators=(",", ":")).encode
    return lambda message: "".join(make(message, 0))


def _not_json(x: Any) -> Any:
    raise TypeError(f"Object of type {type(x).__name__} is not JSON serializable")


class _Options:
    """What the C scanner reads of a ``json.JSONDecoder``: its defaults."""

    strict = True
    object_hook = object_pairs_hook = None
    parse_float, parse_int = float, int
    parse_constant = {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}.__getitem__


def _scanner() -> Callable[[str, int], tuple[Any, int]]:
    """The scanner ``json.loads`` uses: one JSON value at an index, and where it ends."""
    try:
        from _json import make_scanner
    except ImportError:  # no C accelerator: the json package's own scanner
        from json import JSONDecoder
        from json.scanner import make_scanner as py_make_scanner

        scan: Any = py_make_scanner(JSONDecoder())  # type: ignore[arg-type]
    else:
        scan = make_scanner(_Options())  # type: ignore[arg-type]  # it reads these six
    return scan  # type: ignore[no-any-return]


def _text_encoder() -> Callable[[str], str]:
    """A string as a JSON string, quotes and escapes included."""
    try:
        from _json import encode_basestring_ascii
    except ImportError:
        from json.encoder import encode_basestring_ascii
    return encode_basestring_ascii


encode_json = _compact_encoder()
encode_text = _text_encoder()
_scan = _scanner()


class TooDeep(ValueError):
    """A JSON value nested deeper than the decoder goes."""


def decode_json(text: str) -> Any:
    """One compact JSON value that fills ``text`` (no space around it); ValueError
    otherwise (:class:`TooDeep` for one nested too deep to decode)."""
    try:
        value, end = _scan(text, 0)
    except StopIteration:  # no value begins there
        raise ValueError("not a JSON value") from None
    except RecursionError:
        raise TooDeep("a message nested too deeply") from None
    if end != len(text):
        raise ValueError("extra data after the message")
    return value


class LineTooLong(ValueError):
    """The other end sent more than the allowed bytes without ending its line."""


class Link:
    """Lines of bytes both ways over raw descriptors: two pipes, or one socket used twice.

    This is the cost of every round trip, so it stays close to the system calls: no
    buffered file objects, and a read that finds nothing looks again for up to about
    0.5 ms before it sleeps, because the answer usually arrives that soon and waking a
    sleeping process on another core costs more than a whole round trip's work (the
    start and end of a small test's run, where each side has more to do than a round
    trip's, fit in that too). Between
    looks it yields its core, so that when both ends share one core (a pinned container)
    the other end runs at once instead of waiting for the spin to end. On a machine with
    no core to spare (:func:`spare_core`) it does not look again but sleeps at once: a
    process that spins gives up the head start the scheduler gives one that wakes, and
    each round trip then waits for other processes' time slices.
    The grader uses it too, with a deadline and a bound on the length of a line.
    """

    def __init__(self, read_fd: int, write_fd: int, *, max_line: int = 0) -> None:
        self.read_fd, self.write_fd = read_fd, write_fd
        self.max_line = max_line  # 0: no bound
        self._buf = b""
        os.set_blocking(read_fd, False)
        os.set_blocking(write_fd, False)
        self._readable = _waiter(read_fd, writing=False)
        self._writable = _waiter(write_fd, writing=True)
        self._spins = 0  # looks before a read sleeps, from the machine's load
        self._reads = 0  # reads left before the load is looked at again

    def close(self) -> None:
        for fd in {self.read_fd, self.write_fd}:
            try:
                os.close(fd)
            except OSError:
                pass

    def send(self, data: bytes, deadline: float | None = None) -> None:
        """Write all of ``data``; TimeoutError if the other end stops reading too long."""
        while data:
            try:
                data = data[os.write(self.write_fd, data) :]
            except BlockingIOError:
                self._wait(self._writable, deadline)

    def send_json(self, message: Any, deadline: float | None = None) -> None:
        """``message`` as one compact JSON line."""
        self.send((encode_json(message) + "\n").encode(), deadline)

    def receive(self, deadline: float | None = None) -> bytes:
        """The next line without its newline; ``b""`` once the other end has closed.

        LineTooLong past ``max_line`` bytes, TimeoutError past ``deadline`` (monotonic).
        """
        buf = self._buf
        end = buf.find(b"\n")
        while end < 0:
            if self.max_line and len(buf) > self.max_line:
                raise LineTooLong(f"a message longer than {self.max_line} bytes")
            chunk = self._read(deadline)
            if not chunk:
                self._buf = b""
                return b""
            start = len(buf)
            buf += chunk
            end = buf.find(b"\n", start)
        self._buf = buf[end + 1 :]
        return buf[:end]

    def pending(self) -> bool:
        """Whether there is something to read now, or the other end has closed: a line
        kept, or bytes (or the end) on the descriptor."""
        return bool(self._buf) or self._readable(0)

    def _read(self, deadline: float | None) -> bytes:
        ready = self._readable
        self._reads -= 1
        if self._reads <= 0:
            self._reads = LOAD_CHECK_READS
            self._spins = SPIN_POLLS if spare_core() else 0
        for _ in range(self._spins):
            if ready(0):
                break
            os.sched_yield()  # a process waiting for this core, the other end perhaps, goes first
        while True:
            try:
                return os.read(self.read_fd, 65536)
            except BlockingIOError:
                self._wait(self._readable, deadline)

    @staticmethod
    def _wait(ready: Callable[[float | None], bool], deadline: float | None) -> None:
        if deadline is None:
            ready(None)
            return
        left = deadline - time.monotonic()
        if left <= 0 or not ready(left):
            raise TimeoutError


def spare_core() -> bool:
    """Whether this machine has a core to spare: fewer processes runnable than its cores
    + 1 (the two ends of a spinning link included), both over the last minute (the load
    average) and right now. The lesser counts: a burst that has ended still weighs on the
    average for minutes, while a moment's count may catch a passing process."""
    cores = os.cpu_count() or 1
    try:
        with open("/proc/loadavg", "rb") as f:
            return spare(f.read(), cores)
    except OSError:  # no such file here (not Linux): the load average alone
        pass
    try:
        return os.getloadavg()[0] < cores + 1
    except OSError:  # no load average to read here
        return True


def spare(loadavg: bytes, cores: int) -> bool:
    """:func:`spare_core` from the text of ``/proc/loadavg`` (``0.52 0.58 0.59 2/107
    4242``: the averages, then the runnable and all scheduling entities, the last PID)."""
    try:
        fields = loadavg.split()
        average, running = float(fields[0]), int(fields[3].split(b"/")[0])
    except (IndexError, ValueError):
        return True
    return min(average, running) < cores + 1


def _waiter(fd: int, *, writing: bool) -> Callable[[float | None], bool]:
    """A function that waits up to ``timeout`` seconds (None: for ever) until ``fd`` can be
    read (or written) and says whether it can. poll() where Python has it; select() where
    it does not (some macOS builds)."""
    if hasattr(select, "poll"):
        poller = select.poll()
        poller.register(fd, select.POLLOUT if writing else select.POLLIN)

        def wait(timeout: float | None) -> bool:
            return bool(poller.poll(None if timeout is None else math.ceil(timeout * 1000)))

        return wait
    reads, writes = ([], [fd]) if writing else ([fd], [])

    def wait_select(timeout: float | None) -> bool:
        return any(select.select(reads, writes, [], timeout)[:2])

    return wait_select
