"""``grader play``: one game in the terminal, a board a move, and its replay."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from grader.cli import main
from grader.games import load_game
from grader.play.models import GameRecord

AGENT = "def choose(game, state, clock):\n    return game.actions(state)[0]\n"


def test_a_game_is_shown_move_by_move_and_its_replay_written(tmp_path: Path) -> None:
    (tmp_path / "agent.py").write_text(AGENT)
    replay = tmp_path / "game.json"
    result = CliRunner().invoke(main, [
        "play", str(tmp_path / "agent.py"), "alphabeta:1", "-g", "tictactoe",
        "--opening", "b2", "--move-s", "2", "-o", str(replay)])
    assert result.exit_code == 0, result.output
    record = GameRecord.model_validate_json(replay.read_text())
    assert record.opening == ["b2"] and record.players[1].name == "alphabeta:1"
    shown = [line for line in result.output.splitlines() if " plays " in line]
    assert len(shown) == len(record.moves) - 1  # a board after every move but the opening's
    assert load_game("tictactoe").text(record.final) in result.output
    assert f"result: {record.outcome} ({record.reason})" in result.output


def test_a_player_that_is_neither_a_path_nor_an_opponent_is_refused(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["play", str(tmp_path / "missing.py"), "random"])
    assert result.exit_code == 2
    assert "no such agent" in result.output and "alphabeta:N" in result.output
