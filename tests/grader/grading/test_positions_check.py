"""Positions tests graded end to end: ``grader check`` in the local sandbox, where the
sandbox relays the game's calls and the grader's game answers them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from grader.cli import main

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def check(example: str, assignment: str, *tests: str, json_report: bool = False) -> tuple[int, str]:
    """``grader check`` of an example on the tests named (an option may follow them)."""
    args = ["check", str(EXAMPLES / example), "-a", assignment]
    for i, name in enumerate(tests):
        if name.startswith("--"):
            args += tests[i:]
            break
        args += ["--test", name]
    result = CliRunner().invoke(main, [*args, *(["--json"] if json_report else [])])
    return result.exit_code, result.output


@pytest.mark.parametrize(
    ("example", "assignment", "tests"),
    [
        # the tree assignments' correct searches pass on real games, unchanged
        pytest.param("minimax/correct.py", "tictactoe-minimax",
                     ("win-in-one", "o-must-block", "opening-depth-3"), id="minimax"),
        pytest.param("alphabeta/correct.py", "connect4-alphabeta",
                     ("win-in-one", "opening-strict", "double-threat"), id="alphabeta"),
    ],
)
def test_a_correct_tree_search_passes_on_positions(
    example: str, assignment: str, tests: tuple[str, ...]
) -> None:
    code, output = check(example, assignment, *tests)
    assert code == 0, output
    assert f"{len(tests)} of {len(tests)} tests passed" in output


def test_a_failure_on_a_long_search_is_explained_at_its_first_difference() -> None:
    # opening-depth-3 has 586 visits: its golden keeps counts and digests, and the
    # explanation runs the reference again to find the first board searched differently
    code, output = check("minimax/depth_off_by_one.py", "tictactoe-minimax", "opening-depth-3",
                         json_report=True)
    assert code == 1
    report = json.loads(output)
    (result,) = report["tests"]
    expanded = result["expected"]["expanded"]
    assert expanded["count"] == 1 + 9 + 72 and len(expanded["sha256"]) == 64
    assert result["got"]["expanded"]["count"] == 1 + 9
    said = "\n".join([result["message"], *result["feedback"]])
    assert "you evaluated xo./.../... (depth cut-off) but xo./.../... is at depth 2 of 3" in said
    assert "Known mistake: you search one ply less deep" in said


def test_a_missed_prune_is_shown_on_the_boards() -> None:
    code, output = check("connect4-alphabeta/no_pruning.py", "connect4-alphabeta", "win-in-one")
    assert code == 1
    # x wins in column 4 (1000 = beta one ply up): the other columns are pruned there
    assert ("after evaluating ......./......./......./xo...../ooo..../xxxx... = 1000 "
            "you evaluated ......./......./......./xo...../ooo..../xxx.x..") in output
    assert "1000 >= beta = 1000" in output
    assert ("on the Connect Four board, from the test's position: you were after x column 1, "
            "o column 2, x column 5; the reference was after x column 1, o column 3") in output


def test_the_html_report_draws_the_board_beside_the_tree(tmp_path: Path) -> None:
    code, _ = check("connect4-alphabeta/no_pruning.py", "connect4-alphabeta", "win-in-one",
                    "--report-dir", str(tmp_path))
    assert code == 1
    page = (tmp_path / "report.html").read_text()
    start = page.index('<div class="board">')
    board = page[start:page.index("</svg>", start)]
    assert "<title>Connect Four: ......./......./......./......./ooo..../xxx....</title>" in board
    assert (board.count("<circle"), board.count("<path")) == (3, 3)  # o, o, o; x, x, x
    assert '<p class="divergence">' in page
