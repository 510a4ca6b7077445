"""The sandbox harness: runs a submission's entry point against a remote ``game``.

Standard library only; it runs inside the sandbox (a limited child process or a
container) and never sees a tree or an expected result. The grader starts it as a script,
``python3 -I -S .../harness.py``, beside the other modules of this package
(``sandboxes.HARNESS_FILES``), and it speaks to the grader over the link
(:mod:`sandboxes.link`, where the messages are). Before the submission is imported the
harness confines itself (:mod:`sandboxes.confinement`: limits, the drop from root, the
parent-death signal, a seccomp filter); the grader starts it inside namespaces and a fresh
root of its own where the machine allows. :class:`Harness` imports the submission once
and answers each ``run`` message with one call of its entry point on a
:class:`~sandboxes.remote_game.RemoteGame`; in a container, and in the local sandbox as
root, :mod:`sandboxes.watcher` is the PID 1 it runs under.
"""

from __future__ import annotations

import os
import sys
import time
from errno import ENOMEM
from importlib._bootstrap import module_from_spec
from importlib._bootstrap_external import spec_from_file_location

TYPE_CHECKING = False  # typing is not imported at run time: the harness starts sooner
if TYPE_CHECKING:
    from typing import Any


def _as_package() -> None:
    """Run as a script (``python3 -I -S harness.py``, with nothing but the standard library
    on the path): load this folder as the ``sandboxes`` package, so that its modules
    import each other by their package names and none of them takes a top-level name that
    a module of the submission may need (a submission's ``link.py`` stays its own)."""
    here = os.path.dirname(os.path.abspath(__file__))
    spec = spec_from_file_location(
        "sandboxes", os.path.join(here, "__init__.py"), submodule_search_locations=[here]
    )
    assert spec is not None and spec.loader is not None
    package = module_from_spec(spec)
    sys.modules["sandboxes"] = package
    spec.loader.exec_module(package)


if not __package__:
    _as_package()

from sandboxes import cs188  # noqa: E402
from sandboxes.agent import Agent  # noqa: E402
from sandboxes.answer import Failure, one_line, plain, short  # noqa: E402
from sandboxes.capture import OUTPUT_HARD_LIMIT, BoundedText  # noqa: E402
from sandboxes.carryover import ProcessState  # noqa: E402
from sandboxes.confinement import ConfinementError, confine, kill_leftovers  # noqa: E402
from sandboxes.link import Link, decode_json  # noqa: E402
from sandboxes.remote_game import (  # noqa: E402
    FORKED_CALL_MESSAGE,
    MISUSE,
    SIGNALS,
    Channel,
    GameMisuse,
    RemoteGame,
)
from sandboxes.rules import RULES, Clock  # noqa: E402
from sandboxes.watcher import abort_as_init, watch  # noqa: E402


def _release_package_name() -> None:
    """Every module of the harness is loaded (none imports another later): give the name
    ``sandboxes`` back, so that a submission's own package of that name is its own."""
    for name in [n for n in sys.modules if n == "sandboxes" or n.startswith("sandboxes.")]:
        del sys.modules[name]


if not __package__:
    _release_package_name()

CONFINEMENT_FAILED = 125  # the exit code of a harness that could not confine itself
THREADS_END_S = 0.2  # how long threads Python has joined get to leave the kernel's list
RESERVE_BYTES = 4 << 20  # memory the harness keeps to answer a search that left it none


class Harness:
    """Imports the submission once and runs one entry point call per ``run`` message."""

    def __init__(self, channel: Channel, submission: str, *, namespace: bool = False) -> None:
        self.channel = channel
        self.namespace = namespace
        self.agent = Agent(submission)
        self.output = BoundedText()
        self._rules: dict[str, Any] = {}  # an evaluation's copy of each game's rules
        self._in_search = False  # in the submission's call: a misused game ends it
        self._reserve = bytes(RESERVE_BYTES)  # freed to answer a search that kept it all
        SIGNALS.signal(MISUSE, self._misused)

    def _misused(self, signum: int, frame: Any) -> None:
        """The game was called from a forked process or from a second thread (sent by
        :meth:`~sandboxes.remote_game.Channel._misused`): end the submission's call. Once
        it has returned, the run's leftovers are what the answer says."""
        if self._in_search:  # kept as the run's answer, even if the search catches it
            self.channel.misuse = self.channel.misuse or FORKED_CALL_MESSAGE
            raise GameMisuse(self.channel.misuse)

    def _student(self, entry: Any, *args: Any) -> Any:
        """``entry(*args)``: the submission's own call, which a misused game ends."""
        self._in_search = True
        try:
            return entry(*args)
        finally:
            self._in_search = False

    def serve(self) -> None:
        # each run's, until one changes it; the harness's own names among it (the modules'
        # namespaces are their functions' globals: the package's name was given back)
        own = (Harness, RemoteGame, Channel, Link, BoundedText, Agent, ProcessState)
        before = ProcessState(self.channel.link_fds, own=(
            *(vars(kind) for kind in own), *{id(g): g for g in (
                globals(), *(kind.__init__.__globals__ for kind in own))}.values()),
            objects=(self, self.channel, self.output, self.output.buffer, self.agent))
        while True:
            message = self.channel.receive()
            if message.get("op") != "run":
                continue
            self._capture()
            self.channel.begin(message["run"])
            try:
                reply = self.run(message)
                _flush(sys.stdout, sys.stderr)  # a stream of the search's own holds the rest
                _stop_timers()  # a timer the search left would go off in a later test
                self.channel.end()
                reply, afresh = self._checked(reply, before)
            except (MemoryError, OSError) as exc:  # what the search keeps leaves the
                if isinstance(exc, OSError) and exc.errno != ENOMEM:  # harness none:
                    raise
                self._reserve = b""  # it goes, answering with the memory it kept for this
                reply, afresh = self._fail("memory", "the search ran out of memory", ""), True
            if afresh:
                reply["bye"] = True
            self.channel.send(reply)
            if afresh:  # once the grader has read the answer and closed the link
                self.channel.drain()
                os._exit(0)

    def _checked(self, reply: dict[str, Any], before: ProcessState) -> tuple[dict[str, Any], bool]:
        """The run's answer once what it left is looked at: a leftover, or too many
        prints, fails it; and whether the harness starts afresh after it. A thread left
        may still use the game, and a process killed may have left state behind; so may a
        run that ran out of memory or changed what the next would run under (carryover)."""
        threads = _threads_left()
        processes = kill_leftovers(namespace=self.namespace)
        if reply["op"] == "done" and (threads or processes):
            what = f"{threads} thread(s)" if threads else f"{processes} process(es)"
            reply = self._fail(
                "leftover",
                f"left {what} running after it returned; "
                "a search must finish all its work before it returns",
                "",
            )
        if reply["op"] == "done" and self.output.total > OUTPUT_HARD_LIMIT:
            reply = self._fail(
                "output",
                f"printed {self.output.total} characters, more "
                f"than the {OUTPUT_HARD_LIMIT} allowed; remove debug prints",
                "",
            )
        reply["output"] = self.output.take()
        afresh = bool(threads or processes) or reply.get("kind") == "memory"
        if before.changed():  # what it changed stays with this harness, which ends
            before.restore_link()  # but answers first, without a signal on its link
            afresh = True
        return reply, afresh

    def _capture(self) -> None:
        """Point every standard stream at the run's capture, the streams Python started
        with too (a print to them is the search's), whatever an earlier run left there."""
        sys.stdout = sys.stderr = self.output
        sys.__stdout__ = sys.__stderr__ = self.output  # type: ignore[misc,assignment]

    def run(self, message: dict[str, Any]) -> dict[str, Any]:
        try:
            if message.get("kind") == "play":
                return self._play(message)
            if message.get("kind") == "evaluate":
                return self._evaluate(message)
            cs188_agent = message.get("kind") == "cs188"
            if cs188_agent:
                cs188.install()  # before the agent file imports util, game, pacman
            name = message["entry"]
            entry = self.agent.entry(name, cs188.SHAPE) if cs188_agent else self.agent.entry(name)
            game = RemoteGame(self.channel, message["players"], message.get("conventions", {}))
            root = game._learn(message["root"])
            game.learn_listings(message.get("k", ()))
            if cs188_agent:
                action = self._student(cs188.run_agent, entry, game, root, message)
                return self._misuse() or {"op": "done", "value": None, "action": plain(action)}
            result = self._student(entry, game, root, message["depth"])
            return self._misuse() or self._done(result)
        except Failure as failure:
            return self._fail(failure.kind, failure.message, failure.detail)
        except MemoryError:
            return self._fail("memory", "the search ran out of memory", "")
        except GameMisuse as misuse:
            return self._fail("misuse", str(misuse), "")
        except BaseException as exc:  # the student's exception, sys.exit included
            return self._misuse() or self._fail(
                "exception", one_line(exc), self.agent.student_traceback())

    def _misuse(self) -> dict[str, Any] | None:
        """The run's failure if its game was misused, whatever the search did after (it
        may catch GameMisuse and search again): None if it was not."""
        why = self.channel.misuse
        return self._fail("misuse", why, "") if why else None

    def _play(self, message: dict[str, Any]) -> dict[str, Any]:
        """One move of a game: ``choose(game, state, clock)`` on the agent's own copy of
        the rules, made afresh for each move (the agent keeps what it likes itself)."""
        move_s, game_s = message["clock"]
        clock = Clock(move_s, game_s)  # first: the import of the agent (its first move) counts
        entry = self.agent.entry(message["entry"], "function {}(game, state, clock)")
        action = entry(RULES[message["game"]](), message["state"], clock)
        return {"op": "done", "value": None, "action": plain(action)}

    def _evaluate(self, message: dict[str, Any]) -> dict[str, Any]:
        """One call of an evaluation: ``evaluate(game, state, player)`` on the
        submission's own copy of the rules, one copy kept for the sandbox's life (the
        grader's search calls it at every leaf: a fresh copy each time would cost more
        than most evaluations)."""
        entry = self.agent.entry(message["entry"], "function {}(game, state, player)")
        name = message["game"]
        rules = self._rules.get(name)
        if rules is None:
            rules = self._rules[name] = RULES[name]()
        value = entry(rules, message["state"], message["player"])
        return {"op": "done", "value": plain(value), "action": None}

    def _done(self, result: Any) -> dict[str, Any]:
        if not isinstance(result, (tuple, list)) or len(result) != 2:
            raise Failure("return", f"returned {short(result)}; return a pair (value, action)")
        value, action = result
        return {"op": "done", "value": plain(value), "action": plain(action)}

    def _fail(self, kind: str, text: str, detail: str) -> dict[str, Any]:
        """A failed run: its kind, the message and the detail (paths in the student's
        words: the submission's folder left out)."""
        own = self.agent.in_own_words
        return {"op": "fail", "kind": kind, "message": own(text), "detail": own(detail)}


def _threads_left(wait_s: float = THREADS_END_S) -> int:
    """The threads of this process besides this one, once the ones that are ending have
    ended: while there are any, the count is looked at again for up to ``wait_s``
    seconds, as the grader's own count waits for them (a thread ending as the search
    returns, a cancelled ``Timer`` not joined, an executor shutting itself down; one
    that Python has joined may still be on the kernel's list for a moment)."""
    deadline = time.monotonic() + wait_s
    while True:
        left = _thread_count() - 1
        if left <= 0 or time.monotonic() >= deadline:
            return max(left, 0)
        time.sleep(0.001)


def _flush(*streams: Any) -> None:
    """Flush what the search made its streams (a ``TextIOWrapper`` over the capture's
    ``buffer`` keeps its text until then): its prints are this run's."""
    for stream in streams:
        try:
            stream.flush()
        except BaseException:  # the search's own object: whatever it raises is not ours
            pass


def _stop_timers() -> None:
    """Cancel the interval timers and the alarm a search set and left: their signal
    belongs to the search that set them, never to a later test's."""
    for timer in (SIGNALS.ITIMER_REAL, SIGNALS.ITIMER_VIRTUAL, SIGNALS.ITIMER_PROF):
        try:
            SIGNALS.setitimer(timer, 0)
        except OSError:
            pass
    SIGNALS.alarm(0)


def _thread_count() -> int:
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return 1


class Arguments:
    """The command line the grader starts the harness with (parsed by hand: ``argparse``,
    with the ``re`` and ``enum`` it imports, would be a quarter of the harness's start).

    ``--submission DIR`` (the folder holding agent.py) and one of ``--fds READ WRITE``
    (two inherited pipes), ``--connect PATH`` (the grader's Unix socket) or ``--probe``
    (confine, say so on stdout and exit: the grader's check); then ``--memory-mb``,
    ``--cpu-s``, ``--processes`` (whole numbers), ``--tag`` (a name for the machine's
    process list, unused), and the flags ``--namespace`` (in a PID namespace of its own,
    as its PID 1 or the child of its watcher), ``--ready`` (send ``{"op": "ready", "pid":
    P, "parent": Q}`` once confined, before any student code), ``--await-limits`` (read
    the limits from the link before confining) and ``--watch`` (as its PID namespace's
    first process: watch the link and the run)."""

    FLAGS = ("probe", "namespace", "ready", "await_limits", "watch")
    TEXTS = ("submission", "connect", "tag")
    NUMBERS = ("memory_mb", "cpu_s", "processes")

    def __init__(self, argv: list[str]) -> None:
        self.submission = ""
        self.fds: list[int] | None = None
        self.connect: str | None = None
        self.tag: str | None = None
        self.memory_mb, self.cpu_s, self.processes = 256, 60, 64
        self.probe = self.namespace = self.ready = self.await_limits = self.watch = False
        words = list(argv)
        while words:
            self._take(words.pop(0), words)
        where = (self.fds is not None) + (self.connect is not None) + self.probe
        if not self.submission or where != 1:
            raise SystemExit("harness: --submission and one of --fds, --connect or --probe")

    def _take(self, word: str, words: list[str]) -> None:
        """The option ``word``, and the values it takes from the front of ``words``."""
        if word in ("-h", "--help"):
            print("usage: python3 -I -S harness.py --submission DIR (--fds READ WRITE | "
                  f"--connect PATH | --probe) [options]\n\n{self.__doc__}")
            raise SystemExit(0)
        name = word.removeprefix("--").replace("-", "_")
        count = 0 if name in self.FLAGS else 2 if name == "fds" else 1
        known = word.startswith("--") and name in (*self.FLAGS, *self.TEXTS, *self.NUMBERS, "fds")
        if not known or len(words) < count:
            raise SystemExit(f"harness: a bad argument {word[:40]!r}")
        values, words[:count] = words[:count], []
        if name in self.FLAGS:
            setattr(self, name, True)
        elif name in self.TEXTS:
            setattr(self, name, values[0])
        else:
            try:
                whole = [int(v) for v in values]
            except ValueError:
                raise SystemExit(f"harness: {word} takes whole numbers") from None
            setattr(self, name, whole if name == "fds" else whole[0])


def main(argv: list[str] | None = None) -> None:
    """Confine this process, then serve the runs the grader sends."""
    args = Arguments(sys.argv[1:] if argv is None else argv)
    if args.fds is not None:
        link = Link(*args.fds)
    elif args.connect is not None:
        link = _connect(args.connect)
    else:  # --probe
        link = Link(*os.pipe())
    namespace = args.namespace
    if args.watch and os.getpid() == 1:
        watch(link)  # returns in the child, whose parent is the namespace's PID 1
        namespace = True
    try:
        limits = _limits(link) if args.await_limits else {}
        confine(
            memory_mb=limits.get("memory_mb", args.memory_mb),
            cpu_s=limits.get("cpu_s", args.cpu_s),
            processes=limits.get("processes", args.processes),
            watch_fd=link.read_fd,
        )
    except (ConfinementError, OSError) as exc:
        print(f"harness: cannot confine the submission: {exc}", file=sys.stderr)
        os._exit(CONFINEMENT_FAILED)
    if args.probe:
        print(f"confined uid={os.getuid()} pid={os.getpid()} parent={os.getppid()}", flush=True)
        return
    if os.getpid() == 1:
        abort_as_init()
    os.chdir(args.submission)
    if args.ready:  # where it runs: the grader checks it is alone in its PID namespace
        link.send_json({"op": "ready", "pid": os.getpid(), "parent": os.getppid()})
    Harness(Channel(link), args.submission, namespace=namespace).serve()


def _limits(link: Link) -> dict[str, int]:
    """The limits the grader sends first, once it knows them (``--await-limits``); an
    OSError (no student code runs) for anything else."""
    line = link.receive()
    try:
        message = decode_json(line.decode())
    except ValueError:
        message = None
    names = ("memory_mb", "cpu_s", "processes")
    if not isinstance(message, dict) or message.get("op") != "limits" or not all(
        type(message.get(name)) is int for name in names
    ):
        raise OSError(f"expected the grader's limits, got {line[:80]!r}")
    return {name: message[name] for name in names}


def _connect(path: str) -> Link:
    """A link over the grader's Unix socket, retried while its file is not there yet (a
    socket nobody listens on means its grader is gone: no retry)."""
    # a container's harness only (a local one's link is two pipes); the C module, as the
    # socket module would import enum and selectors, a tenth of the harness's start
    import _socket

    sock = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
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


if __name__ == "__main__":
    main()
