"""The ``game`` a submission sees, and the channel it speaks to the grader through.

Standard library only; it runs inside the sandbox. Every answer of :class:`RemoteGame`
comes from the grader: evaluations are round trips over the :class:`Channel`; what the
grader listed (a state's actions, with what is public of each child, and the listings it
sends ahead of the search) answers ``actions``, ``result``, ``to_move``, ``is_terminal``,
``is_quiet`` and ``is_chance`` here, each noted for the grader with the next message (the
protocol: :mod:`sandboxes.link`). ``time_left`` is a round trip too: the
grader reads the virtual clock from its own record of the calls. So is ``random``: the
grader draws the next number of the test's stream, whose seed never enters the sandbox;
``random_choice`` picks here with one such draw.
"""

from __future__ import annotations

import os
import select
import time
from _thread import allocate_lock, get_ident
from importlib import import_module

from sandboxes.link import Link, decode_json, encode_json, encode_text

TYPE_CHECKING = False  # typing is not imported at run time: the harness starts sooner
if TYPE_CHECKING:
    from typing import Any

# local calls kept before they are sent on their own: 4,096, or results of more than 256 Ki
# characters (a line's bound is 1 MiB; the other calls are short, and a result's action
# has at most 1,000 characters)
FLUSH_EVERY, FLUSH_CHARACTERS = 4096, 1 << 18
# the signal that ends a run whose game was called from another process or from two
# threads at once (through the C module: the signal module would import enum, a tenth of
# the harness's start); the harness's handler raises GameMisuse in the search's thread
SIGNALS = import_module("_signal")
MISUSE: int = SIGNALS.SIGUSR1
FORKED_CALL_MESSAGE = (
    "a process your search started (os.fork, multiprocessing) called the game, which "
    "answers only the process that called your function: search in that one process"
)
THREADS_MESSAGE = (
    "your search called the game while one of its calls waited for an answer (from "
    "another thread, or a signal handler): the game answers one call at a time, so make "
    "them one after another (threads may take turns)"
)


class GameError(ValueError):
    """A call the game cannot answer: an unknown state, an illegal action, a bad player."""


class GameMisuse(BaseException):
    """The run ends: the game was called from a forked process or from two threads at
    once (the message says which). Not an Exception, so that the search's own ``except
    Exception`` lets it through: a search waiting on that process or thread, as a pool
    does, would otherwise wait until its time ran out."""


class Channel:
    """The harness's end: JSON messages over a :class:`Link` to the grader.

    The calls answered in the sandbox wait in :attr:`local`, each already as its JSON
    text, and go with the next message. A payoff read, most of a search's messages, is
    written by hand (:meth:`payoff`), in the shape the grader answers first."""

    def __init__(self, link: Link) -> None:
        self._link = link
        self._pid = os.getpid()
        self.local: list[str] = []
        self._results = 0  # characters of the results in ``local``: their actions' length
        self.run = 0  # the run every message belongs to
        self._main = get_ident()  # the harness's thread, which calls the search
        self._caller: int | None = self._main  # the thread of the last game call
        self._waiting = False  # a thread waits for the grader's answer: no other may call
        self.misuse = ""  # why the run must end, for the harness's handler of MISUSE
        self._ended = False  # between runs: no call is answered
        self._writing = allocate_lock()  # one line at a time, whichever thread writes
        os.register_at_fork(after_in_child=self._forked)

    @property
    def link_fds(self) -> tuple[int, int]:
        """The descriptors of the grader's link (the same one twice for a socket)."""
        return self._link.read_fd, self._link.write_fd

    def begin(self, run: int) -> None:
        """A new run: its number; the harness's thread calls the search."""
        self.run, self._caller, self._waiting, self.misuse = run, self._main, False, ""
        self._ended = False

    def end(self) -> None:
        """The run's search has returned: a call until the next run (a finalizer's, a
        thread's left running) is refused here, never sent as a message of no run."""
        self._caller, self._ended = None, True

    def _forked(self) -> None:
        self._caller = None  # the next call, in the child, is looked at (:meth:`_switched`)

    def _switched(self) -> None:
        """A game call from another thread than the last one's, from a forked process, or
        a round trip while one waits (every call looks at its thread first: a cheap test).
        A process never speaks. A thread may take over from another, as a worker or a
        pool's thread does when it is handed the search, but no call is made while one
        waits for an answer (another thread's, or its own thread's, interrupted by a
        signal handler that calls the game): they would read each other's answers."""
        if os.getpid() != self._pid:
            self._misused(FORKED_CALL_MESSAGE)
        if self._ended:
            raise GameError("the game was called after the search had returned (from a "
                            "finalizer, or a thread left running): nothing answers it")
        if self._waiting:
            self._misused(THREADS_MESSAGE)
        self._caller = get_ident()

    def _misused(self, why: str) -> None:
        """End the run: the search's thread is told by a signal (its handler raises
        GameMisuse there), and this call goes no further."""
        child = os.getpid() != self._pid
        first, self.misuse = not self.misuse, self.misuse or why  # the run's answer, kept
        if get_ident() == self._main and not child:
            raise GameMisuse(self.misuse)
        if first:  # once: the search's thread may be ending already (a forked child's
            try:  # ``misuse`` is its own copy: the harness says fork)
                os.kill(self._pid, MISUSE)
            except OSError:
                pass
        if child:
            os._exit(1)
        raise GameMisuse(self.misuse)

    def send(self, message: dict[str, Any]) -> None:
        self._write(self._line(message))

    def _line(self, message: dict[str, Any]) -> str:
        """``message`` as this run's line, with the local calls made since the last."""
        message["run"] = self.run
        return f"{encode_json(message)[:-1]}{self._calls()}}}\n"

    def _write(self, line: str) -> None:
        if os.getpid() != self._pid:  # a process forked other than by os.fork (by libc)
            self._misused(FORKED_CALL_MESSAGE)
        with self._writing:  # a thread left running never writes into the harness's line
            self._link.send(line.encode())

    def drain(self, timeout_s: float = 5.0) -> None:
        """Read, and drop, what the grader still sends, until it closes the link (or
        ``timeout_s``): a thread left running may have sent a request just before the
        run's last message, and a link closed under the grader's answer to it would end
        that run as a sandbox lost, its last message unread."""
        fd, deadline = self._link.read_fd, time.monotonic() + timeout_s
        while (left := deadline - time.monotonic()) > 0:
            if select.select([fd], [], [], left)[0]:
                try:
                    if not os.read(fd, 65536):
                        return
                except BlockingIOError:
                    continue
                except OSError:
                    return

    def _calls(self) -> str:
        """The local calls made since the last message, as its ``local`` field."""
        if not self.local:
            return ""
        local, self.local, self._results = self.local, [], 0
        return f',"local":[{",".join(local)}]'

    def receive(self) -> dict[str, Any]:
        line = self._link.receive()
        if not line:
            raise SystemExit(0)  # the grader closed the connection
        message: dict[str, Any] = decode_json(line.decode())
        return message

    def call(self, message: dict[str, Any]) -> Any:
        return self.ask(message)["r"]

    def ask(self, message: dict[str, Any]) -> dict[str, Any]:
        """The whole answer to ``message``: its ``"r"``, and any listings sent ahead."""
        if self._waiting or get_ident() != self._caller:  # a call waits (a handler's)
            self._switched()
        return self._exchange(self._line(message))

    def payoff(self, op: str, token: str) -> Any:
        """The answer to ``utility`` or ``evaluate`` of ``token``, a state the grader
        named (a token is plain text: nothing in it needs escaping)."""
        if self._waiting or get_ident() != self._caller:  # a call waits (a handler's)
            self._switched()
        local = self._calls() if self.local else ""
        return self._exchange(f'{{"op":"{op}","s":"{token}","run":{self.run}{local}}}\n')["r"]

    def _exchange(self, line: str) -> dict[str, Any]:
        """``line`` sent, and the grader's answer to it, while no other call is made
        (:meth:`_switched`); a GameError for a call the game refuses."""
        self._waiting = True
        try:
            self._write(line)
            reply = self.receive()
        finally:
            self._waiting = False
        if "e" in reply:
            raise GameError(reply["e"])
        return reply

    def note(self, op: str, token: str) -> None:
        """A call answered here, on a state the grader named."""
        if get_ident() != self._caller:
            self._switched()
        self.local.append(f'["{op}","{token}"]')
        if len(self.local) >= FLUSH_EVERY:
            self.send({"op": "log"})

    def note_result(self, token: str, action: str) -> None:
        """A ``result`` answered here: the state and the action as the game wrote it (a
        tree's actions may be long: what waits stays well under a line's bound)."""
        if get_ident() != self._caller:
            self._switched()
        call = f'["result","{token}",{encode_text(action)}]'
        if self._results + len(call) > FLUSH_CHARACTERS and self.local:
            self.send({"op": "log"})
        self.local.append(call)
        self._results += len(call)
        if len(self.local) >= FLUSH_EVERY:
            self.send({"op": "log"})


class RemoteGame:
    """The student API of the assignment; every answer comes from the grader."""

    def __init__(self, channel: Channel, players: int, conventions: dict[str, Any]) -> None:
        self._ch = channel
        self.num_players = players
        self._info: dict[str, list[Any]] = {}
        # (token, action) -> (child, action as the game wrote it, the mover after the
        # token's where the child is a terminal, else None)
        self._children: dict[tuple[str, Any], tuple[str, str, int | None]] = {}
        self._listings: dict[str, list[Any]] = {}  # token -> its actions' entries
        # terminal -> (parent, action) -> whose turn after that move, for the moves to it
        # that no payoff read has used yet, oldest first; and the turn of the last used
        self._turns: dict[str, dict[tuple[str, str], int]] = {}
        self._turn: dict[str, int] = {}
        for key, value in conventions.items():
            setattr(self, key, value)

    def __reduce_ex__(self, _protocol: Any) -> Any:
        raise TypeError(
            "the game cannot be pickled or sent to another process (a process pool sends "
            "its tasks so): only the process that called your function may call it"
        )

    def __copy__(self) -> RemoteGame:
        """A copy that speaks to the grader on the same channel and shares what it knows
        (as a copy made before the game could be pickled did)."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        return twin

    def __deepcopy__(self, memo: Any) -> RemoteGame:
        return self.__copy__()  # one channel: a deep copy of it would read another's answers

    def _learn(self, info: list[Any]) -> str:
        self._info[info[0]] = info
        return info[0]  # type: ignore[no-any-return]

    def learn_listings(self, listings: list[Any]) -> None:
        """Listings the grader sent ahead, ``[[token, [[action, INFO], ...]], ...]``:
        ``actions`` of those states is answered here (and noted for the grader)."""
        for token, entries in listings:
            self._listed(token, entries)

    def _listed(self, token: str, entries: list[Any]) -> None:
        self._listings[token] = entries
        self._learn_children(token, entries)

    def _learn_children(self, token: str, entries: list[Any]) -> None:
        """Each entry ``[action, ..., INFO of the child]``: ``result`` answered here."""
        children, learn, after = self._children, self._learn, self._after(token)
        for entry in entries:
            child = learn(entry[-1])
            children[(token, entry[0])] = (child, entry[0], after if entry[-1][2] else None)

    def _after(self, token: str) -> int | None:
        """The player whose turn it is after ``token``'s mover moves (None at a chance
        node, or a state not known here)."""
        mover = self._info.get(token, (None, None))[1]
        return None if mover is None else (mover + 1) % self.num_players

    def _public(self, s: Any, op: str, field: int) -> Any:
        info = self._info.get(s) if isinstance(s, str) else None
        if info is None:
            info = self._ch.call({"op": "state", "s": _token(s)})
            self._learn(info)
        self._ch.note(op, info[0])  # the token itself, whatever ``s``'s class prints
        return info[field]

    def to_move(self, s: Any) -> int:
        """The player to move; at a terminal, the one whose turn it would be on the path
        the search took to it (a terminal that moves of both sides reach, as the notes'
        figure's ``s4``, has a turn for each, as a real game's state would): the turn
        after the latest move to it that no read of its payoff has used yet (a search
        that generates all of a node's children first reaches one of them deeper down
        before its own turn comes), else after the one the last read used."""
        player = self._public(s, "to_move", 1)
        if player is None:
            raise GameError(f"{s} is not a decision node: no player moves there")
        waiting = self._turns.get(s)
        if waiting:
            return next(reversed(waiting.values()))
        return self._turn.get(s, player)  # type: ignore[no-any-return]

    def is_terminal(self, s: Any) -> bool:
        return bool(self._public(s, "is_terminal", 2))

    def is_chance(self, s: Any) -> bool:
        return bool(self._public(s, "is_chance", 3))

    def is_quiet(self, s: Any) -> bool:
        return bool(self._public(s, "is_quiet", 4))

    def actions(self, s: Any) -> list[Any]:
        entries = self._listings.get(s) if isinstance(s, str) else None
        if entries is None:
            reply = self._ch.ask({"op": "actions", "s": _token(s)})
            self._listed(s, reply["r"])
            self.learn_listings(reply.get("k", ()))
            entries = reply["r"]
        else:
            self._ch.note("actions", str.__str__(s))
        return [e[0] for e in entries]

    def noisy_actions(self, s: Any) -> list[Any]:
        return [e[0] for e in self._expand("noisy_actions", s)]

    def chance_outcomes(self, s: Any) -> list[tuple[Any, float]]:
        return [(e[0], e[1]) for e in self._expand("chance_outcomes", s)]

    def _expand(self, op: str, s: Any) -> list[Any]:
        """Ask for ``s``'s moves; each entry is ``[action, ..., INFO of the child]``."""
        answer: list[Any] = self._ch.call({"op": op, "s": _token(s)})
        self._learn_children(s, answer)
        return answer

    def result(self, s: Any, a: Any) -> str:
        try:
            known = self._children.get((s, a))
        except TypeError:
            raise GameError(f"{a!r} is not an action of {s}") from None
        if known is None:
            info = self._ch.call({"op": "result", "s": _token(s), "a": _action(a)})
            child = self._learn(info)
            known = self._children[(s, a)] = (  # legal: a string
                child, str.__str__(a), self._after(s) if info[2] else None)
        else:
            self._ch.note_result(str.__str__(s), known[1])  # as the game wrote them
        child, action, turn = known
        if turn is not None:  # a terminal: the turn after this move, unused so far
            waiting = self._turns.setdefault(child, {})
            waiting.pop((s, action), None)
            waiting[s, action] = turn
        return child

    def utility(self, s: Any, p: int = 0) -> float:
        return self._pick(self._payoff("utility", s), p)  # type: ignore[no-any-return]

    def utilities(self, s: Any) -> list[float]:
        return self._payoff("utility", s)

    def evaluate(self, s: Any, p: int = 0) -> float:
        return self._pick(self._payoff("evaluate", s), p)  # type: ignore[no-any-return]

    def evaluations(self, s: Any) -> list[float]:
        return self._payoff("evaluate", s)

    def _payoff(self, op: str, s: Any) -> list[float]:
        """A read of ``s``'s payoff, a round trip: it uses the latest move to ``s`` that
        none used (:meth:`to_move`)."""
        waiting = self._turns.get(s) if isinstance(s, str) else None
        if waiting:
            self._turn[s] = waiting.popitem()[1]
        if type(s) is str and s in self._info:  # a state the grader named
            return self._ch.payoff(op, s)  # type: ignore[no-any-return]
        return self._ch.call({"op": op, "s": _token(s)})  # type: ignore[no-any-return]

    def time_left(self) -> float:
        """Ticks left on the test's clock (``time_budget``); infinity with no budget."""
        return self._ch.call({"op": "time_left"})  # type: ignore[no-any-return]

    def random(self) -> float:
        """The next number of the test's random stream, in [0, 1) (drawn by the grader)."""
        return self._ch.call({"op": "random"})  # type: ignore[no-any-return]

    def random_choice(self, seq: Any) -> Any:
        """One item of ``seq`` picked with one draw: ``seq[int(game.random() * len(seq))]``."""
        n = len(seq)
        if n == 0:
            raise GameError("random_choice() of an empty sequence: there is nothing to pick")
        return seq[int(self.random() * n)]

    def _pick(self, vector: list[float], p: Any) -> Any:
        if type(p) is int and 0 <= p < self.num_players:
            return vector[p]
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
