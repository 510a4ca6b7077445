"""``grader tournament``: one line per game off a terminal, the standings and files at the
end; Ctrl-C stops it with exit 130, and the same command continues it."""

from __future__ import annotations

import csv
import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from grader.cli import main
from grader.errors import EXIT_OK, EXIT_SIGINT, EXIT_USAGE
from grader.tournaments.records import GAMES
from tests.grader.tournaments.agents import write_agents


def agents_assignment(folder: Path, move_s: float = 2.0) -> Path:
    """A tic-tac-toe agents assignment with a small clock."""
    folder.mkdir(parents=True)
    spec = {
        "name": "tictactoe-agent", "entry": "choose",
        "play": {"game": "tictactoe", "move_s": move_s, "game_s": 10.0, "opening_plies": 1,
                 "seed": 3},
        "matches": [{"name": "vs-random", "opponent": "random", "games": 2,
                     "thresholds": [{"score": 0.5, "points": 1}]}],
    }
    (folder / "assignment.yaml").write_text(yaml.safe_dump(spec))
    return folder


def test_a_tournament_prints_a_line_per_game_and_the_standings(tmp_path: Path) -> None:
    write_agents(tmp_path / "subs", 3)
    assignment = agents_assignment(tmp_path / "a")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, [
        "tournament", str(tmp_path / "subs"), "-a", str(assignment), "-o", str(out),
        "--jobs", "2", "--allow-limits-only",
    ])
    assert result.exit_code == EXIT_OK, result.output
    assert "playing 6 game(s) (0 kept from an earlier run)" in result.stderr
    assert result.stderr.count("] r00") == 6
    assert "   1. " in result.stdout and "crash" in result.stdout
    rows = list(csv.DictReader(io.StringIO((out / "crosstable.csv").read_text())))
    assert sorted(r["entrant"] for r in rows) == ["crash", "greedy", "pick0"]
    assert len(list((out / GAMES).glob("*.json"))) == 6


def test_an_assignment_of_tests_is_refused(tmp_path: Path) -> None:
    write_agents(tmp_path / "subs", 2)
    result = CliRunner().invoke(main, [
        "tournament", str(tmp_path / "subs"), "-a", "alphabeta", "-o", str(tmp_path / "o"),
    ])
    assert result.exit_code == EXIT_USAGE
    assert "not an agents assignment" in result.output


@pytest.mark.slow
def test_ctrl_c_stops_it_and_the_same_command_continues(tmp_path: Path) -> None:
    write_agents(tmp_path / "subs", 4)
    assignment = agents_assignment(tmp_path / "a")
    command = [sys.executable, "-m", "grader.cli", "tournament", str(tmp_path / "subs"),
               "-a", str(assignment), "-o", str(tmp_path / "out"), "--allow-limits-only"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env={**os.environ, "COLUMNS": "120"})
    assert process.stderr is not None
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:  # the first game's line, then Ctrl-C
        if process.stderr.readline().startswith("[1/"):
            break
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == EXIT_SIGINT, err
    assert "run the same command again" in err
    played = len(list((tmp_path / "out" / GAMES).glob("*.json")))
    assert 1 <= played < 12
    again = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    assert again.returncode == EXIT_OK, again.stderr
    assert f"({played} kept from an earlier run)" in again.stderr
    assert len(list((tmp_path / "out" / GAMES).glob("*.json"))) == 12


def test_the_live_board_shows_the_leaders_names_made_safe() -> None:
    from rich.console import Console
    from rich.progress import Progress

    from grader.cli.standings import Board, result_line
    from grader.tournaments.run import Table
    from tests.grader.tournaments.test_ratings import game

    name = "[bold red]evil\x1b[2J"
    table = Table([name, "bob"])
    played = game("r001-p0000-a", name, "bob", "first", reason="x wins\x1b]0;t\x07")
    table.add(played)
    board = Board(Progress())
    board.planned(2, 0)
    board.finished(played, table)
    console = Console(record=True, width=120, force_terminal=False)
    console.print(board.render())
    shown = console.export_text()
    assert "[bold red]evil\\x1b[2J" in shown and "50%" in shown  # one game of two
    line = result_line(played)
    assert "\x1b" not in line and "\x07" not in line and "beat bob" in line
