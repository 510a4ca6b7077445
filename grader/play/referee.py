"""The referee: plays one game between two players and keeps its record.

The referee holds the true position (the grader's own rules, :mod:`grader.games`) and
asks the player to move for a move, with its clock: a limit per move and a budget for
the game, both measured here. It checks every answer: a move that is not a text
(``garbage``), one that is not legal (``illegal``), an agent that crashed (``crash``),
left a process running (``leftover``), or answered after its time ran out (``flag``)
loses the game at once, and the record says so. Nothing a player says reaches the
referee's position but a legal move.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any, Literal

from grader.errors import GameError, GraderError
from grader.games import AGENT_GAMES, GAMES, load_game
from grader.games.rules import GameRules
from grader.grading.sinks import encodable
from grader.hosts.tokens import picture
from grader.play.models import ClockRule, GameRecord, MoveRecord, PlayerSpec, Reason
from grader.play.seats import Answer, Seat, open_seat

SHOWN = 40  # characters of a player's answer kept in the record
OPENING_TRIES = 100  # random openings drawn before one that leaves the game open is found

_FAULTS: dict[str, Reason] = {"leftover": "leftover", "return": "garbage", "output": "garbage"}


@dataclass
class _Game:
    """A game in progress: the true position and what has happened so far."""

    rules: GameRules
    clock: ClockRule
    state: str
    left: list[float]
    moves: list[MoveRecord] = field(default_factory=list)

    def play(self, move: str, time_s: float, *, opening: bool = False) -> None:
        mover = self.rules.to_move(self.state)
        self.state = self.rules.result(self.state, move)
        if not opening:
            self.left[mover] -= time_s
        self.moves.append(MoveRecord(ply=len(self.moves) + 1, player=mover, move=move,
                                     opening=opening, time_s=round(time_s, 6),
                                     clock_left_s=round(self.left[mover], 6)))


def play_game(
    *,
    game: str,
    players: tuple[PlayerSpec, PlayerSpec],
    clock: ClockRule,
    opening: Sequence[str] = (),
    seed: int = 0,
    sandbox: Literal["local", "docker"] = "local",
    on_move: Callable[[GameRecord], None] | None = None,
    require_isolation: bool = False,
) -> GameRecord:
    """Play one game of ``game`` between ``players`` (x first), from the position after
    the ``opening`` moves, under ``clock``; the built-in opponents draw from ``seed``.
    ``on_move`` is called with the record so far after each move (to show the board);
    ``require_isolation`` (instructor modes): IsolationUnavailable rather than an agent
    run with limits only.
    GraderError for an unknown game or opponent, or an opening that is not legal."""
    if game not in GAMES:
        raise GraderError(f"no game {game[:40]!r}; the games are {', '.join(GAMES)}")
    if game not in AGENT_GAMES and any(p.kind == "agent" for p in players):
        raise GraderError(f"an agent cannot play {game} yet: the games agents play are "
                          f"{', '.join(AGENT_GAMES)}")
    rules = load_game(game)
    match = _Game(rules, clock, rules.initial_state, [clock.game_s, clock.game_s])
    for move in opening:
        try:
            match.play(move, 0.0, opening=True)
        except GameError as exc:
            raise GraderError(f"opening {' '.join(opening)}: {exc}") from None
    if rules.is_terminal(match.state):
        raise GraderError(f"opening {' '.join(opening)} ends the game before anyone plays")
    with ExitStack() as stack:
        seats = [stack.enter_context(open_seat(spec, game=rules, clock=clock, seed=seed + i,
                                               sandbox=sandbox,
                                               require_isolation=require_isolation))
                 for i, spec in enumerate(players)]
        return _play(match, seats, players, list(opening), seed, on_move)


def _play(match: _Game, seats: list[Seat], players: tuple[PlayerSpec, PlayerSpec],
          opening: list[str], seed: int, on_move: Callable[[GameRecord], None] | None,
          ) -> GameRecord:
    start = match.state

    def record(**end: Any) -> GameRecord:
        return GameRecord(game=match.rules.name, players=list(players), clock=match.clock,
                          seed=seed, opening=opening, start=start, moves=list(match.moves),
                          final=match.state, **encodable(end))  # a student's text: writable

    rules = match.rules
    while not rules.is_terminal(match.state):
        mover = rules.to_move(match.state)
        seat = seats[mover]
        answer = seat.move(match.state, match.clock.move_s, max(0.0, match.left[mover]))
        lost = _fault(match, seat, answer)
        if lost is not None:
            reason, message, detail = lost
            outcome = "draw" if reason == "sandbox_error" else "ox"[mover]
            return record(outcome=outcome, reason=reason, message=message, detail=detail,
                          loser_move=_shown(answer.action))
        match.play(answer.action, answer.time_s)
        if on_move is not None:
            on_move(record(outcome="draw", reason="draw", message="the game goes on"))
    utility = rules.utility(match.state, 0)
    outcome = "x" if utility > 0 else "o" if utility < 0 else "draw"
    message = "the board is full: a draw" if outcome == "draw" else f"{outcome} wins"
    return record(outcome=outcome, reason="win" if utility else "draw", message=message)


def _fault(match: _Game, seat: Seat, answer: Answer) -> tuple[Reason, str, str | None] | None:
    """Why the mover loses on this answer, or None for a legal move in time."""
    mover = match.rules.to_move(match.state)
    who = ("x", "o")[mover]
    failed = answer.failed
    limit = min(match.clock.move_s, match.left[mover])
    flag = (f"{who} lost on time: its move took {answer.time_s:.3f} s or more, with "
            f"{limit:.3f} s left on its clock (a move may take {match.clock.move_s:g} s, "
            f"a game {match.clock.game_s:g} s)")
    if failed is not None and failed.status == "timeout":
        return "flag", f"{who} lost on time: it {failed.message}" if failed.fault == "call" \
            else flag, None
    if failed is not None:
        return _failure(who, failed.status, failed.fault, failed.message, failed.detail)
    if seat.charged and answer.time_s > limit:
        return "flag", flag, None
    if not isinstance(answer.action, str):
        return "garbage", f"{who} answered {_shown(answer.action)}, which is not a move", None
    legal = match.rules.actions(match.state)
    if answer.action not in legal:
        return "illegal", (f"{who} played {_shown(answer.action)}, which is not legal here "
                           f"(legal: {', '.join(legal)})"), None
    return None


def _failure(who: str, status: str, fault: str | None, message: str | None,
             detail: str | None) -> tuple[Reason, str, str | None]:
    text = message or "no answer"
    if status == "sandbox_error":
        return "sandbox_error", f"the grader could not run {who}'s agent: {text}", None
    if fault in _FAULTS:
        return _FAULTS[fault], f"{who} {text}", detail
    if fault is None and "protocol" in text:
        return "garbage", f"{who}'s sandbox {text[len('the sandbox '):]}", None
    return "crash", f"{who} crashed: {text}", detail


def _shown(action: Any) -> str | None:
    if action is None:
        return None
    # a line feed, a control character or a lone surrogate escaped; nesting bounded
    text = action if isinstance(action, str) and action.isprintable() else picture(action)
    return text[:SHOWN]


def random_opening(game: str, plies: int, seed: int) -> list[str]:
    """``plies`` random legal moves from the start, drawn from ``seed``, that leave the
    game open (the same seed gives the same opening)."""
    rules = load_game(game)
    rng = random.Random(seed)
    for _ in range(OPENING_TRIES):
        state, moves = rules.initial_state, list[str]()
        while len(moves) < plies and not rules.is_terminal(state):
            moves.append(rng.choice(rules.actions(state)))
            state = rules.result(state, moves[-1])
        if not rules.is_terminal(state):
            return moves
    raise GraderError(f"no opening of {plies} plies leaves a {game} game open")
