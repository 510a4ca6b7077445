"""The sandbox harness: runs a submission's entry point against a remote ``game``.

Standard library only; it runs inside the sandbox (a limited child process or a
container) and never sees a tree or an expected result. It talks to the trusted grader
in JSON lines, over two pipes (the local sandbox) or one Unix socket (a container):

grader -> harness
    {"op": "run", "entry": NAME, "depth": D, "players": N, "root": INFO, "conventions": {}}
    {"r": ANSWER} or {"e": MESSAGE}                      (the answer to a request)
harness -> grader
    {"op": "actions" | "noisy_actions" | "chance_outcomes" | "utility" | "evaluate"
           | "result" | "state", "s": TOKEN, ["a": ACTION], "local": CALLS}
    {"op": "log", "local": CALLS}                        (no answer)
    {"op": "done", "value": V, "action": A, "local": CALLS, "output": TEXT}
    {"op": "fail", "kind": KIND, "message": TEXT, "detail": TEXT, "local": CALLS, "output": TEXT}

A state is an opaque token the grader made for this run. ``INFO`` is what is public
about a state: ``[token, to_move, terminal, chance, quiet]``. Expansions and evaluations
are round trips, so the grader records them itself; ``result``, ``to_move``,
``is_terminal``, ``is_quiet`` and ``is_chance`` are answered here from what expansions
returned and reported to the grader in ``CALLS`` (``[[op, token], ...]``, and
``[result, token, action]``) with the next message, so the recorded order is the order
of the calls.

Before the submission is imported the harness confines itself (``confinement.py``:
limits, the drop from root, the parent-death signal, a seccomp filter); the grader
starts it inside namespaces and a fresh root of its own where the machine allows.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import importlib.util
import io
import json
import math
import os
import select
import signal
import socket
import sys
import time
import traceback
from collections.abc import Callable
from typing import Any

try:
    from sandboxes.confinement import ConfinementError, confine, kill_leftovers
except ImportError:  # run as a script (python -I): its own folder is not on the path
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from confinement import (  # type: ignore[import-not-found,no-redef,unused-ignore]
        ConfinementError,
        confine,
        kill_leftovers,
    )

FLUSH_EVERY = 4096  # local calls kept before they are sent on their own
OUTPUT_LIMIT = 4000  # characters of the submission's prints kept per run
OUTPUT_HARD_LIMIT = 1 << 20  # characters a run may print before it is an error
CONFINEMENT_FAILED = 125  # the exit code of a harness that could not confine itself
MAX_INT_BITS = 10_000  # an int value longer than this (about 3,000 digits) is refused


class GameError(ValueError):
    """A call the game cannot answer: an unknown state, an illegal action, a bad player."""


SPIN_POLLS = 50  # looks at an idle descriptor (about 2 us each) before a read sleeps


def _compact_encoder() -> Any:
    """``json.dumps(x, separators=(",", ":"))`` without its cost of building an encoder
    at every call, which is more than the encoding of a protocol message."""
    encoder = json.JSONEncoder(separators=(",", ":"))
    try:
        from json.encoder import (  # type: ignore[attr-defined]
            c_make_encoder,
            encode_basestring_ascii,
        )

        # the arguments JSONEncoder.iterencode passes, but no dict of markers: every
        # message is built of plain, acyclic values, and a dict kept between calls could
        # keep a stale marker after a failed call
        make = c_make_encoder(
            None, encoder.default, encode_basestring_ascii, None, ":", ",", False, False, True
        )
        probe = {"a": [1, 2.5, None, True, "\u00e9"]}
        if "".join(make(probe, 0)) != encoder.encode(probe):
            raise TypeError
    except (ImportError, TypeError):  # no C accelerator, or another signature
        return encoder.encode
    return lambda message: "".join(make(message, 0))


encode_json = _compact_encoder()
_raw_decode = json.JSONDecoder().raw_decode


def decode_json(text: str) -> Any:
    """One compact JSON value that fills ``text``; ValueError otherwise (nested too deep
    to decode included)."""
    try:
        value, end = _raw_decode(text)
    except RecursionError:
        raise ValueError("a message nested too deeply") from None
    if end != len(text):
        raise ValueError("extra data after the message")
    return value


class LineTooLong(ValueError):
    """The other end sent more than the allowed bytes without ending its line."""


class Link:
    """Lines of bytes both ways over raw descriptors: two pipes, or one socket used twice.

    This is the cost of every round trip, so it stays close to the system calls: no
    buffered file objects, and a read that finds nothing looks again for up to about
    0.1 ms before it sleeps, because the answer usually arrives that soon and waking a
    sleeping process on another core costs more than a whole round trip's work. Between
    looks it yields its core, so that when both ends share one core (a busy machine, a
    pinned container) the other end runs at once instead of waiting for the spin to end.
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

    def close(self) -> None:
        for fd in {self.read_fd, self.write_fd}:
            with contextlib.suppress(OSError):
                os.close(fd)

    def send(self, data: bytes, deadline: float | None = None) -> None:
        """Write all of ``data``; TimeoutError if the other end stops reading too long."""
        while data:
            try:
                data = data[os.write(self.write_fd, data):]
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
        self._buf = buf[end + 1:]
        return buf[:end]

    def _read(self, deadline: float | None) -> bytes:
        ready = self._readable
        for _ in range(SPIN_POLLS):
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


class _Channel:
    """The harness's end: JSON messages over a :class:`Link` to the grader."""

    def __init__(self, link: Link) -> None:
        self._link = link
        self._pid = os.getpid()
        self.local: list[list[Any]] = []
        self.run = 0  # the run every message belongs to

    def send(self, message: dict[str, Any]) -> None:
        if os.getpid() != self._pid:  # a process the submission forked never speaks
            os._exit(1)
        message["run"] = self.run
        if self.local:
            message["local"] = self.local
            self.local = []
        self._link.send_json(message)

    def receive(self) -> dict[str, Any]:
        line = self._link.receive()
        if not line:
            raise SystemExit(0)  # the grader closed the connection
        message: dict[str, Any] = decode_json(line.decode())
        return message

    def call(self, message: dict[str, Any]) -> Any:
        self.send(message)
        reply = self.receive()
        if "e" in reply:
            raise GameError(reply["e"])
        return reply["r"]

    def note(self, op: str, token: str, *action: str) -> None:
        self.local.append([op, token, *action])
        if len(self.local) >= FLUSH_EVERY:
            self.send({"op": "log"})


class RemoteGame:
    """The student API of the assignment; every answer comes from the grader."""

    def __init__(self, channel: _Channel, players: int, conventions: dict[str, Any]) -> None:
        self._ch = channel
        self.num_players = players
        self._info: dict[str, list[Any]] = {}
        self._children: dict[tuple[str, Any], tuple[str, str]] = {}  # -> (child, action)
        for key, value in conventions.items():
            setattr(self, key, value)

    def _learn(self, info: list[Any]) -> str:
        self._info[info[0]] = info
        return info[0]  # type: ignore[no-any-return]

    def _public(self, s: Any, op: str, field: int) -> Any:
        info = self._info.get(s) if isinstance(s, str) else None
        if info is None:
            info = self._ch.call({"op": "state", "s": _token(s)})
            self._learn(info)
        self._ch.note(op, s)
        return info[field]

    def to_move(self, s: Any) -> int:
        player = self._public(s, "to_move", 1)
        if player is None:
            raise GameError(f"{s} is not a decision node: no player moves there")
        return player  # type: ignore[no-any-return]

    def is_terminal(self, s: Any) -> bool:
        return bool(self._public(s, "is_terminal", 2))

    def is_chance(self, s: Any) -> bool:
        return bool(self._public(s, "is_chance", 3))

    def is_quiet(self, s: Any) -> bool:
        return bool(self._public(s, "is_quiet", 4))

    def actions(self, s: Any) -> list[Any]:
        return [e[0] for e in self._expand("actions", s)]

    def noisy_actions(self, s: Any) -> list[Any]:
        return [e[0] for e in self._expand("noisy_actions", s)]

    def chance_outcomes(self, s: Any) -> list[tuple[Any, float]]:
        return [(e[0], e[1]) for e in self._expand("chance_outcomes", s)]

    def _expand(self, op: str, s: Any) -> list[Any]:
        """Ask for ``s``'s moves; each entry is ``[action, ..., INFO of the child]``."""
        answer = self._ch.call({"op": op, "s": _token(s)})
        for entry in answer:
            self._children[(s, entry[0])] = (self._learn(entry[-1]), entry[0])
        return answer  # type: ignore[no-any-return]

    def result(self, s: Any, a: Any) -> str:
        try:
            known = self._children.get((s, a))
        except TypeError:
            raise GameError(f"{a!r} is not an action of {s}") from None
        if known is None:
            info = self._ch.call({"op": "result", "s": _token(s), "a": _action(a)})
            child = self._learn(info)
            self._children[(s, a)] = (child, str.__str__(a))  # legal: a string
            return child
        child, action = known  # the action as the game wrote it, whatever ``a`` is
        self._ch.note("result", s, action)
        return child

    def utility(self, s: Any, p: int = 0) -> float:
        return self._pick(self.utilities(s), p)  # type: ignore[no-any-return]

    def utilities(self, s: Any) -> list[float]:
        return self._ch.call({"op": "utility", "s": _token(s)})  # type: ignore[no-any-return]

    def evaluate(self, s: Any, p: int = 0) -> float:
        return self._pick(self.evaluations(s), p)  # type: ignore[no-any-return]

    def evaluations(self, s: Any) -> list[float]:
        return self._ch.call({"op": "evaluate", "s": _token(s)})  # type: ignore[no-any-return]

    def _pick(self, vector: list[float], p: Any) -> Any:
        if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < self.num_players:
            raise GameError(f"player {p!r} does not exist; players are 0 to {self.num_players - 1}")
        return vector[p]


def _token(s: Any) -> str:
    if not isinstance(s, str):
        raise GameError(f"{s!r} is not a state of this game")
    return s


def _action(a: Any) -> Any:
    if isinstance(a, (str, int, float)) or a is None:
        return a
    raise GameError(f"{a!r} is not an action of this game")


class _BoundedText(io.TextIOBase):
    """A stdout/stderr that keeps the first ``OUTPUT_LIMIT`` characters and counts the rest."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.kept = 0
        self.dropped = 0
        self.total = 0

    def writable(self) -> bool:
        return True

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


class Harness:
    """Imports the submission once and runs one entry point call per ``run`` message."""

    def __init__(self, channel: _Channel, submission: str, *, namespace: bool = False) -> None:
        self.channel = channel
        self.namespace = namespace
        self.submission = os.path.realpath(submission)
        self.output = _BoundedText()
        self._module: Any = None
        self._import_failure: dict[str, str] | None = None

    def serve(self) -> None:
        sys.stdout = sys.stderr = self.output
        while True:
            message = self.channel.receive()
            if message.get("op") != "run":
                continue
            self.channel.run = message["run"]
            reply = self.run(message)
            threads = _thread_count() - 1
            processes = kill_leftovers(namespace=self.namespace)
            if reply["op"] == "done" and (threads or processes):
                what = f"{threads} thread(s)" if threads else f"{processes} process(es)"
                reply = self._fail("leftover", f"left {what} running after it returned; "
                                   "a search must finish all its work before it returns", "")
            if reply["op"] == "done" and self.output.total > OUTPUT_HARD_LIMIT:
                reply = self._fail("output", f"printed {self.output.total} characters, more "
                                   f"than the {OUTPUT_HARD_LIMIT} allowed; remove debug prints",
                                   "")
            reply["output"] = self.output.take()
            if threads:
                reply["bye"] = True  # the grader starts a fresh harness for the next run
            self.channel.send(reply)
            if threads:
                os._exit(0)  # a thread may still use the game: start afresh

    def run(self, message: dict[str, Any]) -> dict[str, Any]:
        try:
            entry = self._entry(message["entry"])
            game = RemoteGame(self.channel, message["players"], message.get("conventions", {}))
            game._learn(message["root"])
            result = entry(game, message["root"][0], message["depth"])
            return self._done(result)
        except _Failure as failure:
            return self._fail(failure.kind, failure.message, failure.detail)
        except MemoryError:
            return self._fail("memory", "the search ran out of memory", "")
        except BaseException as exc:  # the student's exception, sys.exit included
            return self._fail("exception", _one_line(exc), self._student_traceback())

    def _done(self, result: Any) -> dict[str, Any]:
        if not isinstance(result, (tuple, list)) or len(result) != 2:
            raise _Failure("return", f"returned {_short(result)}; return a pair (value, action)")
        value, action = result
        return {"op": "done", "value": _plain(value), "action": _plain(action)}

    def _fail(self, kind: str, text: str, detail: str) -> dict[str, Any]:
        return {"op": "fail", "kind": kind, "message": text, "detail": detail}

    def _entry(self, name: str) -> Any:
        module = self._load()
        entry = getattr(module, name, None)
        if not callable(entry):
            found = sorted(n for n in vars(module) if not n.startswith("_") and callable(
                getattr(module, n)))
            hint = f"; it defines {', '.join(found)}" if found else ""
            raise _Failure("entry", f"agent.py has no function {name}(game, state, depth){hint}")
        return entry

    def _load(self) -> Any:
        if self._import_failure is not None:
            raise _Failure(**self._import_failure)
        if self._module is not None:
            return self._module
        path = os.path.join(self.submission, "agent.py")
        sys.path.insert(0, self.submission)
        try:
            spec = importlib.util.spec_from_file_location("agent", path)
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            sys.modules["agent"] = module
            spec.loader.exec_module(module)
        except SyntaxError as exc:
            where = f"line {exc.lineno}" if exc.lineno else "agent.py"
            self._import_failure = {"kind": "import", "message":
                                    f"agent.py does not compile: {exc.msg} ({where})",
                                    "detail": "".join(traceback.format_exception_only(exc))}
            raise _Failure(**self._import_failure) from None
        except BaseException as exc:
            if isinstance(exc, MemoryError):
                raise
            self._import_failure = {"kind": "import",
                                    "message": f"importing agent.py failed: {_one_line(exc)}",
                                    "detail": self._student_traceback()}
            raise _Failure(**self._import_failure) from None
        self._module = module
        return module

    def _student_traceback(self) -> str:
        kind, exc, tb = sys.exc_info()
        prefix = self.submission + os.sep
        frames = traceback.StackSummary.from_list(
            [f for f in traceback.extract_tb(tb) if os.path.realpath(f.filename).startswith(prefix)]
        )
        for frame in frames:  # the student knows their files by their own names
            frame.filename = os.path.realpath(frame.filename)[len(prefix):]
        lines = traceback.format_list(frames[-6:])
        if exc is not None:
            lines += traceback.format_exception_only(kind, exc)
        return "".join(lines)


class _Failure(Exception):
    def __init__(self, kind: str, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.kind, self.message, self.detail = kind, message, detail


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0][:300]}" if text else type(exc).__name__


def _short(x: Any) -> str:
    try:
        text = repr(x)
    except Exception:
        text = f"<{type(x).__name__}>"
    return text if len(text) <= 80 else text[:77] + "..."


def _plain(x: Any) -> Any:
    """A value or action as JSON: numbers, strings, None, and sequences of numbers."""
    if x is None or isinstance(x, (bool, str)):
        return x
    if isinstance(x, float):
        return float.__float__(x)  # inf and nan too: the grader compares, never trusts them
    if isinstance(x, int):
        bits = int.bit_length(x)  # int's own: a subclass may lie about its size
        if bits > MAX_INT_BITS:
            raise _Failure("return", f"returned an integer of {bits} bits; a value "
                           "is a number the game's payoffs can make")
        return int.__int__(x)
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    try:
        return float(x)  # numpy scalars and the like
    except (TypeError, ValueError):
        raise _Failure("return", f"returned {_short(x)}; values are numbers and actions are "
                       "those game.actions gave") from None


def _thread_count() -> int:
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return 1


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Run a submission against a remote game.")
    parser.add_argument("--submission", required=True, help="folder holding agent.py")
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--fds", nargs=2, type=int, metavar=("READ", "WRITE"),
                       help="inherited descriptors to read from and write to (two pipes)")
    where.add_argument("--connect", help="path of the grader's Unix socket")
    where.add_argument("--probe", action="store_true",
                       help="confine, say so on stdout and exit (the grader's check)")
    parser.add_argument("--memory-mb", type=int, default=256)
    parser.add_argument("--cpu-s", type=int, default=60)
    parser.add_argument("--processes", type=int, default=64)
    parser.add_argument("--tag", help="a name for the machine's process list; unused")
    parser.add_argument("--namespace", action="store_true",
                        help="in a PID namespace of its own, whose PID 1 is bwrap's")
    parser.add_argument("--ready", action="store_true",
                        help='send {"op": "ready"} once confined, before any student code')
    parser.add_argument("--watch", action="store_true",
                        help="as a container's PID 1: watch the grader's socket and the run")
    args = parser.parse_args(argv)
    if args.probe:
        link = Link(*os.pipe())
    else:
        link = Link(*args.fds) if args.fds else _connect(args.connect)
    namespace = args.namespace
    if args.watch and os.getpid() == 1:
        watch(link)  # returns in the child, whose parent is the namespace's PID 1
        namespace = True
    try:
        confine(memory_mb=args.memory_mb, cpu_s=args.cpu_s, processes=args.processes,
                watch_fd=link.read_fd)
    except (ConfinementError, OSError) as exc:
        print(f"harness: cannot confine the submission: {exc}", file=sys.stderr)
        os._exit(CONFINEMENT_FAILED)
    if args.probe:
        print(f"confined uid={os.getuid()} pid={os.getpid()} parent={os.getppid()}",
              flush=True)
        return
    if os.getpid() == 1:
        _abort_as_init()
    os.chdir(args.submission)
    if args.ready:
        link.send_json({"op": "ready"})
    Harness(_Channel(link), args.submission, namespace=namespace).serve()


_ABORT_HANDLER: Any = None  # kept alive: the kernel calls it


def _abort_as_init() -> None:
    """As its namespace's PID 1 the harness would ignore its own SIGABRT, and ``abort()``
    would then end in a fault that reads as a segmentation fault: exit as a process that
    SIGABRT killed would (128 + 6), so the grader names the signal that ended the run."""
    global _ABORT_HANDLER
    _ABORT_HANDLER = ctypes.CFUNCTYPE(None, ctypes.c_int)(lambda signum: os._exit(128 + signum))
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None).signal(signal.SIGABRT, _ABORT_HANDLER)


def _connect(path: str) -> Link:
    """A link over the grader's Unix socket, retried while its file is not there yet (a
    socket nobody listens on means its grader is gone: no retry)."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    deadline = time.monotonic() + 10
    while True:
        try:
            sock.connect(path)
            break
        except FileNotFoundError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.01)
    fd = sock.detach()
    return Link(fd, fd)


# the watcher (``--watch``), a container's PID 1, and how it ends
PR_SET_DUMPABLE, PR_SET_CHILD_SUBREAPER = 4, 36
POLLRDHUP = getattr(select, "POLLRDHUP", 0x2000)
# how a watcher (``--watch``) ends: see watch()
GONE_EXIT, OOM_EXIT, NORMAL_EXIT_MAX = 250, 251, 127
OOM_COUNTERS = ("/sys/fs/cgroup/memory.events", "/sys/fs/cgroup/memory/memory.oom_control")


def watch(link: Link) -> None:
    """As a container's PID 1: fork, and return in the child, which runs the submission.

    This process runs no student code: it cannot be ptraced (not dumpable) and, as its
    namespace's init, not be killed from inside. It exits, and the kernel ends every
    process of the container with it, as soon as the grader's end of the socket closes
    (``GONE_EXIT``: a grader that died leaves no container running), or once the child
    has ended: with ``OOM_EXIT`` if the memory cgroup's own counter saw an OOM kill,
    ``128 + N`` if signal N killed the child, else its exit code (at most 127).
    """
    libc = ctypes.CDLL(None, use_errno=True)
    before = _oom_kills()
    pid = os.fork()
    if pid == 0:
        libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)  # orphans of the run are ours
        with contextlib.suppress(OSError), open("/proc/self/oom_score_adj", "w") as f:
            f.write("500")  # the memory hog, never the watcher, is the one to go
        return
    libc.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)
    poller = select.poll()
    poller.register(link.read_fd, POLLRDHUP)  # only a hang-up wakes it, never data
    child = -1
    with contextlib.suppress(OSError, AttributeError):
        child = os.pidfd_open(pid)
        poller.register(child, select.POLLIN)
    while True:
        events = poller.poll(None if child >= 0 else 50)
        if any(fd == link.read_fd for fd, _ in events):
            os._exit(GONE_EXIT)
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
    if _oom_kills() > before:
        os._exit(OOM_EXIT)
    if os.WIFSIGNALED(status):
        os._exit(128 + os.WTERMSIG(status))
    os._exit(min(os.waitstatus_to_exitcode(status), NORMAL_EXIT_MAX))


def _oom_kills() -> int:
    """OOM kills the memory cgroup counted (cgroup v2 or v1); 0 where none can be read."""
    for path in OOM_COUNTERS:
        with contextlib.suppress(OSError, ValueError), open(path) as f:
            for line in f:
                key, _, value = line.partition(" ")
                if key == "oom_kill":
                    return int(value)
    return 0


if __name__ == "__main__":
    main()
