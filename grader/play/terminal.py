"""One game in the terminal (``grader play``): a board after every move, then the result,
and the record written as a replay."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Literal

import click

from grader.errors import GraderError
from grader.games import load_game
from grader.grading.sinks import for_terminal
from grader.play.models import ClockRule, GameRecord, PlayerSpec
from grader.play.referee import play_game


def play_in_terminal(
    *,
    agent: str,
    opponent: str,
    game: str,
    move_s: float,
    game_s: float,
    opening: Sequence[str] = (),
    seed: int = 0,
    sandbox: Literal["local", "docker"] = "local",
    output: Path | None = None,
    quiet: bool = False,
) -> GameRecord:
    """Play ``agent`` (x) against ``opponent`` (o), each a path or a built-in opponent's
    name, showing each move's board unless ``quiet``; write the record to ``output``."""
    players = (PlayerSpec.parse(agent), PlayerSpec.parse(opponent))
    for spec in players:
        if spec.kind == "agent" and not Path(spec.name).exists():
            raise GraderError(f"{spec.name}: no such agent; give a .py file or a folder "
                              "with agent.py, or a built-in opponent: random, greedy, "
                              "alphabeta:N")
    record = play_game(game=game, players=players, clock=ClockRule(move_s=move_s, game_s=game_s),
                       opening=opening, seed=seed, sandbox=sandbox,
                       on_move=None if quiet else _show)
    click.echo(for_terminal(describe(record)))
    if output is not None:
        output.write_text(record.model_dump_json(indent=2) + "\n", encoding="utf-8")
        click.echo(f"replay: {output}")
    return record


def _show(record: GameRecord) -> None:
    move = record.moves[-1]
    who = f"{'xo'[move.player]} ({record.players[move.player].label})"
    clock = "" if move.opening else f"  {move.time_s:.3f} s, {move.clock_left_s:.2f} s left"
    click.echo(for_terminal(f"{move.ply}. {who} plays {move.move}{clock}"))
    click.echo(load_game(record.game).text(record.final) + "\n")


def describe(record: GameRecord) -> str:
    """The end of a game in a few lines: who played, the final board, the result."""
    names = " vs ".join(f"{'xo'[i]}: {p.label}" for i, p in enumerate(record.players))
    board = load_game(record.game).text(record.final)
    return f"{names}\n{board}\nresult: {record.outcome} ({record.reason}): {record.message}"
