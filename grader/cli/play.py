"""``grader play``: one game between two players, shown move by move in the terminal."""

from __future__ import annotations

from pathlib import Path

import click

from grader.cli import main, sandbox_option


@main.command()
@click.argument("agent")
@click.argument("opponent")
@click.option("-g", "--game", default="connect4", show_default=True,
              help="The game played (a name it does not know lists the games).")
@click.option("--move-s", type=click.FloatRange(min=0, min_open=True), default=1.0,
              show_default=True, help="Seconds one move may take.")
@click.option("--game-s", type=click.FloatRange(min=0, min_open=True), default=30.0,
              show_default=True, help="Seconds all of a player's moves may take.")
@click.option("--opening", default="", help="Moves played for both first, separated by "
              "spaces (e.g. '4 4').")
@click.option("--seed", type=int, default=0, show_default=True,
              help="The seed of the built-in opponents' random choices.")
@sandbox_option("Where an agent runs.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the game's record (a replay, JSON) here.")
@click.option("--quiet", is_flag=True, help="Show only the result, not a board per move.")
def play(agent: str, opponent: str, game: str, move_s: float, game_s: float, opening: str,
         seed: int, sandbox: str, output: Path | None, quiet: bool) -> None:
    """Play one game: AGENT (x, first) against OPPONENT (o). Each is the path of a
    submission that defines choose(game, state, clock), or a built-in opponent: random,
    greedy, alphabeta:N (the reference alpha-beta at N plies)."""
    from grader.play.terminal import play_in_terminal

    play_in_terminal(agent=agent, opponent=opponent, game=game, move_s=move_s,
                     game_s=game_s, opening=opening.split(), seed=seed,
                     sandbox="docker" if sandbox == "docker" else "local",
                     output=output, quiet=quiet)
