"""The trusted end of the harness protocol: answer a sandbox's ``game`` calls, record them.

:class:`Session` drives one run over a :class:`~sandboxes.link.Link` (two pipes, or
a connected socket; see ``sandboxes/link.py`` for the messages). It hands out states
as tokens made fresh for the run, with the listings sent ahead of the search
(:mod:`grader.hosts.tokens`), answers from the tree through a
:class:`~grader.trees.game.TreeGame` (which records every call), refuses a token it never
handed out, and enforces the deadline: a sandbox that says nothing in time gets
``timeout``. Each incoming line is bounded, and so is the recorded trace, so a hostile
sandbox cannot make the grader's memory grow. Expected results never cross.
"""

from __future__ import annotations

import math
import re
import socket
import time
from collections.abc import Callable
from typing import Any

from grader.errors import GameError
from grader.hosts.base import MoveRequest, RunRequest, RunResult
from grader.hosts.tokens import (
    AHEAD_AT_START,
    AHEAD_PER_ANSWER,
    TOKEN_PATTERN,
    Tokens,
    picture,
)
from grader.trees.game import TreeGame
from grader.trees.trace import (
    CLOCK_OPS,
    EVALUATE_OPS,
    RANDOM_OPS,
    STATE_OPS,
    VISIT_OPS,
    Trace,
)
from grader.trees.tree import Tree
from reference.conventions import offered
from sandboxes.link import LineTooLong, Link, TooDeep, decode_json, encode_json

MAX_LINE = 1 << 20  # bytes of one message from the sandbox
MAX_CALLS = 2_000_000  # game calls one run may make, at the most
CALLS_PER_NODE, CALLS_FLOOR = 200, 20_000  # and on a tree that unfolds to N nodes: 200 N + 20,000
REMOTE_OPS = VISIT_OPS | CLOCK_OPS | RANDOM_OPS | {"result", "state"}  # asked one at a time
NOTED_OPS = STATE_OPS | {"actions"}  # answered in the sandbox, sent on in batches
LOCAL_OPS = NOTED_OPS | {"result"}


class ProtocolError(Exception):
    """The sandbox broke the protocol: the run ends as the student's ``error``."""


class SearchError(ProtocolError):
    """A message the search's own doing makes unusable, said in the search's terms (no
    word of the protocol): more game calls than any search of the tree needs (a loop,
    most likely), or a state this run never handed out (one kept from an earlier test)."""


class SandboxLost(Exception):
    """The sandbox went away (died, or closed its end) in the middle of a run."""


class Session:
    """One connected harness; runs tests one at a time."""

    def __init__(self, link: Link) -> None:
        self.link = link
        self.broken = False
        self.lost = False  # the other end went away on its own
        self._run = 0

    @classmethod
    def over_socket(cls, sock: socket.socket) -> Session:
        """A session over a connected stream socket, which it now owns."""
        fd = sock.detach()
        return cls(Link(fd, fd, max_line=MAX_LINE))

    @classmethod
    def over_pipes(cls, read_fd: int, write_fd: int) -> Session:
        """A session reading the sandbox's messages from one pipe and answering on another."""
        return cls(Link(read_fd, write_fd, max_line=MAX_LINE))

    def close(self) -> None:
        self.broken = True
        self.link.close()

    def stale(self) -> bool:
        """Whether the sandbox said something after its last answer, before a run asks
        (a line queued there would pass for the next run's), or went away: the next run
        then needs a fresh one. An honest harness says nothing between runs."""
        return self.link.pending()

    def run(self, request: RunRequest | MoveRequest) -> RunResult:
        """Run one test (or one move of a game); ``timeout``/``error`` leave the session
        broken (kill and restart)."""
        if isinstance(request, MoveRequest):
            return self._move(request)
        tokens = Tokens(request.tree, request.listed_plies)
        game = TreeGame.for_test(request.tree, request.conventions)
        game.shown = tokens.token  # a refusal sent to the sandbox names no node
        started = time.perf_counter()
        deadline = time.monotonic() + request.time_limit

        def result(status: Any, **fields: Any) -> RunResult:
            return RunResult(status=status, trace=game.trace,
                             time_s=time.perf_counter() - started, **fields)

        def exchange() -> dict[str, Any]:
            self._run += 1
            root = request.tree.root
            start = {"op": "run", "run": self._run, "entry": request.entry,
                     "depth": request.depth, "players": request.tree.players,
                     "root": tokens.info(root),
                     "k": [[tokens.token(root), tokens.listing(root)],
                           *tokens.ahead(root, AHEAD_AT_START)],
                     "conventions": offered(request.conventions)}  # never the seed
            if request.entry_kind != "function":
                start.update(kind=request.entry_kind, agents=request.agents)
            self.link.send_json(start, deadline)
            return tokens.in_names(self._serve(game, tokens, deadline))

        final = self._guarded(exchange, request.time_limit, result)
        if isinstance(final, RunResult):
            return final
        return self._finish(final, request, result, tokens)

    def _move(self, request: MoveRequest) -> RunResult:
        """One move of a game, or one call of an evaluation: the submission answers from
        its own copy of the rules, so the only message expected is its answer; the time
        is the grader's own measure."""
        started = time.perf_counter()
        deadline = time.monotonic() + request.time_limit

        def result(status: Any, **fields: Any) -> RunResult:
            return RunResult(status=status, time_s=time.perf_counter() - started, **fields)

        def exchange() -> dict[str, Any]:
            self._run += 1
            message = {"op": "run", "run": self._run, "kind": "play", "entry": request.entry,
                       "game": request.game, "state": request.state,
                       "clock": [request.move_s, request.game_s]}
            if request.player is not None:
                message.update(kind="evaluate", player=request.player)
            self.link.send_json(message, deadline)
            final = self._receive(deadline)
            if final["op"] not in ("done", "fail"):
                raise ProtocolError(f"a request {final['op'][:40]!r} during a move (an agent "
                                    "plays on its own copy of the rules)")
            return final

        final = self._guarded(exchange, request.time_limit, result)
        if isinstance(final, RunResult):
            return final
        if final.get("bye"):
            self.broken = True
        output = _text(final.get("output"))
        if final["op"] == "fail":
            status = "memory" if final.get("kind") == "memory" else "error"
            return result(status, message=_text(final.get("message")) or "the agent failed",
                          detail=_text(final.get("detail")) or None, output=output,
                          fault=_text(final.get("kind"))[:40] or None)
        return result("ok", value=final.get("value"), action=final.get("action"),
                      output=output)

    def _guarded(
        self, exchange: Callable[[], dict[str, Any]], time_limit: float,
        result: Callable[..., RunResult],
    ) -> dict[str, Any] | RunResult:
        """The run's last message, or the result of a run that broke the session."""
        try:
            return exchange()
        except TimeoutError:
            self.broken = True
            return result("timeout", message=f"the search did not finish within the "
                          f"{time_limit:g} s time limit")
        except SearchError as exc:
            self.broken = True
            return result("error", message=str(exc))
        except ProtocolError as exc:
            self.broken = True
            return result("error", message=f"the sandbox broke the protocol: {exc}")
        except RecursionError:  # a value the sandbox sent, nested too deep to look at
            self.broken = True
            return result("error", message="the sandbox broke the protocol: a message "
                          "nested too deeply")
        except (SandboxLost, OSError):
            self.broken = self.lost = True
            return result("error", message="the submission's process ended during the search")

    def _finish(
        self, final: dict[str, Any], request: RunRequest, result: Callable[..., RunResult],
        tokens: Tokens,
    ) -> RunResult:
        if final.get("bye"):
            self.broken = True  # the harness leaves after this answer
        output = final.get("output")
        output = output if isinstance(output, str) else ""
        if final["op"] == "fail":
            status = "memory" if final.get("kind") == "memory" else "error"
            message = _text(final.get("message")) or "the submission failed"
            detail = _text(final.get("detail"))  # a traceback of no frame of the student's
            again = detail.strip() == message.strip()  # says the message again: left out
            return result(status, message=message, detail=None if again else detail or None,
                          output=output)
        value, action = final.get("value"), final.get("action")
        state = tokens.node.get(action) if isinstance(action, str) else None  # a token?
        problem = _check_answer(value, action, request, state)
        if problem:
            return result("error", message=problem, output=output)
        return result("ok", value=value, action=action, output=output)

    def _receive(self, deadline: float) -> dict[str, Any]:
        return self._message(self._line(deadline))

    def _line(self, deadline: float) -> bytes:
        """The sandbox's next message, as it came."""
        if time.monotonic() > deadline:  # a sandbox that never pauses is still timed
            raise TimeoutError
        try:
            line = self.link.receive(deadline)
        except LineTooLong as exc:
            raise ProtocolError(str(exc)) from None
        if not line:
            raise SandboxLost
        return line

    def _message(self, line: bytes) -> dict[str, Any]:
        """A message of the sandbox read in full, and checked to belong to this run."""
        try:
            message = decode_json(line.decode("utf-8"))
        except UnicodeDecodeError:
            raise ProtocolError("a message that is not UTF-8") from None
        except TooDeep:
            raise ProtocolError(f"a message nested too deeply: {line[:60]!r}") from None
        except ValueError:
            raise ProtocolError(f"a message that is not JSON: {line[:60]!r}") from None
        if not isinstance(message, dict) or not isinstance(message.get("op"), str):
            raise ProtocolError(f"a message without an op: {line[:60]!r}")
        run = message.get("run")
        if run != self._run or type(run) is not int:  # true is not run 1
            raise ProtocolError(f"a message that belongs to no current run: {line[:60]!r}")
        return message

    def _serve(self, game: TreeGame, tokens: Tokens, deadline: float) -> dict[str, Any]:
        """Answer the run's requests until its last message. The local calls a request
        carries happened before it: the answer goes out first, and they are recorded
        after it, in their place before the request's own record, while the harness
        reads the answer (the answer never depends on them, but the virtual clock's).

        A payoff read is answered sooner still, from the start of its line, before the
        line is read in full (:func:`_early`): that is most of a search's round trips.
        The whole message is then read and checked as any other, and must be the request
        answered, or the run ends as a broken protocol."""
        trace = game.trace
        log, moves = trace.log, trace.moves
        limit = _CallLimit(game.tree)
        while True:
            line = self._line(deadline)
            calls, made = len(log), len(moves)
            early = _early(line)
            if early is not None:  # answered, and recorded, before the rest is read
                self.link.send(_payoff_line(game, tokens, *early), deadline)
            message = self._message(line)
            local = message.get("local")
            op = message["op"]
            if early is not None and (op, message.get("s")) != early:
                raise ProtocolError(f"a message that is not the request it began as: "
                                    f"{line[:60]!r}")
            if local is not None and (op not in REMOTE_OPS or op in CLOCK_OPS):
                _record_local(trace, tokens, local, limit)  # the clock counts them
                local = None
                calls, made = len(log), len(moves)
            if op in ("done", "fail"):
                return message
            if op == "log":
                continue
            if early is None:
                self.link.send_json(_reply(game, tokens, op, message), deadline)
            if local is not None:  # before the request's own record
                asked, log[calls:], moved, moves[made:] = log[calls:], [], moves[made:], []
                try:
                    _record_local(trace, tokens, local, limit)
                finally:  # an answered request stays recorded, whatever came with it
                    log += asked
                    moves += moved
            if not limit.allows(len(log) // 2):  # two entries a call
                raise SearchError(_too_many(limit))


# a payoff read as the harness writes it, up to the state's token
_PAYOFF_READ = re.compile(rb'\{"op":"(utility|evaluate)","s":"(%b)"' % TOKEN_PATTERN.encode())


def _early(line: bytes) -> tuple[str, str] | None:
    """The op and token of a line that begins as a payoff read, or None."""
    found = _PAYOFF_READ.match(line)
    if found is None:
        return None
    return found[1].decode(), found[2].decode()


def _payoff_line(game: TreeGame, tokens: Tokens, op: str, token: str) -> bytes:
    """The answer to a payoff read as the line sent: ``{"r": PAYOFFS}``, or why not."""
    try:
        return b'{"r":%b}\n' % encode_json(_payoffs(game, tokens, op, token)).encode()
    except GameError as exc:
        return f"{encode_json({'e': str(exc)})}\n".encode()


def _payoffs(game: TreeGame, tokens: Tokens, op: str, token: Any) -> list[Any]:
    """A state's payoffs (``utility``) or heuristic values (``evaluate``), recorded."""
    node_id = tokens.resolve(token)
    return game.utilities(node_id) if op == "utility" else game.evaluations(node_id)


def call_limit(tree: Tree) -> int:
    """The game calls one run may make on ``tree``: far more than any search of it needs
    (a few calls a node of the tree unfolded, its shared nodes counted on every path),
    far fewer than a flood that would cost the grader minutes and fill its reports."""
    return min(MAX_CALLS, CALLS_PER_NODE * tree.unfolded_size + CALLS_FLOOR)


class _CallLimit:
    """:func:`call_limit` of a run's tree, worked out only once the run has made
    ``CALLS_FLOOR`` calls, the least any tree allows: most runs never get there."""

    def __init__(self, tree: Tree) -> None:
        self.tree = tree
        self.calls = CALLS_FLOOR
        self._exact = False

    def allows(self, calls: int) -> bool:
        """Whether a run may have made ``calls`` game calls."""
        if calls > self.calls and not self._exact:
            self.calls, self._exact = call_limit(self.tree), True
        return calls <= self.calls


def _too_many(limit: _CallLimit) -> str:
    return (f"your search made more than {limit.calls:,} game calls on this tree of "
            f"{len(limit.tree.nodes):,} nodes, where a search needs a few a node: it may "
            "be searching the same states again and again (does it search each child, "
            "with one ply less to go?)")


def _record_local(trace: Trace, tokens: Tokens, local: Any, limit: _CallLimit) -> None:
    if not isinstance(local, list):
        raise ProtocolError("a malformed list of local calls")
    if not limit.allows(len(trace.log) // 2 + len(local)):
        raise SearchError(_too_many(limit))
    log, node, made = trace.log.append, tokens.node.get, trace.moves.append
    moves = tokens.tree.moves
    call: Any = None
    try:
        for call in local:  # a pair [op, token], or [result, token, action]
            size = len(call) if call.__class__ is list else 0
            if size == 2 and call[0] in NOTED_OPS:
                node_id = node(call[1])
                if node_id is not None:
                    log(call[0])
                    log(node_id)
                    continue
            elif size == 3 and call[0] == "result":
                node_id, action = node(call[1]), call[2]
                if node_id is not None and action.__class__ is str and action in moves[node_id]:
                    log("result")
                    log(node_id)
                    made(action)
                    continue
            raise _refused(tokens, call)
    except (TypeError, KeyError):  # an unhashable token, an action of a node with none
        raise _refused(tokens, call) from None


def _refused(tokens: Tokens, call: Any) -> ProtocolError:
    """Why a local call is refused: a token the game never handed out, or no such call.
    Whatever the call holds (unhashable parts, any type), it is the student's error."""
    try:
        if isinstance(call, list) and len(call) in (2, 3) and call[0] in LOCAL_OPS:
            tokens.resolve(call[1])
    except GameError as exc:  # a token the game never handed out: kept from another run
        return SearchError(f"the game refused a call: {exc} (a state kept from an earlier "
                           "test is not a state of this one)")
    except (TypeError, ValueError, KeyError):
        pass
    return ProtocolError(f"an unknown local call {picture(call)}")


def _reply(
    game: TreeGame, tokens: Tokens, op: str, message: dict[str, Any]
) -> dict[str, Any]:
    """The reply to a request: ``{"r": ANSWER}``, and to ``actions`` the listings of the
    nodes below (``"k"``); ``{"e": WHY}`` for a call the game refuses."""
    try:
        if op == "actions":
            node_id = tokens.resolve(message.get("s"))
            game.actions(node_id)
            return {"r": tokens.listing(node_id), "k": tokens.ahead(node_id, AHEAD_PER_ANSWER)}
        return {"r": _answer_of(game, tokens, op, message)}
    except GameError as exc:
        return {"e": str(exc)}


def _answer_of(game: TreeGame, tokens: Tokens, op: str, message: dict[str, Any]) -> Any:
    if op not in REMOTE_OPS:
        raise ProtocolError(f"an unknown op {op[:40]!r}")
    if op == "time_left":  # from the grader's own count, the local calls just recorded
        return game.time_left()
    if op == "random":  # the next draw of the test's stream: nothing the sandbox sends counts
        return game.random()
    if op in EVALUATE_OPS:
        return _payoffs(game, tokens, op, message.get("s"))
    node_id = tokens.resolve(message.get("s"))
    if op == "noisy_actions":
        return tokens.entries(node_id, game.noisy_actions(node_id))
    if op == "chance_outcomes":
        outcomes = game.chance_outcomes(node_id)
        children = game.tree.moves[node_id]
        return [[a, p, tokens.info(children[a])] for a, p in outcomes]
    if op == "result":
        return tokens.info(game.result(node_id, message.get("a")))
    if op == "state":
        return tokens.info(node_id)
    raise ProtocolError(f"an unknown op {op[:40]!r}")


def _check_answer(
    value: Any, action: Any, request: RunRequest, state: str | None = None
) -> str | None:
    """Why ``(value, action)`` is not an answer the grader can score, or None (``state``:
    the node whose token the action is, if it is one)."""
    tree = request.tree
    if request.action_only:
        return _action_problem(action, tree, state) if value is None else (
            f"returned {picture(value)} beside the action; the entry answers an action only"
        )
    players = request.tree.players
    vector = request.vector_value if request.vector_value is not None else players > 2
    odd = _not_finite(value)
    if odd is not None:
        return f"returned value {odd!r}, not a number a game can give (values are finite)"
    if request.root_visits:
        return _visits_problem(value, tree) or _action_problem(action, tree, state)
    if _number(value):
        if vector:  # the search's answer shape decides, not the number of players
            return f"returned value {value!r}; max^n returns one value per player ({players})"
    elif isinstance(value, list) and value and all(_number(v) for v in value):
        if len(value) != players:
            return f"returned {len(value)} values; the game has {players} players"
    else:
        return f"returned value {picture(value)}, which is not a number"
    return _action_problem(action, tree, state)


def _action_problem(action: Any, tree: Tree, state: str | None = None) -> str | None:
    """Why ``action`` is not an action of the root (None for no action), or None
    (``state``: the node whose token the action is, if it is one)."""
    root = tree.nodes[tree.root]
    if action is not None and action not in root.actions:
        legal = ", ".join(root.actions) or "none"
        if state is not None:
            return (f"returned a state ({picture(state)}) as the action; return one of the "
                    f"root's actions ({legal})")
        return f"returned action {picture(action)}, which is not legal at the root ({legal})"
    return None


def _visits_problem(value: Any, tree: Tree) -> str | None:
    """Why ``value`` is not the root's visit counts (MCTS): a list of numbers, one per
    root action; None when it is."""
    actions = tree.nodes[tree.root].actions
    if not isinstance(value, list) or not all(_number(v) for v in value):
        return (f"returned value {picture(value)}; the value is the root's visit counts, a "
                "list of numbers, one per root action")
    if len(value) != len(actions):
        return (f"returned {len(value)} visit counts; the root has {len(actions)} actions "
                f"({', '.join(actions)}), one count each")
    return None


def _not_finite(value: Any) -> float | None:
    """The first infinite or NaN number of a value (a number or a list), if any."""
    for v in value if isinstance(value, list) else [value]:
        if isinstance(v, float) and not math.isfinite(v):
            return v
    return None


def _number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _text(x: Any) -> str:
    return x[:2000] if isinstance(x, str) else ""
