"""The ``grader`` group: every command module is listed, and loaded only when used."""

from __future__ import annotations

import importlib
import subprocess
import sys

from click.testing import CliRunner

from grader.cli import _COMMANDS, main


def test_every_command_a_module_registers_is_listed() -> None:
    for module in set(_COMMANDS.values()):
        importlib.import_module(f"grader.cli.{module}")
    assert set(main.commands) == set(_COMMANDS)


def test_check_does_not_import_the_other_commands() -> None:
    code = (
        "import sys; from grader.cli import main\n"
        "main.get_command(None, 'check')\n"
        "print(sorted(m for m in sys.modules if m.startswith('grader.cli.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "['grader.cli.check']"


def test_help_lists_every_command() -> None:
    result = CliRunner().invoke(main, ["--help"])
    assert result.exit_code == 0
    for name in _COMMANDS:
        assert f"  {name} " in result.output


def test_an_unknown_command_is_a_usage_error() -> None:
    result = CliRunner().invoke(main, ["grdae"])
    assert result.exit_code == 2
    assert "No such command 'grdae'" in result.output


def test_check_prints_the_conventions_of_a_failing_test_beside_its_message() -> None:
    from pathlib import Path

    example = Path(__file__).resolve().parents[3] / "examples/alphabeta/prune_wrong_condition.py"
    result = CliRunner().invoke(main, [
        "check", str(example), "-a", "alphabeta", "--test", "equality-prunes",
        "--test", "equality-strict",
    ])
    assert result.exit_code == 1, result.output
    lines = result.output.splitlines()
    at = lines.index("equality-prunes:")
    assert lines[at + 1].startswith("  conventions: depth 2 (plies); game.prune_on_equality = True")
    assert "game.depth_unit = 'ply'" in lines[at + 1]
    # another search's convention, set at its default, is not alpha-beta's to print
    assert "beam_ranking" not in lines[at + 1]
    assert "C2" in lines[at + 2]  # the message follows
    assert "equality-strict:" not in lines  # a passing test prints nothing
