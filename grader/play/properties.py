"""An evaluation's tests on positions: properties every sound evaluation has.

``grader build`` draws the positions once (:func:`draw_positions`, from the assignment's
seed, written to ``golden/positions.json``): positions where the game goes on, and
positions where it has ended with a win, from random games of the grader's own rules.
Grading asks the submission's ``evaluate`` about them in its sandbox, each call within
``evaluation.call_s``, and checks (why each holds for any sound evaluation):

- ``wins``: for each player, every position it has won scores above every one it has
  lost, and no position where the game goes on scores above a win or below a loss. A
  win is the best a player can reach and a loss the worst; an evaluation that ranks
  them otherwise steers its search away from a win it sees.
- ``zero-sum``: a position's value for o is its value for x negated. The games are
  zero-sum (their payoffs for the two players are opposite at every end), so an
  estimate of those payoffs is too.
- ``mirror``: a board and its mirror image (left and right swapped) score the same for
  each player. The rules are the same read from either side, so the two positions have
  the same outcome under best play; an estimate of it cannot tell them apart.
- ``bounds``: every value is a finite number of magnitude at most ``evaluation.bound``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from grader.authoring.assignment import GOLDEN_DIR, LoadedAssignment
from grader.authoring.play_spec import POSITIONS_FILE, EvaluationRules, PropertySpec
from grader.errors import GraderError
from grader.games import load_game
from grader.games.board import PIECES, BoardGame
from grader.grading.report import TestResult
from grader.grading.statuses import Status
from grader.play.models import ClockRule, PlayerSpec
from grader.play.seats import EvaluationFailed, EvaluationSeat

Ask = Callable[[str, int], float]  # a board's value for a player, by the submission
TRIES = 50  # random games drawn per position wanted, at most
ASKED = 10  # calls all the property tests make about one position, at most (mirror: 4)


class Positions(BaseModel):
    """The positions an evaluation's property tests ask about (``golden/positions.json``)."""

    model_config = ConfigDict(strict=True, frozen=True, extra="forbid")

    format: Literal["eval-positions/1"] = Field(default="eval-positions/1",
                                                description="Format tag")
    game: str = Field(description="The game's name")
    seed: int = Field(description="The seed the positions were drawn from")
    going_on: list[str] = Field(description="Positions where the game goes on")
    ended: list[str] = Field(description="Positions where a player has won, as many won by x "
                             "as by o")


def draw_positions(game: BoardGame, rules: EvaluationRules, seed: int) -> Positions:
    """Positions from random games drawn from ``seed``: ``rules.positions`` where the game
    goes on (one a game, at a random ply), and half as many won (half by each player)."""
    rng = random.Random(seed)
    going_on: dict[str, None] = {}
    ended: dict[str, list[str]] = {"x": [], "o": []}
    per_winner = max(1, rules.positions // 4)
    for _ in range(rules.positions * TRIES):
        if len(going_on) >= rules.positions and all(
                len(won) >= per_winner for won in ended.values()):
            break
        states = [game.initial_state]
        while not game.is_terminal(states[-1]):
            states.append(game.result(states[-1], rng.choice(game.actions(states[-1]))))
        if len(going_on) < rules.positions and len(states) > 2:
            going_on.setdefault(states[rng.randrange(1, len(states) - 1)])
        winner = game.winner(states[-1])
        if winner is not None and len(ended[winner]) < per_winner:
            ended[winner].append(states[-1])
    return Positions(game=game.name, seed=seed, going_on=list(going_on),
                     ended=ended["x"] + ended["o"])


def grid_game(name: str) -> BoardGame:
    """The rules of a game played by play mode: a grid of x and o (the assignment model
    allows those games alone, ``AGENT_GAMES``)."""
    game = load_game(name)
    assert isinstance(game, BoardGame), f"{name} is not a game play mode plays"
    return game


def positions_text(loaded: LoadedAssignment) -> str:
    """The text of ``golden/positions.json`` for an evaluations assignment."""
    spec = loaded.spec
    assert spec.evaluation is not None and spec.play is not None
    drawn = draw_positions(grid_game(spec.play.game), spec.evaluation, spec.play.seed)
    return drawn.model_dump_json(indent=2) + "\n"


def positions_path(loaded: LoadedAssignment) -> Path:
    return loaded.folder / GOLDEN_DIR / POSITIONS_FILE


def load_positions(loaded: LoadedAssignment) -> Positions:
    """The positions ``grader build`` drew; GraderError saying to build if they are not."""
    path = positions_path(loaded)
    try:
        return Positions.model_validate_json(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise GraderError(f"{path}: missing or unreadable; run `grader build -a "
                          f"{loaded.folder}`") from None


def grade_properties(*, submission: Path, loaded: LoadedAssignment,
                     specs: list[PropertySpec], sandbox: str,
                     require_isolation: bool = False) -> list[TestResult]:
    """Each property test of ``specs``, asked of ``submission``'s evaluation in one
    sandbox."""
    if not specs:  # an agents assignment, or only matches chosen
        return []
    rules, play = loaded.spec.evaluation, loaded.spec.play
    assert rules is not None and play is not None
    game = grid_game(play.game)
    drawn = load_positions(loaded)
    spec = PlayerSpec.evaluation(submission, depth=rules.depth, entry=loaded.spec.entry)
    # each call within call_s; the sandbox's CPU for every call the tests may make
    most = ASKED * (len(drawn.going_on) + len(drawn.ended)) * rules.call_s
    clock = ClockRule(move_s=most, game_s=most, call_s=rules.call_s)
    seat = EvaluationSeat(spec, game, clock, sandbox, require_isolation=require_isolation)
    with seat:
        def ask(board: str, player: int) -> float:
            seat.used = 0.0  # a property's calls: each within call_s, none charged further
            return seat.value(board, player)

        return [_one(test, ask, game, drawn, rules) for test in specs]


def _one(test: PropertySpec, ask: Ask, game: BoardGame, drawn: Positions,
         rules: EvaluationRules) -> TestResult:
    started = time.perf_counter()
    detail = None
    try:
        problem = CHECKS[test.property](ask, game, drawn, rules)
        status: Status = "passed" if problem is None else "failed"
    except EvaluationFailed as failed:
        result, detail = failed.result, failed.result.detail
        wrong = result.fault == "return" and test.property == "bounds"  # what it checks
        status = ("failed" if wrong else "timeout" if result.status == "timeout" else
                  "sandbox_error" if result.status == "sandbox_error" else "error")
        said = result.message or "failed"
        ours = result.status == "sandbox_error"
        problem = (said if ours else f"your evaluate {said}" if result.fault in (
            "call", "return") else f"your evaluate failed: {said}", [])
    message, boards = problem if problem is not None else (None, [])
    return TestResult(name=test.name, status=status,
                      score=test.points if status == "passed" else 0.0,
                      max_score=test.points, time_s=round(time.perf_counter() - started, 6),
                      message=message, feedback=boards,
                      detail=detail, visibility=test.visibility)


Problem = tuple[str, list[str]] | None  # what is wrong: a sentence, and the boards drawn


def _drawn(game: BoardGame, *boards: tuple[str, str]) -> list[str]:
    """Each board under its label, drawn as text."""
    return [line for label, board in boards
            for line in (f"{label}:", *("  " + row for row in game.text(board).splitlines()))]


def _board(game: BoardGame, board: str) -> str:
    return f"{board} ({PIECES[game.to_move(board)]} to move)" if not game.is_terminal(
        board) else f"{board} ({game.winner(board)} has won)"


def _wins(ask: Ask, game: BoardGame, drawn: Positions, rules: EvaluationRules) -> Problem:
    for player, piece in enumerate(PIECES):
        won = [(ask(b, player), b) for b in drawn.ended if game.winner(b) == piece]
        lost = [(ask(b, player), b) for b in drawn.ended if game.winner(b) != piece]
        if not won or not lost:  # positions drawn with no win for one player: nothing to rank
            continue
        worst_won, best_lost = min(won), max(lost)
        if worst_won[0] <= best_lost[0]:
            return (f"for {piece}, the position {_board(game, worst_won[1])} is a win and "
                    f"scores {worst_won[0]:g}, yet the loss {_board(game, best_lost[1])} "
                    f"scores {best_lost[0]:g}: a win must score above a loss",
                    _drawn(game, ("the win", worst_won[1]), ("the loss", best_lost[1])))
        for board in drawn.going_on:
            value = ask(board, player)
            if value > worst_won[0] or value < best_lost[0]:
                which, end = ("above", worst_won) if value > worst_won[0] else ("below",
                                                                                 best_lost)
                return (f"for {piece}, the position {_board(game, board)}, where the game "
                        f"goes on, scores {value:g}, {which} the "
                        f"{'win' if which == 'above' else 'loss'} {_board(game, end[1])} "
                        f"({end[0]:g}): a win must score at least as high as any position "
                        "where the game goes on, a loss at most as high",
                        _drawn(game, ("the position", board),
                               ("the win" if which == "above" else "the loss", end[1])))
    return None


def _zero_sum(ask: Ask, game: BoardGame, drawn: Positions,
              rules: EvaluationRules) -> Problem:
    for board in [*drawn.going_on, *drawn.ended]:
        for_x, for_o = ask(board, 0), ask(board, 1)
        if abs(for_x + for_o) > 1e-9 * max(1.0, abs(for_x), abs(for_o)):
            return (f"the position {_board(game, board)} scores {for_x:g} for x and "
                    f"{for_o:g} for o: the game is zero-sum, so o's value is x's negated "
                    f"({-for_x:g})", _drawn(game, ("the position", board)))
    return None


def mirror(board: str) -> str:
    """The board with left and right swapped."""
    return "/".join(row[::-1] for row in board.split("/"))


def _mirror(ask: Ask, game: BoardGame, drawn: Positions, rules: EvaluationRules) -> Problem:
    for board in drawn.going_on:
        image = mirror(board)
        if image == board:
            continue
        for player, piece in enumerate(PIECES):
            value, seen = ask(board, player), ask(image, player)
            if abs(value - seen) > 1e-9 * max(1.0, abs(value), abs(seen)):
                return (f"for {piece}, the position {_board(game, board)} scores {value:g} "
                        f"but its mirror image {image} scores {seen:g}: the rules are the "
                        "same from either side, so a board and its mirror are worth the same",
                        _drawn(game, ("the board", board), ("its mirror", image)))
    return None


def _bounds(ask: Ask, game: BoardGame, drawn: Positions, rules: EvaluationRules) -> Problem:
    for board in [*drawn.going_on, *drawn.ended]:
        for player, piece in enumerate(PIECES):
            value = ask(board, player)
            if abs(value) > rules.bound:
                return (f"for {piece}, the position {_board(game, board)} scores {value:g}, "
                        f"beyond the bound of {rules.bound:g} the assignment sets (wins and "
                        "losses included)", _drawn(game, ("the position", board)))
    return None


CHECKS: dict[str, Callable[[Ask, BoardGame, Positions, EvaluationRules], Problem]] = {
    "wins": _wins, "zero-sum": _zero_sum, "mirror": _mirror, "bounds": _bounds,
}
"""Each property's check: None when it holds, else a sentence and the boards concerned."""
